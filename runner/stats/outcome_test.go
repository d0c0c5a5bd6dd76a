package stats

import "testing"

func TestPairOutcomeIndexesByPairPoints(t *testing.T) {
	for _, c := range []struct {
		first, second float64
		want          int
	}{
		{0, 0, 0},     // LL
		{0, 0.5, 1},   // LD
		{0.5, 0, 1},   // DL
		{1, 0, 2},     // WL
		{0, 1, 2},     // LW
		{0.5, 0.5, 2}, // DD
		{1, 0.5, 3},   // WD
		{0.5, 1, 3},   // DW
		{1, 1, 4},     // WW
		{0.25, 1, -1}, // not a game score
		{1, 2, -1},
		{-1, 0, -1},
	} {
		if got := PairOutcome(c.first, c.second); got != c.want {
			t.Errorf("PairOutcome(%v, %v) = %d, want %d", c.first, c.second, got, c.want)
		}
	}
}

func TestAddCountsGamesAndRejectsOtherScores(t *testing.T) {
	var tri Trinomial
	for _, s := range []float64{1, 1, 0.5, 0} {
		if err := tri.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := tri.Add(0.7); err == nil {
		t.Error("Trinomial.Add(0.7) succeeded")
	}
	if want := (Trinomial{Wins: 2, Draws: 1, Losses: 1}); tri != want {
		t.Errorf("Trinomial = %+v, want %+v", tri, want)
	}

	var p Pentanomial
	for _, pair := range [][2]float64{{1, 0}, {0.5, 0.5}, {1, 1}, {0, 0.5}} {
		if err := p.Add(pair[0], pair[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Add(1, 1.5); err == nil {
		t.Error("Pentanomial.Add(1, 1.5) succeeded")
	}
	if want := (Pentanomial{0, 1, 2, 0, 1}); p != want {
		t.Errorf("Pentanomial = %v, want %v", p, want)
	}
	if p.Pairs() != 4 {
		t.Errorf("Pairs() = %d, want 4", p.Pairs())
	}
}
