package spec

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/stats"
)

func twoEngines() []EngineConfig {
	a, b := DefaultEngineConfig(), DefaultEngineConfig()
	a.Cmd, a.TC.Nodes = "/usr/games/stockfish", 100
	b.Cmd, b.TC.Depth = "/usr/games/stockfish", 3
	return []EngineConfig{a, b}
}

// Every front end calls Complete, and slot processes and workers call it
// again on a config that crossed the wire: a second call changes nothing.
func TestCompleteIsIdempotent(t *testing.T) {
	c := Config{Engines: twoEngines(), Schedule: Schedule{Games: 4, Variant: "frc"}, Outputs: Outputs{MatchLine: "^info string"}}
	if err := c.Complete(); err != nil {
		t.Fatal(err)
	}
	once := c
	once.Engines = append([]EngineConfig(nil), c.Engines...)
	if err := c.Complete(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(once, c) {
		t.Errorf("a second Complete changed the config:\n%+v\n%+v", once, c)
	}
	// The defaults a zero value stands for.
	if c.Type != TypeMatch || c.Rounds != 1 || c.Seeds != 1 || c.Concurrency != 1 || c.Event != "autoplay match" || c.Site != "?" {
		t.Errorf("defaults: %+v", c)
	}
	// Two engines of one name are numbered apart, once.
	if c.Engines[0].Name != "stockfish" || c.Engines[1].Name != "stockfish-2" || c.Engines[1].Variant != Chess960 {
		t.Errorf("engines: %q %q %q", c.Engines[0].Name, c.Engines[1].Name, c.Engines[1].Variant)
	}
}

// Complete and the YAML reader apply the same rules in the same words.
func TestCompleteRefusesWhatTheFileWouldRefuse(t *testing.T) {
	three := append(twoEngines(), twoEngines()[0])
	for _, tc := range []struct {
		name string
		c    Config
		want string
	}{
		{"quiet and verbose", Config{Engines: twoEngines(), Schedule: Schedule{Games: 2}, Reporting: Reporting{Quiet: true, Verbose: true}}, "verbose: cannot be true together with quiet"},
		{"negative concurrency", Config{Engines: twoEngines(), Schedule: Schedule{Games: 2}, RunLayout: RunLayout{Concurrency: -2}}, "concurrency -2: must be at least 1"},
		{"a match of three", Config{Engines: three, Schedule: Schedule{Games: 2}}, "a match needs exactly 2 engines, got 3 (use gauntlet or round-robin for more)"},
		{"a gauntlet without challengers", Config{Engines: twoEngines(), Schedule: Schedule{Games: 2, Type: TypeGauntlet, Seeds: 2}}, "a gauntlet with 2 seeds needs more than 2 engines, got 2"},
		{"a round-robin of one", Config{Engines: twoEngines()[:1], Schedule: Schedule{Games: 2, Type: TypeRoundRobin}}, "a round-robin needs at least 2 engines, got 1"},
		{"a knockout with rounds", Config{Engines: three, Schedule: Schedule{Games: 2, Type: TypeKnockout, Rounds: 3}}, "a knockout's rounds follow from its engines"},
		{"an SPRT of three", Config{Engines: three, Schedule: Schedule{Games: 2, Type: TypeRoundRobin, SPRT: &stats.SPRT{Elo1: 5, Alpha: 0.05, Beta: 0.05}}}, "an SPRT needs type match (two engines), not round-robin"},
		{"a bad type", Config{Engines: twoEngines(), Schedule: Schedule{Games: 2, Type: "swiss"}}, `type "swiss"`},
		{"a bad colours", Config{Engines: twoEngines(), Schedule: Schedule{Games: 2, Colours: "c-chess-cli"}}, `colours "c-chess-cli": want cutechess or fastchess`},
		{"a bad match_line", Config{Engines: twoEngines(), Schedule: Schedule{Games: 2}, Outputs: Outputs{MatchLine: "("}}, "match_line"},
		{"c-chess-cli's CSV with the move", Config{Engines: twoEngines(), Schedule: Schedule{Games: 2}, Outputs: Outputs{Sample: &SampleConfig{File: "s.csv", Format: SampleCSV, Move: true}}}, "c-chess-cli's CSV (format=csv) has no move column; use format=csv-autoplay"},
		{"XBoard st of half a second", Config{
			Engines: func() []EngineConfig {
				e := twoEngines()
				e[0].Proto, e[0].TC.Nodes, e[0].TC.MoveTime = XBoard, 0, 500_000_000
				return e
			}(),
			Schedule: Schedule{Games: 2},
		}, "XBoard's st command takes whole seconds"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.c.Complete(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// A config built in Go needs only its engines and their limits: every
// other zero is a default, set here and nowhere else; a 0 the user gave
// (seed, report-every, timemargin) stays 0, also across the wire.
func TestCompleteFillsEveryDefault(t *testing.T) {
	bare := func() Config {
		return Config{Engines: []EngineConfig{{Cmd: "/bin/a", TC: TimeControl{Nodes: 10}}, {Cmd: "/bin/b", TC: TimeControl{Nodes: 10}}}}
	}
	c := bare()
	if err := c.Complete(); err != nil {
		t.Fatal(err)
	}
	if c.Type != TypeMatch || c.Games != 2 || c.Rounds != 1 || c.Seeds != 1 || c.Concurrency != 1 || c.Seed != 1 || c.ReportEvery != 10 {
		t.Errorf("run defaults: %+v", c)
	}
	for _, e := range c.Engines {
		if e.Proto != UCI || e.Timeout != 10*time.Second || e.TimeMargin != 100*time.Millisecond || e.Restart != RestartAuto {
			t.Errorf("engine defaults: %+v", e)
		}
	}

	zeros := bare()
	zeros.ZeroSeed, zeros.ZeroReportEvery = true, true
	zeros.Engines[0].ZeroTimeMargin = true
	if err := zeros.Complete(); err != nil {
		t.Fatal(err)
	}
	if zeros.Seed != 0 || zeros.ReportEvery != 0 || zeros.Engines[0].TimeMargin != 0 || zeros.Engines[1].TimeMargin != 100*time.Millisecond {
		t.Errorf("given zeros: seed %d report-every %d timemargins %v %v", zeros.Seed, zeros.ReportEvery, zeros.Engines[0].TimeMargin, zeros.Engines[1].TimeMargin)
	}
	b, err := MarshalWire(&zeros)
	if err != nil {
		t.Fatal(err)
	}
	crossed, err := UnmarshalWire(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*crossed, zeros) {
		t.Errorf("the given zeros crossed the wire as\n%+v\nwant\n%+v", *crossed, zeros)
	}
}
