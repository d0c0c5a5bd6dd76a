package game

import (
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

func playAll(t *testing.T, b Board, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := b.Play(protocol.MustParseMove(m)); err != nil {
			t.Fatalf("play %s in %s: %v", m, b.FEN(), err)
		}
	}
}

// rulesCores are the implementations every rules test runs against.
var rulesCores = []struct {
	name  string
	rules Rules
}{{"notnil", NotnilRules{}}, {"bitboard", BitboardRules{}}}

// forEachRules runs a test once per rules core.
func forEachRules(t *testing.T, test func(t *testing.T, newBoard func(fen string) Board)) {
	for _, core := range rulesCores {
		t.Run(core.name, func(t *testing.T) {
			test(t, func(fen string) Board {
				t.Helper()
				b, err := core.rules.NewBoard(fen)
				if err != nil {
					t.Fatal(err)
				}
				return b
			})
		})
	}
}

func TestGameStatusByTheRules(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		moves []string
		want  Status
	}{
		{"fool's mate", "", []string{"f2f3", "e7e5", "g2g4", "d8h4"}, Checkmate},
		{"start position is ongoing", "", nil, Ongoing},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", []string{"g6h6"}, Stalemate},
		{"bare kings", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", nil, InsufficientMaterial},
		{"king and knight", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", nil, InsufficientMaterial},
		{"bishops on one colour", "8/8/4k3/8/3b4/3K4/8/2B5 w - - 0 1", nil, InsufficientMaterial},
		{"bishops on both colours can mate", "8/8/4k3/8/3b4/3K4/8/1B6 w - - 0 1", nil, Ongoing},
		{"two knights stay in play", "8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1", nil, Ongoing},
		{"a pawn can mate", "8/8/4k3/8/8/3K4/3P4/8 w - - 0 1", nil, Ongoing},
		{"capture into bare kings", "8/8/4k3/8/8/3K4/4r3/8 w - - 0 1", []string{"d3e2"}, InsufficientMaterial},
		{"fifty moves", "8/8/4k3/8/8/3K4/8/R7 w - - 99 80", []string{"a1a2"}, FiftyMoves},
		{"fifty moves reset by a pawn move", "8/8/4k3/8/8/3K4/P7/R7 w - - 99 80", []string{"a2a3"}, Ongoing},
		{"mate on the hundredth half-move is mate", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", []string{"a1a8"}, Checkmate},
		{"threefold by knights", "", []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}, ThreefoldRepetition},
		{"twofold is not enough", "", []string{"g1f3", "g8f6", "f3g1", "f6g8"}, Ongoing},
	}
	forEachRules(t, func(t *testing.T, newBoard func(string) Board) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				b := newBoard(tt.fen)
				playAll(t, b, tt.moves...)
				if got := b.Status(); got != tt.want {
					t.Errorf("status = %d, want %d (FEN %s)", got, tt.want, b.FEN())
				}
			})
		}
	})
}

// After 1.e4 the FEN shows e3, but no black pawn can take en passant, so the
// position is the same as when it recurs later by knight moves: FIDE counts
// it as a repetition (notnil/chess's Game does not).
func TestRepetitionIgnoresEnPassantSquareWhenNoCaptureIsPossible(t *testing.T) {
	forEachRules(t, func(t *testing.T, newBoard func(string) Board) {
		b := newBoard("")
		playAll(t, b, "e2e4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1")
		if got := b.Status(); got != ThreefoldRepetition {
			t.Fatalf("status = %d, want threefold repetition (FEN %s)", got, b.FEN())
		}
	})
}

// When an en-passant capture is possible, the position with that right
// differs from the same placement later without it.
func TestRepetitionCountsEnPassantWhenCaptureIsPossible(t *testing.T) {
	forEachRules(t, func(t *testing.T, newBoard func(string) Board) {
		b := newBoard("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
		// c2c4 allows dxc3 e.p.; then knights dance twice back to the same placement.
		playAll(t, b, "c2c4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1")
		if got := b.Status(); got != Ongoing {
			t.Fatalf("status = %d, want ongoing: the first occurrence had an en-passant capture", got)
		}
		playAll(t, b, "g8f6", "g1f3", "f6g8", "f3g1")
		if got := b.Status(); got != ThreefoldRepetition {
			t.Fatalf("status = %d, want threefold repetition", got)
		}
	})
}

func TestCastlingRightsMakePositionsDifferent(t *testing.T) {
	forEachRules(t, func(t *testing.T, newBoard func(string) Board) {
		b := newBoard("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
		// The king walks out and back: same placement, but castling rights are gone.
		playAll(t, b, "e1f1", "e8f8", "f1e1", "f8e8", "e1f1", "e8f8", "f1e1", "f8e8")
		if got := b.Status(); got != Ongoing {
			t.Fatalf("status = %d, want ongoing: only two repetitions without castling rights", got)
		}
		playAll(t, b, "e1f1", "e8f8", "f1e1", "f8e8")
		if got := b.Status(); got != ThreefoldRepetition {
			t.Fatalf("status = %d, want threefold repetition", got)
		}
	})
}

func TestIllegalMovesAreRejected(t *testing.T) {
	forEachRules(t, func(t *testing.T, newBoard func(string) Board) {
		b := newBoard("")
		for _, m := range []string{"e2e5", "e7e5", "e1g1", "a1a3", "0000"} {
			if _, err := b.Play(protocol.MustParseMove(m)); err != ErrIllegalMove {
				t.Errorf("Play(%s) = %v, want ErrIllegalMove", m, err)
			}
		}
		if b.Turn() != White {
			t.Errorf("an illegal move changed the side to move")
		}
	})
}

func TestSANSpellsMoves(t *testing.T) {
	forEachRules(t, func(t *testing.T, newBoard func(string) Board) {
		b := newBoard("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
		for m, want := range map[string]string{"e1g1": "O-O", "e1c1": "O-O-O", "b7a8q": "bxa8=Q+", "a1a7": "Ra7", "b7b8n": "b8=N"} {
			got, err := b.SAN(protocol.MustParseMove(m))
			if err != nil || got != want {
				t.Errorf("SAN(%s) = %q, %v; want %q", m, got, err, want)
			}
		}
	})
}

func TestBadFENIsAnError(t *testing.T) {
	for _, core := range rulesCores {
		if _, err := core.rules.NewBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"); err == nil {
			t.Errorf("%s: want an error for a FEN with 7 ranks", core.name)
		}
	}
}
