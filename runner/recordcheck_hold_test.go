package runner

import (
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// checkRecordsHold replays every game a test run wrote to path with the
// record checker under the run's config: a game autoplay played itself
// must never be one the coordinator or a resume would refuse. Every test
// match runs it (runMatchCtx), so the fault matrix's endings, time losses,
// adjudications and Chess960 games all pass through it.
func checkRecordsHold(t *testing.T, cfg spec.Config, path string) {
	t.Helper()
	if err := cfg.Complete(); err != nil || cfg.Type == spec.TypeKnockout {
		return // refused runs wrote nothing; a knockout's games are numbered by its bracket
	}
	_, err := scanFinishedGames(path, runEndingsByName(&cfg), func(g *readBackGame) error {
		if g.bad != nil {
			t.Errorf("a game the run played does not check out: %v", g.bad)
		}
		return nil
	})
	if err != nil {
		t.Errorf("reading back %s: %v", path, err)
	}
}
