package proc

import (
	"strings"
	"testing"
)

func TestWorkerCPUsShareTheMachine(t *testing.T) {
	var four, two CPUSet
	for c := range 4 {
		four.add(c)
	}
	two.add(2)
	two.add(5)
	for _, tc := range []struct {
		allowed CPUSet
		workers int
		want    string
	}{
		{four, 1, "0,1,2,3"},
		{four, 2, "0,1 2,3"},
		{four, 3, "0 1 2"},
		{two, 2, "2 5"},
		{two, 3, "2 5 2"},
	} {
		var got []string
		for _, s := range ShareCPUs(tc.allowed, tc.workers) {
			got = append(got, s.String())
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s with %d workers: %q, want %q", &tc.allowed, tc.workers, got, tc.want)
		}
	}
}
