package compat

import (
	"testing"

	"github.com/autoplay/autoplay/runner/stats"
)

// Games without spread (all draws, or one result) leave fastchess with
// 0/0: it prints amd64's NaN, "-nan", for the LOS as for nElo; Go's Erf
// would have made it "nan".
func TestFastchessPrintsANaNWithItsSign(t *testing.T) {
	for _, games := range []stats.Trinomial{{Draws: 2}, {Draws: 6}} {
		e := fastchessWDL(games)
		if got := cFixed(e.los, 2); got != "-nan" {
			t.Errorf("%+v: LOS %s, want -nan", games, got)
		}
		if got := cFixed(e.nelo, 2); got != "-nan" {
			t.Errorf("%+v: nElo %s, want -nan", games, got)
		}
	}
	if got := cFixed(fastchessPenta(pentaSplit{DD: 1}).los, 2); got != "-nan" {
		t.Errorf("one drawn pair: LOS %s, want -nan", got)
	}
}
