package runner

import (
	"reflect"
	"testing"
)

// cutechess-cli 1.2.0's first rounds, every engine seeded (its -seeds N):
// four seeds meet 1 v 3 and 2 v 4; byes go beside the top seeds, the
// engine that stood there moving to the bye's place.
func TestCutechessBracketPlacesSeedsAsCutechess(t *testing.T) {
	noDraw := func() uint32 { t.Fatal("a seeded engine was drawn"); return 0 }
	for _, tc := range []struct {
		n    int
		want [][2]int
	}{
		{2, [][2]int{{0, 1}}},
		{3, [][2]int{{0, -1}, {1, 2}}},
		{4, [][2]int{{0, 2}, {1, 3}}},
		{5, [][2]int{{0, -1}, {2, -1}, {1, -1}, {3, 4}}},
		{6, [][2]int{{0, -1}, {2, 4}, {1, -1}, {3, 5}}},
		{8, [][2]int{{0, 4}, {2, 6}, {1, 5}, {3, 7}}},
	} {
		if got := cutechessBracket(tc.n, tc.n, noDraw); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%d engines: %v, want %v", tc.n, got, tc.want)
		}
	}
}

// The unseeded engines are drawn one by one from those left, by the
// generator's number modulo their count.
func TestCutechessBracketDrawsTheUnseeded(t *testing.T) {
	// Of 3 left, 5%3 = 2 (engine 3); of 2, 7%2 = 1 (engine 2); the last
	// one is drawn too, as cutechess-cli draws it.
	draws := []uint32{5, 7, 11}
	draw := func() uint32 { d := draws[0]; draws = draws[1:]; return d }
	got := cutechessBracket(4, 1, draw)
	if want := [][2]int{{0, 2}, {3, 1}}; !reflect.DeepEqual(got, want) {
		t.Errorf("%v, want %v (ranks 0 3 2 1)", got, want)
	}
	if len(draws) != 0 {
		t.Errorf("%d draws left", len(draws))
	}
}
