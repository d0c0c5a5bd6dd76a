package runner

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// What cannot play a variant run is refused before any game, with the
// reason: a UCI engine without UCI_Variant, or whose UCI_Variant does not
// offer the variant (named with what it declares), an XBoard engine whose
// feature variants does not list it, and Syzygy tables.
func TestVariantRefusalsComeBeforeAnyGame(t *testing.T) {
	needStockfish(t)
	needEngine(t, fairyStockfishPath())
	needEngine(t, fairymaxPath)
	sf := "cmd=" + stockfishPath + " name=sf nodes=100 option.Hash=4"
	fs := "cmd=" + fairyStockfishPath() + " name=fs nodes=100 option.Hash=4 timeout=60"
	cases := []struct {
		name    string
		cfg     spec.Config
		wantErr string
	}{
		{"UCI engine without UCI_Variant", spec.Config{
			Engines:  []spec.EngineConfig{engineSpec(t, fs), engineSpec(t, sf)},
			Schedule: spec.Schedule{Variant: "crazyhouse", Games: 2},
		},
			"engine sf: handshake: cannot play this run: it does not declare the UCI_Variant option, so it cannot play crazyhouse"},
		{"XBoard engine without the variant", spec.Config{
			Engines:  []spec.EngineConfig{engineSpec(t, fs), engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=2+0.02")},
			Schedule: spec.Schedule{Variant: "crazyhouse", Games: 2},
		},
			// (what it lists: Fairy-Max's features may come after a busy machine's wait)
			"engine fm: handshake: cannot play this run: its feature variants does not list crazyhouse (it lists "},
		{"Syzygy tables in a variant", spec.Config{
			Engines:      []spec.EngineConfig{engineSpec(t, fs), engineSpec(t, fs+"2")},
			Schedule:     spec.Schedule{Variant: "atomic", Games: 2},
			Adjudication: spec.Adjudication{TB: "/tmp"},
		},
			"tb /tmp: Syzygy tables hold chess, not atomic"},
	}
	if run := runMatch(t, spec.Config{Engines: []spec.EngineConfig{engineSpec(t, fs), engineSpec(t, fs+"2")},
		Schedule: spec.Schedule{Variant: "atomic", Games: 2}}); run.err != nil {
		// Debian's Fairy-Stockfish 11.1 has no atomic: refused, naming what it has.
		want := "engine fs: handshake: cannot play this run: its UCI_Variant does not offer atomic (it declares combo 3check, 5check,"
		if !strings.Contains(run.err.Error(), want) || strings.Contains(run.pgn, "[Event") {
			t.Errorf("atomic: error %v, want %q and no game", run.err, want)
		}
	} else {
		t.Log("this Fairy-Stockfish plays atomic: its refusal is not seen here")
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			run := runMatch(t, tc.cfg)
			if run.err == nil || !strings.Contains(run.err.Error(), tc.wantErr) {
				t.Fatalf("error %v, want %q", run.err, tc.wantErr)
			}
			if strings.Contains(run.pgn, "[Event") {
				t.Errorf("a game was played:\n%s", run.pgn)
			}
		})
	}
}
