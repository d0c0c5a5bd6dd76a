package spec

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

func manyEngines(n int) []EngineConfig {
	engines := make([]EngineConfig, n)
	for i := range engines {
		engines[i] = DefaultEngineConfig()
		engines[i].Cmd, engines[i].TC.Nodes = "/usr/games/stockfish", 1000
	}
	return engines
}

// A run too big to play is refused from its counts, before any pairing is
// laid out: 10,000 engines in a round robin (49,995,000 encounters) were
// refused only after 58 s and 3.4 GB, when the pairings were built to be
// counted. The bound on time is loose (a busy machine); the one on memory is
// what building anything would break (the pairings alone are 800 MB).
func TestATournamentTooBigIsRefusedFromItsCounts(t *testing.T) {
	engines := manyEngines(10_000)
	for _, tc := range []struct {
		name string
		c    Config
		want string
	}{
		{"round robin", Config{Schedule: Schedule{Type: TypeRoundRobin, Games: 2}}, "a round-robin of 99990000 games (10000 engines: 49995000 encounters × games 2 × rounds 1)"},
		{"round robin, circle", Config{Schedule: Schedule{Type: TypeRoundRobin, Games: 2, CirclePairings: true}}, "a round-robin of 99990000 games"},
		{"gauntlet of 10 seeds", Config{Schedule: Schedule{Type: TypeGauntlet, Seeds: 10, Games: 2, Rounds: 100}}, "a gauntlet of 19980000 games (10000 engines: 99900 encounters × games 2 × rounds 100)"},
		{"knockout", Config{Schedule: Schedule{Type: TypeKnockout, Games: 2_000}}, "a knockout of 19998000 games (10000 engines: 9999 encounters without tie-breaks × games 2000)"},
		{"round robin overflowing", Config{Schedule: Schedule{Type: TypeRoundRobin, Games: MaxGames, Rounds: MaxGames}}, "a round-robin of more than 18 billion billion games"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.c.Engines = engines
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			err := tc.c.Complete()
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "a run plays at most 10000000 games") {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
				t.Errorf("refusing it allocated %d MB", alloc>>20)
			}
			if took > 5*time.Second {
				t.Errorf("refusing it took %v", took)
			}
		})
	}
	// Just under the bound is a run to play: 4,472 engines in a round robin.
	ok := Config{Engines: manyEngines(4_472), Schedule: Schedule{Type: TypeRoundRobin, Games: 1}}
	if err := ok.Complete(); err != nil {
		t.Errorf("9,997,156 games: %v", err)
	}
}
