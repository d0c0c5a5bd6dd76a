package engine

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// A capture that wins a queen beats beta by far more than the margin and
// settles the node; a position whose captures win nothing, or whose only
// winning capture falls short of the raised beta, is left to the full search.
func TestProbCutTakesOnlyCapturesThatProveTheCut(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		margin    int // beta, from the static evaluation
		want      bool
	}{
		{"a pawn takes a loose queen", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", 0, true},
		{"no captures at all", chess.StartFEN, 0, false},
		{"a pawn won, beta a rook above", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 500, false},
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSearcher(8)
		s.TT.Warm() // as isready does: the table is made on first use
		s.pos = p
		raw := s.evaluate(p)
		beta := raw + c.margin
		sc, ok := s.probCut(beta, 6, 1, raw, raw, ttEntry{}, false, chess.NoMove)
		if ok != c.want {
			t.Errorf("%s: probCut %v (score %d), want %v", c.name, ok, sc, c.want)
		}
		if ok && sc < beta+probCutMargin {
			t.Errorf("%s: cut with %d, below the raised beta %d", c.name, sc, beta+probCutMargin)
		}
	}
}
