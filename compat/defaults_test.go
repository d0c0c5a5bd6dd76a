package compat

import (
	"testing"
	"time"
)

// Both tools' command lines complete to the values they did before the
// defaults moved into spec.Complete: -srand 0 is seed 0, timemargin=0 no
// grace, autoplay's score every N games off (each tool prints its own), and
// an engine gets autoplay's timeouts.
func TestCommandLinesCompleteAsBefore(t *testing.T) {
	for _, d := range []Dialect{Cutechess, Fastchess} {
		inv := parseLine(t, d, "-srand 0 -each timemargin=0"+twoEngines)
		c := inv.Config
		if err := c.Complete(); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if c.Seed != 0 || c.ReportEvery != 0 || c.Concurrency != 1 || c.Games < 1 || c.Rounds != 1 {
			t.Errorf("%s: seed %d report-every %d concurrency %d games %d rounds %d", d, c.Seed, c.ReportEvery, c.Concurrency, c.Games, c.Rounds)
		}
		for _, e := range c.Engines {
			if e.TimeMargin != 0 || e.Timeout != 10*time.Second {
				t.Errorf("%s: engine %s: timemargin %v timeout %v", d, e.Name, e.TimeMargin, e.Timeout)
			}
		}
	}
}
