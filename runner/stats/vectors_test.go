package stats

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"
)

// vectors mirrors testdata/stats-vectors.json, reference values computed
// independently of this package (and cross-checked against fishtest).
type vectors struct {
	Elo []struct {
		Wins, Draws, Losses int
		Pentanomial         *Pentanomial
		Elo, Elo95, LOS     float64
		NElo, Score         float64
	}
	SPRT []struct {
		Model                   string
		Elo0, Elo1, Alpha, Beta float64
		LLR, Lower, Upper       float64
		Decision                string
		Wins, Draws, Losses     int
		Pentanomial             *Pentanomial
	}
}

func loadVectors(t *testing.T) vectors {
	t.Helper()
	raw, err := os.ReadFile("testdata/stats-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("testdata/stats-vectors.json: %v", err)
	}
	if len(v.Elo) == 0 || len(v.SPRT) == 0 {
		t.Fatal("testdata/stats-vectors.json: no vectors")
	}
	return v
}

// sameTo6 reports whether got matches want to 6 significant digits. Values
// the reference printed as float noise around zero (like 7.7e-14 for an even
// score) carry no digits, so below 1e-9 an absolute comparison applies.
func sameTo6(got, want float64) bool {
	return math.Abs(got-want) <= 5e-6*math.Abs(want)+1e-9
}

func TestEstimateMatchesReferenceVectors(t *testing.T) {
	for _, v := range loadVectors(t).Elo {
		var e Estimate
		name := fmt.Sprintf("W%d-D%d-L%d", v.Wins, v.Draws, v.Losses)
		if v.Pentanomial != nil {
			e = v.Pentanomial.Estimate()
			name = fmt.Sprint("ptnml", *v.Pentanomial)
		} else {
			e = Trinomial{v.Wins, v.Draws, v.Losses}.Estimate()
		}
		t.Run(name, func(t *testing.T) {
			for _, c := range []struct {
				field     string
				got, want float64
			}{
				{"Score", e.Score, v.Score},
				{"Elo", e.Elo, v.Elo},
				{"Elo95", e.Elo95, v.Elo95},
				{"LOS", e.LOS, v.LOS},
				{"NElo", e.NElo, v.NElo},
			} {
				if !sameTo6(c.got, c.want) {
					t.Errorf("%s = %.7g, want %.6g", c.field, c.got, c.want)
				}
			}
		})
	}
}

func TestSPRTMatchesReferenceVectors(t *testing.T) {
	for _, v := range loadVectors(t).SPRT {
		model, err := ParseModel(v.Model)
		if err != nil {
			t.Fatal(err)
		}
		s := SPRT{Elo0: v.Elo0, Elo1: v.Elo1, Alpha: v.Alpha, Beta: v.Beta, Model: model}
		var llr float64
		name := fmt.Sprintf("%v[%g,%g]/W%d-D%d-L%d", model, v.Elo0, v.Elo1, v.Wins, v.Draws, v.Losses)
		if v.Pentanomial != nil {
			llr = s.LLRPentanomial(*v.Pentanomial)
			name = fmt.Sprintf("%v[%g,%g]/ptnml%v", model, v.Elo0, v.Elo1, *v.Pentanomial)
		} else {
			llr = s.LLR(Trinomial{v.Wins, v.Draws, v.Losses})
		}
		t.Run(name, func(t *testing.T) {
			lower, upper := s.Bounds()
			if !sameTo6(llr, v.LLR) {
				t.Errorf("LLR = %.7g, want %.6g", llr, v.LLR)
			}
			if !sameTo6(lower, v.Lower) || !sameTo6(upper, v.Upper) {
				t.Errorf("Bounds = %.7g, %.7g, want %.6g, %.6g", lower, upper, v.Lower, v.Upper)
			}
			if got := s.Decide(llr).String(); got != v.Decision {
				t.Errorf("Decide(%g) = %s, want %s", llr, got, v.Decision)
			}
		})
	}
}
