package engine

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/autoplay/autoplay/engine/chess"
)

// BenchmarkEvaluate times the static evaluation over the bench positions.
func BenchmarkEvaluate(b *testing.B) {
	var ps []*chess.Position
	for _, fen := range benchFENs {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	b.ReportAllocs()
	sum := 0
	for i := 0; b.Loop(); i++ {
		sum += Evaluate(ps[i%len(ps)])
	}
	_ = sum
}

// mirrorFEN swaps the colours of a position: the board upside down, every
// piece the other colour, the other side to move.
func mirrorFEN(t *testing.T, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	if len(f) < 4 {
		t.Fatalf("short FEN %q", fen)
	}
	ranks := strings.Split(f[0], "/")
	slices.Reverse(ranks)
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case unicode.IsUpper(r):
				return unicode.ToLower(r)
			case unicode.IsLower(r):
				return unicode.ToUpper(r)
			}
			return r
		}, s)
	}
	side := map[string]string{"w": "b", "b": "w"}[f[1]]
	castle := f[2]
	if castle != "-" {
		c := []byte(swap(castle))
		slices.Sort(c) // upper case (White's) first
		castle = string(c)
	}
	ep := f[3]
	if ep != "-" {
		ep = string(ep[0]) + map[byte]string{'3': "6", '6': "3"}[ep[1]]
	}
	return strings.Join(append([]string{swap(strings.Join(ranks, "/")), side, castle, ep}, f[4:]...), " ")
}

// The evaluation is the same for either colour: every term written for
// "us" (ranks, squares ahead, pawn attacks) must mirror for Black.
func TestEvaluateIsColourSymmetric(t *testing.T) {
	fens := append([]string{
		"8/3k4/8/2pP4/2P5/8/5K2/8 w - - 0 1",                               // passers, kings racing
		"r1bq1rk1/pp3ppp/2n1p3/3pP3/1b1P4/2NB1N2/PP3PPP/R2QK2R w KQ - 0 1", // outposts, threats
		"4k3/8/8/3n4/2P1P3/8/8/4K3 b - - 0 1",                              // a knight attacked by pawns
		"6k1/5ppp/8/8/8/8/P4PPP/6K1 w - - 0 1",
		"6k1/5p1p/6p1/6NQ/8/8/5PPP/6K1 w - - 0 1",                          // king danger: weak squares, a safe check
		"r4rk1/1b3pp1/p3p2p/1p1nP1q1/3N4/P1PB2PP/1P1Q1P2/R3R1K1 b - - 0 1", // shelter and storm
		"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",     // en passant
	}, benchFENs...)
	for _, fen := range fens {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		m := mirrorFEN(t, fen)
		q, err := chess.ParseFEN(m)
		if err != nil {
			t.Fatalf("%s: mirrored %q: %v", fen, m, err)
		}
		if a, b := Evaluate(p), Evaluate(q); a != b {
			t.Errorf("%s: %d, mirrored (%s): %d", fen, a, m, b)
		}
	}
}

// The shifted sets must equal the union of each pawn's own attacks.
func TestPawnAttacksMatchEachPawns(t *testing.T) {
	for c := chess.White; c <= chess.Black; c++ {
		for sq := chess.Square(8); sq < 56; sq++ {
			for _, other := range []chess.Square{0, 15, 24, 39, 48, 63} {
				pawns := chess.SquareSet(sq) | chess.SquareSet(other)
				want := chess.PawnAttacks(c, sq) | chess.PawnAttacks(c, other)
				if got := pawnAttacks(c, pawns); got != want {
					t.Fatalf("colour %d, pawns on %v and %v: got %x, want %x", c, sq, other, uint64(got), uint64(want))
				}
			}
		}
	}
}
