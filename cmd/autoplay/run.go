package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

func newRunCmd() *cobra.Command {
	var (
		jsonOut         string
		quiet, verbose  bool
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

Exit status: 0 finished (or H1 accepted), 1 error, 3 H0 accepted, 4 SPRT undecided, 130 interrupted.`,
		Example: "  autoplay run configs/sprt-ab.yaml\n  autoplay run configs/round-robin.yaml --json results.json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := parse.LoadConfig(args[0])
			if err != nil {
				return err
			}
			if err := useBuiltinEngine(cfg.Engines); err != nil {
				return err
			}
			if jsonOut != "" {
				cfg.JSONOut = jsonOut
			}
			cfg.Quiet = cfg.Quiet || quiet
			cfg.Verbose = cfg.Verbose || verbose // both: refused by Complete, as in the file
			return playRun(cfg, runFlags{farm: farm, web: webAddr, webHosts: webHosts, runnerStats: showRunnerStats})
		},
	}
	f := cmd.Flags()
	f.StringVar(&jsonOut, "json", "", "keep the full results in this JSON file (overrides json:)")
	f.BoolVar(&quiet, "quiet", false, "print only the final result")
	f.BoolVar(&verbose, "verbose", false, "also print when each game starts")
	farm.add(f)
	f.StringVar(&webAddr, "web", "", "serve a live dashboard on ADDR (a bare port listens on 127.0.0.1)")
	f.StringArrayVar(&webHosts, "web-host", nil, webHostUsage)
	f.BoolVar(&showRunnerStats, "runner-stats", false, "report relay latency and the runner's CPU per move at the end")
	return cmd
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
		self, err := os.Executable()
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

// unuseBuiltinEngine undoes useBuiltinEngine for a config sent to workers
// elsewhere, whose own binary holds the engine.
func unuseBuiltinEngine(e *spec.EngineConfig) {
	self, err := os.Executable()
	if err != nil || e.Cmd != self || len(e.Args) == 0 || e.Args[0] != "engine" {
		return
	}
	args := e.Args[1:]
	if len(args) > 0 && args[0] == "--xboard" {
		args = args[1:]
	}
	e.Cmd, e.Args = spec.BuiltinCmd, args
}
