package runner

import (
	"context"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
)

// A config built in Go with only its engines and their limits plays as a
// command line's does: Complete fills the rest, the engines' timeouts
// included (without them the handshake waited 0 s and every game stalled).
func TestBareConfigPlays(t *testing.T) {
	mis := misengine(t)
	cfg := spec.Config{Engines: []spec.EngineConfig{
		{Cmd: mis, TC: spec.TimeControl{Nodes: 2000}},
		{Cmd: mis, TC: spec.TimeControl{Nodes: 2000}},
	}}
	var out proctest.Output
	res, err := Run(context.Background(), cfg, Options{Out: &out})
	checkNoLeaks(t)
	if err != nil {
		t.Fatalf("a bare config: %v\n%s", err, out.String())
	}
	if res.Played != 2 || res.Total != 2 {
		t.Errorf("played %d of %d games, want the default 2 of 2\n%s", res.Played, res.Total, out.String())
	}
	for _, bad := range []string{"stall", "forfeit", "no answer"} {
		if strings.Contains(out.String(), bad) {
			t.Errorf("a game ended by %q:\n%s", bad, out.String())
		}
	}
}
