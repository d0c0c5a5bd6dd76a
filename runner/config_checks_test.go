package runner

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// Inputs that would inject protocol text, counts past what a run can lay
// out, negative settings and settings an engine cannot obey are refused
// before any engine starts, with a message naming the setting.
func TestBadSettingsAreRefusedBeforeAnyEngineStarts(t *testing.T) {
	engine := func(text string) spec.EngineConfig {
		e := spec.DefaultEngineConfig()
		e.Cmd, e.Name = "/bin/false", "e"
		e.TC.Nodes = 1
		if text != "" {
			if err := parse.EngineSpec(&e, text); err != nil {
				t.Fatalf("spec %q: %v", text, err)
			}
		}
		return e
	}
	for _, tc := range []struct {
		name string
		cfg  spec.Config
		want string
	}{
		{"newline in an option value", spec.Config{
			Engines: []spec.EngineConfig{func() spec.EngineConfig {
				e := engine("")
				e.Options = []spec.EngineOption{{Name: "Hash", Value: "16\nquit"}}
				return e
			}(), engine("")},
			Schedule: spec.Schedule{Games: 2},
		}, "line break"},
		{"carriage return in a name", spec.Config{
			Engines: []spec.EngineConfig{func() spec.EngineConfig {
				e := engine("")
				e.Name = "a\rb"
				return e
			}(), engine("")},
			Schedule: spec.Schedule{Games: 2},
		}, "line break"},
		{"NUL in an argument", spec.Config{
			Engines: []spec.EngineConfig{func() spec.EngineConfig {
				e := engine("")
				e.Args = []string{"x\x00y"}
				return e
			}(), engine("")},
			Schedule: spec.Schedule{Games: 2},
		}, "line break or NUL"},
		{"XBoard st below a second", spec.Config{Engines: []spec.EngineConfig{engine("proto=xboard nodes=0 st=0.5"), engine("")}, Schedule: spec.Schedule{Games: 2}}, "XBoard's st command takes whole seconds"},
		{"negative concurrency", spec.Config{Engines: []spec.EngineConfig{engine(""), engine("")}, Schedule: spec.Schedule{Games: 2}, RunLayout: spec.RunLayout{Concurrency: -1}}, "concurrency -1"},
		{"negative maxmoves", spec.Config{Engines: []spec.EngineConfig{engine(""), engine("")}, Schedule: spec.Schedule{Games: 2}, Adjudication: spec.Adjudication{MaxMoves: -5}}, "maxmoves -5"},
		{"negative report-every", spec.Config{Engines: []spec.EngineConfig{engine(""), engine("")}, Schedule: spec.Schedule{Games: 2}, Reporting: spec.Reporting{ReportEvery: -1}}, "report-every -1"},
		{"newline in the PGN event", spec.Config{Engines: []spec.EngineConfig{engine(""), engine("")}, Schedule: spec.Schedule{Games: 2}, Outputs: spec.Outputs{Event: "x\"]\n[Result \"1-0"}}, "a PGN tag must not hold a line break"},
		{"a quintillion games", spec.Config{Engines: []spec.EngineConfig{engine(""), engine("")}, Schedule: spec.Schedule{Games: 1_000_000_000_000_000_000}}, "at most 10000000 games"},
		{"games times rounds too many", spec.Config{Engines: []spec.EngineConfig{engine(""), engine("")}, Schedule: spec.Schedule{Games: 1_000_000, Rounds: 1_000}}, "at most 10000000 games"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out proctest.Output
			_, err := Run(context.Background(), tc.cfg, Options{Out: &out})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if strings.Contains(out.String(), "Started game") {
				t.Errorf("refused only after a game started:\n%s", out.String())
			}
		})
	}
	// A spec is refused as it is read.
	e := spec.DefaultEngineConfig()
	if err := parse.EngineSpec(&e, "cmd=x \"option.Hash=16\nquit\""); err == nil || !strings.Contains(err.Error(), "line break") {
		t.Errorf("spec with a newline: %v", err)
	}
}

// A PGN that cannot be written is named as the user gave it, and no state
// file is left behind.
func TestUnwritablePGNIsNamedAndLeavesNoState(t *testing.T) {
	// Under a regular file rather than in a read-only directory: root
	// writes anywhere, and CI runs as root.
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, nil, 0o644)
	pgnPath := filepath.Join(blocker, "games.pgn") // a directory that is a file
	e := spec.DefaultEngineConfig()
	e.Cmd, e.Name, e.TC.Nodes = "/bin/false", "e", 1
	_, err := Run(context.Background(), spec.Config{Engines: []spec.EngineConfig{e, e}, Schedule: spec.Schedule{Games: 2}, Outputs: spec.Outputs{PGNOut: pgnPath}}, Options{Out: io.Discard})
	if err == nil || !strings.Contains(err.Error(), "pgnout "+pgnPath) || strings.Contains(err.Error(), ".state") {
		t.Fatalf("error %v, want one naming pgnout %s", err, pgnPath)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left: %v", entries)
	}
}
