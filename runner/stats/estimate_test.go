package stats

import (
	"math"
	"testing"
)

func TestEstimateWithoutGamesIsNeutral(t *testing.T) {
	for name, e := range map[string]Estimate{
		"trinomial":   Trinomial{}.Estimate(),
		"pentanomial": Pentanomial{}.Estimate(),
	} {
		if e.Games != 0 || e.Score != 0.5 || math.Abs(e.Elo) > 1e-9 || e.LOS != 0.5 || e.DrawRatio != 0 {
			t.Errorf("%s: %+v, want 0 games at score 0.5, Elo 0, LOS 0.5", name, e)
		}
	}
}

func TestEstimateCountsGamesAndDraws(t *testing.T) {
	tri := Trinomial{Wins: 3, Draws: 5, Losses: 2}.Estimate()
	if tri.Games != 10 || tri.DrawRatio != 0.5 {
		t.Errorf("trinomial: Games %d DrawRatio %v, want 10 and 0.5", tri.Games, tri.DrawRatio)
	}
	penta := Pentanomial{1, 2, 4, 2, 1}.Estimate()
	if penta.Games != 20 || penta.DrawRatio != 0.4 {
		t.Errorf("pentanomial: Games %d DrawRatio %v, want 20 and 0.4 (drawn pairs)", penta.Games, penta.DrawRatio)
	}
}

func TestEstimateOfOneSidedResultsStaysFinite(t *testing.T) {
	for _, tri := range []Trinomial{{Wins: 1}, {Wins: 3}, {Wins: 1000}, {Losses: 7}, {Draws: 2, Wins: 5}} {
		e := tri.Estimate()
		for _, v := range []float64{e.Elo, e.Elo95, e.LOS, e.NElo, e.NElo95} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("%+v: %+v has a non-finite value", tri, e)
				break
			}
		}
		if e.Elo95 < 0 {
			t.Errorf("%+v: negative Elo95 %v", tri, e.Elo95)
		}
		if (tri.Wins > tri.Losses) != (e.Elo > 0) {
			t.Errorf("%+v: Elo %v has the wrong sign", tri, e.Elo)
		}
	}
}

func TestEstimateIsAntisymmetricInTheEngines(t *testing.T) {
	a := Pentanomial{3, 10, 40, 20, 7}.Estimate()
	b := Pentanomial{7, 20, 40, 10, 3}.Estimate()
	if !sameTo6(a.Elo, -b.Elo) || !sameTo6(a.NElo, -b.NElo) || !sameTo6(a.LOS, 1-b.LOS) || !sameTo6(a.Elo95, b.Elo95) {
		t.Errorf("swapping the engines: %+v vs %+v", a, b)
	}
}

func TestEloAndScoreAreInverses(t *testing.T) {
	for _, elo := range []float64{-800, -35, 0, 0.5, 100, 1200} {
		if got := Elo(Score(elo)); math.Abs(got-elo) > 1e-9 {
			t.Errorf("Elo(Score(%v)) = %v", elo, got)
		}
	}
	if got := Score(400); !sameTo6(got, 10.0/11) {
		t.Errorf("Score(400) = %v, want 10/11", got)
	}
}

func BenchmarkPentanomialEstimate(b *testing.B) {
	b.ReportAllocs()
	p := Pentanomial{1187, 7410, 13475, 7378, 1164}
	for b.Loop() {
		_ = p.Estimate()
	}
}
