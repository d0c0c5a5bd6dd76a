package main

import (
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// completedMatch is the config `autoplay match ARGS` would play, completed.
func completedMatch(t *testing.T, args ...string) (*spec.Config, error) {
	t.Helper()
	var got *spec.Config
	playMatch = func(c *spec.Config, _ runFlags) error {
		got = c
		return c.Complete()
	}
	defer func() { playMatch = playRun }()
	cmd := newMatchCmd()
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SilenceUsage = true
	return got, cmd.Execute()
}

// The match flags' defaults are Complete's, and a 0 typed for the seed, the
// report interval or an engine's time margin stays 0, as before the
// defaults moved into spec.
func TestMatchFlagsCompleteAsBefore(t *testing.T) {
	engines := []string{"--engine", "cmd=/bin/a nodes=100", "--engine", "cmd=/bin/b nodes=100"}
	c, err := completedMatch(t, engines...)
	if err != nil {
		t.Fatal(err)
	}
	if c.Games != 2 || c.Rounds != 1 || c.Concurrency != 1 || c.Seed != 1 || c.ReportEvery != 10 || c.Seeds != 1 ||
		c.Type != spec.TypeMatch || c.TBAdjudicate != "both" || c.Variant != spec.Standard || c.Event != "autoplay match" || c.Site != "?" {
		t.Errorf("defaults: games %d rounds %d concurrency %d seed %d report-every %d seeds %d type %s tbadjudicate %q variant %q event %q site %q",
			c.Games, c.Rounds, c.Concurrency, c.Seed, c.ReportEvery, c.Seeds, c.Type, c.TBAdjudicate, c.Variant, c.Event, c.Site)
	}
	for _, e := range c.Engines {
		if e.Proto != spec.UCI || e.Timeout != 10*time.Second || e.TimeMargin != 100*time.Millisecond || e.Restart != spec.RestartAuto {
			t.Errorf("engine %s: proto %s timeout %v timemargin %v restart %s", e.Name, e.Proto, e.Timeout, e.TimeMargin, e.Restart)
		}
	}

	c, err = completedMatch(t, append(engines, "--seed", "0", "--report-every", "0", "--each", "timemargin=0", "--games", "4")...)
	if err != nil {
		t.Fatal(err)
	}
	if c.Seed != 0 || c.ReportEvery != 0 || c.Games != 4 || c.Engines[0].TimeMargin != 0 || c.Engines[1].TimeMargin != 0 {
		t.Errorf("typed zeros: seed %d report-every %d games %d timemargins %v %v", c.Seed, c.ReportEvery, c.Games, c.Engines[0].TimeMargin, c.Engines[1].TimeMargin)
	}
	again := *c
	again.Engines = append([]spec.EngineConfig(nil), c.Engines...)
	if err := again.Complete(); err != nil || !reflect.DeepEqual(&again, c) {
		t.Errorf("a second Complete changed the typed zeros: %v\n%+v\n%+v", err, again, *c)
	}

	for _, bad := range []struct{ flag, value, want string }{
		{"--games", "0", "games must be at least 1"},
		{"--concurrency", "0", "--concurrency 0: must be at least 1"},
		{"--report-every", "-1", "report-every -1: must be 0 (only at the end) or more"},
	} {
		if _, err := completedMatch(t, append(engines, bad.flag, bad.value)...); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s %s: %v, want %q", bad.flag, bad.value, err, bad.want)
		}
	}
}
