package spec

import (
	"reflect"
	"testing"
)

// cutechess-cli's round robin order (its RoundRobinTournament, recorded in
// compat/testdata/recorded/cutechess-roundrobin.out for three players).
func TestCirclePairingsFollowCutechessOrder(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want [][2]int
	}{
		{2, [][2]int{{0, 1}}},
		{3, [][2]int{{1, 2}, {0, 2}, {0, 1}}},
		{4, [][2]int{{0, 3}, {1, 2}, {0, 2}, {3, 1}, {0, 1}, {2, 3}}},
	} {
		if got := circlePairings(tc.n); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%d players: %v, want %v", tc.n, got, tc.want)
		}
	}
}
