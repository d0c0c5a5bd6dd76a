package compat

import "testing"

// Qt prints a value exactly halfway away from zero: cutechess-cli 1.2.0
// printed [0.563] for 4.5 points of 8.
func TestQtFixedRoundsHalfwayAwayFromZero(t *testing.T) {
	for _, c := range []struct {
		x    float64
		prec int
		want string
	}{
		{0.5625, 3, "0.563"}, {-0.5625, 3, "-0.563"}, {0.0625, 3, "0.063"}, {2.5, 0, "3"},
		{0.5624, 3, "0.562"}, {1.0005, 3, "1.000"}, {0.6, 3, "0.600"}, {0, 1, "0.0"},
	} {
		if got := qtFixed(c.x, c.prec); got != c.want {
			t.Errorf("qtFixed(%v, %d) = %s, want %s", c.x, c.prec, got, c.want)
		}
	}
}
