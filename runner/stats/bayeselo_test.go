package stats

import (
	"math"
	"testing"
)

// The values come from a separate transcription of cutechess-cli's
// Sprt::status (projects/lib/src/sprt.cpp) in Python.
func TestBayesEloLLRMatchesCutechess(t *testing.T) {
	for _, c := range []struct {
		w, l, d    int
		elo0, elo1 float64
		want       float64
	}{
		{100, 80, 120, 0, 5, 0.4290069371745525},
		{30, 50, 20, -1.5, 4.5, -0.44699433001346084},
		{0, 0, 0, 0, 5, -0.00023298678374228973},
		{500, 400, 1100, 0, 2, 1.2104904823000997},
	} {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05, Model: BayesElo}
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		got := s.LLR(Trinomial{Wins: c.w, Losses: c.l, Draws: c.d})
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("W%d L%d D%d [%v, %v]: llr %v, want %v", c.w, c.l, c.d, c.elo0, c.elo1, got, c.want)
		}
	}
}

func TestBayesEloLLRGrowsWithWins(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: BayesElo}
	prev := math.Inf(-1)
	for w := 0; w <= 200; w += 20 {
		llr := s.LLR(Trinomial{Wins: w, Losses: 100, Draws: 100})
		if !(llr > prev) {
			t.Fatalf("%d wins: llr %v not above %v", w, llr, prev)
		}
		prev = llr
	}
	if m, err := ParseModel("bayesian"); err != nil || m != BayesElo || m.String() != "bayesian" {
		t.Fatalf("ParseModel(bayesian) = %v, %v", m, err)
	}
}
