package engine

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// The continuation tables hold int16s: gravity must keep every entry within
// range however long a run of rewards or penalties lasts, or an entry would
// wrap round to the other sign and order the best reply last.
func TestHistoryGravityStaysInRange(t *testing.T) {
	for _, bonus := range []int32{1, 9, 100, 400} {
		for _, sign := range []int32{1, -1} {
			v := int32(0)
			for range 10000 {
				v = gravity(v, sign*bonus)
				if v > 16384 || v < -16384 {
					t.Fatalf("bonus %d: entry reached %d", sign*bonus, v)
				}
			}
			if v*sign < 8192 {
				t.Errorf("bonus %d: entry stuck at %d after 10000 updates", sign*bonus, v)
			}
		}
	}
}

func TestPieceToNamesEveryPieceAndSquareApart(t *testing.T) {
	seen := map[pieceTo]bool{}
	for c := chess.White; c <= chess.Black; c++ {
		for pt := chess.Pawn; pt <= chess.King; pt++ {
			for sq := chess.Square(0); sq < 64; sq++ {
				i := pieceToOf(chess.MakePiece(c, pt), sq)
				if i >= noPieceTo || seen[i] {
					t.Fatalf("%v%v on %v: index %d out of range or taken", c, pt, sq, i)
				}
				seen[i] = true
			}
		}
	}
}

// A search starts from the last one's butterfly history, divided by
// historyCarry.
func TestSearchCarriesTheHistoryOver(t *testing.T) {
	p, err := chess.ParseFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(1)
	a1, h8 := chess.Square(0), chess.Square(63)
	s.history[chess.White][a1][h8] = 1000 // no move of this search can change it
	s.Search(p, Limits{Depth: 1})
	if got := s.history[chess.White][a1][h8]; got != 1000/historyCarry {
		t.Errorf("history %d after a search, want %d", got, 1000/historyCarry)
	}
}
