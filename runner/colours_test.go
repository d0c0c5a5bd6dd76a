package runner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// Each colour rule over several rounds of a round robin of three engines
// (encounters 0-1, 0-2, 1-2): autoplay's own starts every round afresh,
// cutechess-cli's pairs carry their colours over, fastchess's swap the
// run's even-numbered games. The compat package's recorded runs hold the
// same against the real tools.
func TestColoursCarriedOverRounds(t *testing.T) {
	for _, tc := range []struct {
		name            string
		colours         string
		games, rounds   int
		noSwap, reverse bool
		want            string // per round, each game's White and Black
	}{
		{"own, one game", "", 1, 3, false, false, "01 02 12 | 01 02 12 | 01 02 12"},
		{"own, reverse", "", 2, 2, false, true, "10 01 20 02 21 12 | 10 01 20 02 21 12"},
		{"cutechess, one game", spec.ColoursCutechess, 1, 3, false, false, "01 02 12 | 10 20 21 | 01 02 12"},
		{"cutechess, three games", spec.ColoursCutechess, 3, 2, false, false, "01 10 01 02 20 02 12 21 12 | 10 01 10 20 02 20 21 12 21"},
		{"cutechess, even games, reverse", spec.ColoursCutechess, 2, 2, false, true, "10 01 20 02 21 12 | 01 10 02 20 12 21"},
		{"cutechess, odd games, reverse", spec.ColoursCutechess, 1, 2, false, true, "10 20 21 | 10 20 21"},
		{"cutechess, no swap, reverse", spec.ColoursCutechess, 1, 2, true, true, "10 20 21 | 01 02 12"},
		{"cutechess, no swap", spec.ColoursCutechess, 3, 1, true, false, "01 01 01 02 02 02 12 12 12"},
		{"fastchess, one game", spec.ColoursFastchess, 1, 2, false, false, "01 20 12 | 10 02 21"},
		{"fastchess, two games", spec.ColoursFastchess, 2, 1, false, false, "01 10 02 20 12 21"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := spec.Config{Engines: make([]spec.EngineConfig, 3), Schedule: spec.Schedule{Type: spec.TypeRoundRobin,
				Games: tc.games, Rounds: tc.rounds, NoSwap: tc.noSwap, Reverse: tc.reverse, Colours: tc.colours}}
			picker, err := newOpeningPicker(spec.OpeningsConfig{}, 1, spec.Standard)
			if err != nil {
				t.Fatal(err)
			}
			var rounds []string
			var round []string
			for i, g := range buildSchedule(&c, picker) {
				round = append(round, fmt.Sprintf("%d%d", g.white, g.black))
				if (i+1)%(3*tc.games) == 0 {
					rounds, round = append(rounds, strings.Join(round, " ")), nil
				}
			}
			if got := strings.Join(rounds, " | "); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
