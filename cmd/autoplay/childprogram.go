package main

import (
	"os"
	"path/filepath"

	"github.com/autoplay/autoplay/runner/spec"
)

// useBuiltinEngine points engines whose cmd is "builtin" at this binary's
// own engine, speaking the protocol the config asked for. It is the one
// place that decides how the built-in engine is started, for match and run.
func useBuiltinEngine(engines []spec.EngineConfig) error {
	for i := range engines {
		e := &engines[i]
		if e.Cmd != spec.BuiltinCmd {
			continue
		}
		self, err := childProgram()
		if err != nil {
			return err
		}
		args := []string{"engine"}
		if e.Proto == spec.XBoard {
			args = append(args, "--xboard")
		}
		e.Cmd, e.Args = self, append(args, e.Args...)
	}
	return nil
}

// childProgram is the program the built-in engine and the slot processes
// run from: this one, or, from autoplay-full, the lean autoplay that make
// build leaves beside it (lean.go), which starts at half the cost and names
// the engine "autoplay" in the PGN with or without --web, --serve and
// workers, and whether the lean build handed run to autoplay-full or not
// (a resumed run's fingerprint holds the engine's command).
func childProgram() (string, error) {
	self, err := os.Executable()
	if err != nil || filepath.Base(self) != fullProgram {
		return self, err
	}
	lean := filepath.Join(filepath.Dir(self), "autoplay")
	if st, err := os.Stat(lean); err == nil && st.Mode().IsRegular() {
		return lean, nil
	}
	return self, nil
}
