package runner

import (
	"fmt"
	"math"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// OpeningRepeat, NoSwap and Reverse are how cutechess-cli's and fastchess's
// schedules differ from autoplay's pairs.
func TestScheduleOpeningRepeatAndColours(t *testing.T) {
	for _, tc := range []struct {
		name            string
		repeat          int
		noSwap, reverse bool
		want            string // per game: opening index and white engine
	}{
		{"pairs", 0, false, false, "0w0 0w1 1w0 1w1 2w0 2w1"},
		{"every game its own opening", 1, false, false, "0w0 1w1 2w0 3w1 0w0 1w1"}, // the file holds 4: it wraps,
		{"three games an opening", 3, false, false, "0w0 0w1 0w0 1w1 1w0 1w1"},
		{"no swap", 0, true, false, "0w0 0w0 1w0 1w0 2w0 2w0"},
		{"reverse", 0, false, true, "0w1 0w0 1w1 1w0 2w1 2w0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := spec.Config{Engines: make([]spec.EngineConfig, 2), Schedule: spec.Schedule{Games: 6, Rounds: 1, OpeningRepeat: tc.repeat, NoSwap: tc.noSwap, Reverse: tc.reverse}}
			picker, err := newOpeningPicker(spec.OpeningsConfig{File: "testdata/uho4.epd"}, 1, spec.Standard)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for i, g := range buildSchedule(&c, picker) {
				if i > 0 {
					got += " "
				}
				got += fmt.Sprintf("%dw%d", g.opening, g.white)
				if g.pair != i/2 {
					t.Errorf("game %d in pair %d, want %d", g.number, g.pair, i/2)
				}
			}
			if got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// OpeningEachRound (cutechess-cli's policy=round) draws an opening when the
// PGN Round tag changes, for every encounter of the round, and only then.
func TestScheduleOpeningEachRound(t *testing.T) {
	c := spec.Config{Engines: make([]spec.EngineConfig, 4), Schedule: spec.Schedule{Type: spec.TypeRoundRobin,
		Games: 2, Rounds: 1, OpeningRepeat: math.MaxInt32, OpeningEachRound: true}}
	c.RoundGames = 4 // two encounters a round
	picker, err := newOpeningPicker(spec.OpeningsConfig{File: "testdata/uho4.epd"}, 1, spec.Standard)
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, g := range buildSchedule(&c, picker) {
		got += fmt.Sprint(g.opening)
	}
	if want := "000011112222"; got != want {
		t.Errorf("openings %s, want %s", got, want)
	}
}
