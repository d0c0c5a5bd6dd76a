package runner

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// A move that overdraws the clock within the margin leaves the engine 0
// time and the margin: its next slow move loses on time at that flag, not
// as a "stall" after the handshake timeout.
func TestEmptiedClockLosesOnTimeNotByStall(t *testing.T) {
	needStockfish(t)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=slow arg=-mode arg=slow arg=-delay arg=1200ms tc=1 timemargin=500"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=200 option.Hash=4 tc=60"),
		},
		Schedule:     spec.Schedule{Games: 1},
		Adjudication: spec.Adjudication{MaxMoves: 10},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 1 || !strings.Contains(games[0].ending, "White loses on time") {
		t.Fatalf("games: %+v", games)
	}
	if e := run.res.Engines[0]; e.TimeForfeits != 1 || e.Stalls != 0 {
		t.Errorf("slow engine charged %+v", e)
	}
}
