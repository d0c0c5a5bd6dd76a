package parse

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

func TestApplySpecReadsCutechessStyleEngines(t *testing.T) {
	c := spec.DefaultEngineConfig()
	if err := EngineSpec(&c, `tc=40/60+0.6 option.Hash=32`); err != nil { // as --each
		t.Fatal(err)
	}
	err := EngineSpec(&c, `cmd=/usr/games/stockfish name="Stock fish" option.Hash=16 "option.Move Overhead=30" arg=--x arg='a b' dir=/tmp proto=uci restart=on nodes=5000 depth=9 st=0.25 timemargin=50 timeout=2.5`)
	if err != nil {
		t.Fatal(err)
	}
	want := spec.EngineConfig{
		Name: "Stock fish", Cmd: "/usr/games/stockfish", Args: []string{"--x", "a b"}, Dir: "/tmp", Proto: spec.UCI,
		Options: []spec.EngineOption{{Name: "Hash", Value: "16"}, {Name: "Move Overhead", Value: "30"}},
		TC: spec.TimeControl{Moves: 40, Base: 60 * time.Second, Inc: 600 * time.Millisecond, MoveTime: 250 * time.Millisecond,
			Nodes: 5000, Depth: 9},
		TimeMargin: 50 * time.Millisecond, Timeout: 2500 * time.Millisecond, Restart: spec.RestartOn,
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got  %+v\nwant %+v", c, want)
	}
}

func TestApplySpecErrorsSayWhatIsWrong(t *testing.T) {
	for text, want := range map[string]string{
		"cmd=x colour=red":   `unknown key "colour"`,
		"cmd":                "expected key=value",
		"proto=cecp":         "proto must be uci or xboard",
		"tc=fast":            `time control "fast"`,
		"nodes=-5":           "nodes=-5",
		`name="unterminated`: "unclosed",
		"restart=sometimes":  "restart must be",
		"st=0":               "more than 0",
		"timemargin=0.2":     "timemargin=0.2: must be a whole number of milliseconds",
	} {
		c := spec.DefaultEngineConfig()
		err := EngineSpec(&c, text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ApplySpec(%q) = %v, want an error containing %q", text, err, want)
		}
	}
}

func TestValidateWantsACommand(t *testing.T) {
	c := spec.DefaultEngineConfig()
	c.Name = "dev"
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "missing cmd") {
		t.Fatalf("Validate() = %v", err)
	}
}

// An option whose name holds '=' is set by quoting or escaping its name;
// the forms that worked before still do.
func TestOptionNamesMayHoldEquals(t *testing.T) {
	for text, want := range map[string]spec.EngineOption{
		`"option.A=B"=5`:              {Name: "A=B", Value: "5"},
		`option.A\=B=5`:               {Name: "A=B", Value: "5"},
		`"option.Move Overhead=30"`:   {Name: "Move Overhead", Value: "30"},
		`option.SyzygyPath="/a=b/tb"`: {Name: "SyzygyPath", Value: "/a=b/tb"},
		`option.Hash=16`:              {Name: "Hash", Value: "16"},
		`"option.Weird=Name"="x y=z"`: {Name: "Weird=Name", Value: "x y=z"},
	} {
		e := spec.DefaultEngineConfig()
		if err := EngineSpec(&e, text); err != nil || len(e.Options) != 1 || e.Options[0] != want {
			t.Errorf("%s: %+v (%v), want %+v", text, e.Options, err, want)
		}
	}
}
