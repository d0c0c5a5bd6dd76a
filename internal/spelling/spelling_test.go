package spelling

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"Hash", "Hash", 0},
		{"-engne", "-engine", 1}, // a letter left out
		{"Hsh", "Hash", 1},
		{"Hahs", "Hash", 1}, // two letters swapped: one edit
		{"Threads", "Thraeds", 1},
		{"abc", "", 3},
		{"kitten", "sitting", 3},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
