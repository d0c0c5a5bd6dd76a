package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

func newRunCmd() *cobra.Command {
	var (
		showRunnerStats bool
		farm            farmFlags
		webAddr         string
		webHosts        []string
	)
	cmd := &cobra.Command{
		Use:   "run CONFIG.yaml",
		Short: "Run a match, tournament or SPRT test described by a YAML file",
		Long: `Run a match, gauntlet, round-robin or SPRT test described by a YAML file (see configs/ and README).

Everything is checked before the first game: a problem is reported as file:line:column.
Started again with the same file after any stop (Ctrl-C, a crash, SIGKILL), a run with a
pgnout resumes: the games already in the PGN are counted, not replayed.

--games, --rounds, --concurrency, --seed, --pgnout, --json, --quiet and --verbose override
the file's keys of those names (each override is printed once at the start); more games
extend a resumed run, while another engine or time control in the file is another run.

Exit status: 0 finished (or H1 accepted), 1 error, 3 H0 accepted, 4 SPRT undecided, 130 interrupted.`,
		Example: "  autoplay run configs/sprt-ab.yaml\n  autoplay run configs/sprt-ab.yaml --games 4 --pgnout try.pgn\n  autoplay run configs/round-robin.yaml --json results.json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, notes, err := parse.LoadRun(args[0], overrides(cmd.Flags()))
			if err != nil {
				return err
			}
			for _, note := range notes {
				fmt.Fprintln(os.Stderr, note)
			}
			if err := useBuiltinEngine(cfg.Engines); err != nil {
				return err
			}
			return playRun(cfg, runFlags{farm: farm, web: webAddr, webHosts: webHosts, runnerStats: showRunnerStats})
		},
	}
	f := cmd.Flags()
	f.Int("games", 0, "games per encounter per round (overrides games:)")
	f.Int("rounds", 0, "rounds (overrides rounds:)")
	f.Int("concurrency", 0, "games played at the same time (overrides concurrency:)")
	f.Uint64("seed", 0, "seed for random opening order and Chess960 positions (overrides seed:)")
	f.String("pgnout", "", "append finished games to this PGN file, and resume from it (overrides pgnout:)")
	f.String("json", "", "keep the full results in this JSON file (overrides json:)")
	f.Bool("quiet", false, "print only the final result (overrides quiet: and verbose:)")
	f.Bool("verbose", false, "also print when each game starts (overrides verbose: and quiet:)")
	farm.add(f)
	f.StringVar(&webAddr, "web", "", "serve a live dashboard on ADDR (a bare port listens on 127.0.0.1)")
	f.StringArrayVar(&webHosts, "web-host", nil, webHostUsage)
	f.BoolVar(&showRunnerStats, "runner-stats", false, "report relay latency and the runner's CPU per move at the end")
	return cmd
}

// overrides are the flags given over the run file's keys: only those the
// user typed, so that a flag's default never hides the file's value.
func overrides(f *pflag.FlagSet) []parse.Override {
	var out []parse.Override
	for _, key := range parse.OverrideKeys {
		if flag := f.Lookup(key); flag != nil && flag.Changed {
			out = append(out, parse.Override{Flag: "--" + key, Key: key, Value: flag.Value.String()})
		}
	}
	return out
}

// useBuiltinEngine points engines whose cmd is "builtin" at this binary's
// own engine, speaking the protocol the config asked for. It is the one
// place that decides how the built-in engine is started, for match and run.
func useBuiltinEngine(engines []spec.EngineConfig) error {
	for i := range engines {
		e := &engines[i]
		if e.Cmd != spec.BuiltinCmd {
			continue
		}
		self, err := builtinEngineProgram()
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

// builtinEngineProgram is the program the built-in engine runs from: this
// one, or, from autoplay-full, the lean autoplay that make build leaves
// beside it (lean.go), which starts at half the cost and names the engine
// "autoplay" in the PGN with or without --web, --serve and workers.
func builtinEngineProgram() (string, error) {
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
