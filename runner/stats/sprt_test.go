package stats

import (
	"math"
	"strings"
	"testing"
)

func TestParseModelReadsTheNamesAndRejectsOthers(t *testing.T) {
	for in, want := range map[string]Model{"logistic": Logistic, "Normalized": Normalized, " normalised ": Normalized, "bayesian": BayesElo, "BayesElo": BayesElo} {
		if got, err := ParseModel(in); err != nil || got != want {
			t.Errorf("ParseModel(%q) = %v, %v, want %v", in, got, err, want)
		}
		if got, _ := ParseModel(want.String()); got != want {
			t.Errorf("ParseModel(%v.String()) = %v", want, got)
		}
	}
	if _, err := ParseModel("bayes-elo"); err == nil || !strings.Contains(err.Error(), "bayes-elo") {
		t.Errorf("ParseModel(bayes-elo) error = %v, want one naming the input", err)
	}
}

func TestDecideStopsAtOrBeyondTheBounds(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}
	lower, upper := s.Bounds()
	if !sameTo6(lower, math.Log(0.1/0.95)) || !sameTo6(upper, math.Log(0.9/0.05)) {
		t.Fatalf("Bounds() = %v, %v", lower, upper)
	}
	for _, c := range []struct {
		llr  float64
		want Decision
	}{
		{lower - 1, AcceptH0},
		{lower, AcceptH0},
		{math.Nextafter(lower, 0), Continue},
		{0, Continue},
		{math.Nextafter(upper, 0), Continue},
		{upper, AcceptH1},
		{upper + 1, AcceptH1},
		{math.NaN(), Continue},
	} {
		if got := s.Decide(c.llr); got != c.want {
			t.Errorf("Decide(%v) = %v, want %v", c.llr, got, c.want)
		}
	}
}

func TestValidateRejectsUnusableParameters(t *testing.T) {
	good := SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05, Model: Normalized}
	if err := good.Validate(); err != nil {
		t.Errorf("Validate(%+v) = %v", good, err)
	}
	for _, bad := range []SPRT{
		{Elo0: 2, Elo1: 0, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 0, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 2, Alpha: 0, Beta: 0.05},
		{Elo0: 0, Elo1: 2, Alpha: 0.6, Beta: 0.5},
		{Elo0: 0, Elo1: math.Inf(1), Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05, Model: 7},
	} {
		if err := bad.Validate(); err == nil {
			t.Errorf("Validate(%+v) succeeded", bad)
		}
	}
}

// Swapping the engines mirrors the result and the hypotheses: the test of
// [-elo1, -elo0] on the mirrored data is the exact negative of the original.
func TestLLRIsAntisymmetricWhenTheEnginesSwap(t *testing.T) {
	tri, triSwapped := Trinomial{716, 2163, 591}, Trinomial{591, 2163, 716}
	penta, pentaSwapped := Pentanomial{0, 30, 130, 40, 8}, Pentanomial{8, 40, 130, 30, 0}
	for _, m := range []Model{Logistic, Normalized} {
		s := SPRT{Elo0: 0.5, Elo1: 3, Alpha: 0.05, Beta: 0.05, Model: m}
		mirror := SPRT{Elo0: -3, Elo1: -0.5, Alpha: 0.05, Beta: 0.05, Model: m}
		if a, b := s.LLR(tri), mirror.LLR(triSwapped); math.IsNaN(a) || math.Abs(a+b) > 1e-9 {
			t.Errorf("%v trinomial: %v and %v", m, a, b)
		}
		if a, b := s.LLRPentanomial(penta), mirror.LLRPentanomial(pentaSwapped); math.IsNaN(a) || math.Abs(a+b) > 1e-9 {
			t.Errorf("%v pentanomial: %v and %v", m, a, b)
		}
	}
}

func TestLLRGrowsWithWinsAndVanishesForEqualHypotheses(t *testing.T) {
	for _, m := range []Model{Logistic, Normalized} {
		s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: m}
		prev := math.Inf(-1)
		for wins := 100; wins <= 200; wins += 20 {
			llr := s.LLR(Trinomial{Wins: wins, Draws: 300, Losses: 150})
			if !(llr > prev) {
				t.Errorf("%v: LLR at %d wins = %v, not above %v", m, wins, llr, prev)
			}
			prev = llr
		}
		same := SPRT{Elo0: 3, Elo1: 3, Alpha: 0.05, Beta: 0.05, Model: m}
		if llr := same.LLRPentanomial(Pentanomial{5, 30, 130, 40, 8}); math.Abs(llr) > 1e-12 {
			t.Errorf("%v: LLR for elo0 == elo1 = %v, want 0", m, llr)
		}
	}
}

func BenchmarkLLRPentanomialNormalized(b *testing.B) {
	b.ReportAllocs()
	s := SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05, Model: Normalized}
	p := Pentanomial{1187, 7410, 13475, 7378, 1164}
	for b.Loop() {
		_ = s.LLRPentanomial(p)
	}
}

func BenchmarkLLRTrinomialLogistic(b *testing.B) {
	b.ReportAllocs()
	s := SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05, Model: Logistic}
	tri := Trinomial{12000, 30000, 11000}
	for b.Loop() {
		_ = s.LLR(tri)
	}
}

// Bounds so far out that the likelihood ratio cannot be computed (it was
// printed as NaN) are refused, as infinite ones are.
func TestSPRTRefusesBoundsBeyondAnyScore(t *testing.T) {
	for _, s := range []SPRT{
		{Elo0: 0, Elo1: 1e9, Alpha: 0.05, Beta: 0.05},
		{Elo0: -1e9, Elo1: 5, Alpha: 0.05, Beta: 0.05},
	} {
		if err := s.Validate(); err == nil {
			t.Errorf("%+v accepted", s)
		}
		s.Elo0, s.Elo1 = -MaxSPRTElo, MaxSPRTElo
		if err := s.Validate(); err != nil {
			t.Errorf("±%v refused: %v", MaxSPRTElo, err)
		}
		if llr := s.LLR(Trinomial{Wins: 10, Draws: 5, Losses: 3}); llr != llr {
			t.Errorf("LLR at ±%v is NaN", MaxSPRTElo)
		}
	}
}
