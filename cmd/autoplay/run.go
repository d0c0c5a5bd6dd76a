package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// runShort is the run command's line in the command list.
const runShort = "Run a match, tournament or SPRT test described by a YAML file"

func newRunCmd() *cobra.Command {
	var (
		showRunnerStats bool
		farm            farmFlags
		webAddr         string
		webHosts        []string
	)
	cmd := &cobra.Command{
		Use:   "run CONFIG.yaml",
		Short: runShort,
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
		// The lean build hands it to autoplay-full, which links the YAML
		// reader (runfile.go); its slot processes and built-in engine are
		// the lean program's still (childProgram).
		Annotations: map[string]string{needsFull: "run"},
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, notes, err := loadRunFile(args[0], cmd.Flags())
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
