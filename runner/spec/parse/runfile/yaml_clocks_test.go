package runfile

import (
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// type: pyramid, periods, hourglass and delays read from a run file as
// from --engine, and a multi-period clock for an XBoard engine refused
// with the file's place.
func TestYAMLReadsPyramidsAndClocks(t *testing.T) {
	cfg, err := ParseConfig("clocks.yaml", []byte(`
type: pyramid
each: {cmd: builtin, tc: 40/5400+30:1800+30, delay: 2}
engines:
  - {name: a}
  - {name: b, bronstein: 1.5}
  - {name: c, tc: 60, hourglass: true, delay: 0}
`))
	if err == nil {
		err = cfg.Complete() // as Run does before any game
	}
	if err == nil || !strings.Contains(err.Error(), "engine c plays an hourglass") {
		t.Fatalf("an hourglass on one engine only: %v", err)
	}
	cfg, err = ParseConfig("clocks.yaml", []byte(`
type: pyramid
each: {cmd: builtin, tc: 40/5400+30:1800+30, delay: 2}
engines:
  - {name: a}
  - {name: b, bronstein: 1.5}
  - {name: c, tc: 1:30}
`))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Type != spec.TypePyramid || len(cfg.Encounters()) != 3 {
		t.Errorf("type %s with %d encounters, want a pyramid of 3", cfg.Type, len(cfg.Encounters()))
	}
	a, b, c := cfg.Engines[0].TC, cfg.Engines[1].TC, cfg.Engines[2].TC
	if a.String() != "40/5400+30:1800+30" || a.Delay != 2*time.Second || a.Bronstein {
		t.Errorf("a: %+v", a)
	}
	if b.Delay != 1500*time.Millisecond || !b.Bronstein {
		t.Errorf("b: %+v, want Bronstein's 1.5 s", b)
	}
	if c.Periods() != 1 || c.Base != 90*time.Second {
		t.Errorf("c: tc 1:30 read as %+v, want one period of 90 s", c)
	}
	_, err = ParseConfig("x.yaml", []byte(`
engines:
  - {name: a, cmd: builtin, tc: 40/5400+30:1800+30, proto: xboard}
  - {name: b, cmd: builtin, tc: 60}
`))
	if err == nil || !strings.Contains(err.Error(), "x.yaml:3:") || !strings.Contains(err.Error(), "XBoard's level command holds a single period") {
		t.Errorf("a multi-period clock for an XBoard engine: %v", err)
	}
}
