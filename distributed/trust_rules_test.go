package distributed

import (
	"errors"
	"reflect"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// What each engine of a run becomes on a worker, by the worker's choices.
func TestTrustRules(t *testing.T) {
	own := []spec.EngineConfig{{Name: "sf", Cmd: "/usr/games/stockfish", Args: []string{"--x"}, Dir: "/opt"}}
	coordinators := spec.EngineConfig{Name: "sf", Cmd: "/bin/sh", Args: []string{"-c", "touch PWNED"}, Dir: "/tmp", StderrFile: "/home/u/.bashrc", TC: spec.TimeControl{Nodes: 5}}
	for _, tc := range []struct {
		name   string
		o      WorkerOptions
		engine spec.EngineConfig
		want   *spec.EngineConfig // nil: refused
		err    error
	}{
		{"its own engine of that name", WorkerOptions{Engines: own}, coordinators,
			&spec.EngineConfig{Name: "sf", Cmd: "/usr/games/stockfish", Args: []string{"--x"}, Dir: "/opt", TC: spec.TimeControl{Nodes: 5}}, nil},
		{"its own engine even when trusting commands", WorkerOptions{Engines: own, TrustCoordinatorCommands: true}, coordinators,
			&spec.EngineConfig{Name: "sf", Cmd: "/usr/games/stockfish", Args: []string{"--x"}, Dir: "/opt", TC: spec.TimeControl{Nodes: 5}}, nil},
		{"another name", WorkerOptions{Engines: own}, spec.EngineConfig{Name: "sh", Cmd: "/bin/sh", Args: []string{"-c", "touch PWNED"}}, nil, errNotTrusted},
		{"no configuration of its own", WorkerOptions{}, coordinators, nil, errNotTrusted},
		{"the built-in engine", WorkerOptions{}, spec.EngineConfig{Name: "b", Cmd: spec.BuiltinCmd, StderrFile: "/home/u/.bashrc"},
			&spec.EngineConfig{Name: "b", Cmd: spec.BuiltinCmd}, nil},
		{"the built-in engine with args", WorkerOptions{}, spec.EngineConfig{Name: "b", Cmd: spec.BuiltinCmd, Args: []string{"tune", "--out", "/home/u/x"}}, nil, errNotTrusted},
		{"a shipped program, not accepted", WorkerOptions{}, spec.EngineConfig{Name: "p", Cmd: "/bin/sh", SHA256: "ab"}, nil, errNotAccepted},
		{"a shipped program, accepted", WorkerOptions{AcceptBinaries: true}, spec.EngineConfig{Name: "p", Cmd: "./p", Args: []string{"-v"}, SHA256: "ab"},
			&spec.EngineConfig{Name: "p", Cmd: "./p", Args: []string{"-v"}, SHA256: "ab"}, nil},
		{"any command line, trusted", WorkerOptions{TrustCoordinatorCommands: true}, coordinators, &coordinators, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.o.Log = func(string) {}
			w := &worker{o: tc.o, commands: map[string]bool{}}
			cfg := spec.Config{Engines: []spec.EngineConfig{tc.engine}}
			err := w.trust(&cfg)
			switch {
			case tc.want == nil && !errors.Is(err, tc.err):
				t.Errorf("got %v, want %v", err, tc.err)
			case tc.want != nil && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != nil && !reflect.DeepEqual(cfg.Engines[0], *tc.want):
				t.Errorf("runs %+v, want %+v", cfg.Engines[0], *tc.want)
			}
		})
	}
}
