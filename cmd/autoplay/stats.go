package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/stats"
)

// statsShort is the stats command's line in the command list.
const statsShort = "Recompute all statistics (W/D/L, Elo, pentanomial, SPRT, ratings) from PGN files alone"

func newStatsCmd() *cobra.Command {
	var (
		test    stats.SPRT
		model   string
		useSPRT bool
	)
	cmd := &cobra.Command{
		Use:   "stats FILE.pgn...",
		Short: statsShort,
		Long: `Recompute the statistics of a match or tournament from its PGN files: per encounter
W/D/L, Elo with error, LOS, draw ratio, normalized Elo and the pentanomial counts over
game pairs (consecutive games of an encounter with colours swapped); with --elo0/--elo1
the SPRT's LLR and decision; with three or more engines a rating table and crosstable.
The first engine is the White player of the first game. Every game is replayed: one whose
result its moves contradict is left out, and a copy of a game is counted once, each with a
warning, so that stats counts what a resumed run counts.

Exit status as for match: 0, or 3 H0 accepted, 4 SPRT undecided.`,
		Example: "  autoplay stats games.pgn\n  autoplay stats --elo0 0 --elo1 5 --model normalized sprt-ab.pgn",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var sprt *stats.SPRT
			if useSPRT = cmd.Flags().Changed("elo0") || cmd.Flags().Changed("elo1"); useSPRT {
				m, err := stats.ParseModel(model)
				if err != nil {
					return err
				}
				test.Model = m
				if err := test.Validate(); err != nil {
					return err
				}
				sprt = &test
			}
			warn := func(msg string) { fmt.Fprintf(cmd.ErrOrStderr(), "Warning: %s\n", msg) }
			res, err := runner.StatsFromPGN(args, sprt, cmd.OutOrStdout(), warn)
			return outcome(res, err)
		},
	}
	f := cmd.Flags()
	f.Float64Var(&test.Elo0, "elo0", 0, "SPRT: Elo of H0")
	f.Float64Var(&test.Elo1, "elo1", 5, "SPRT: Elo of H1")
	f.Float64Var(&test.Alpha, "alpha", 0.05, "SPRT: false-positive rate")
	f.Float64Var(&test.Beta, "beta", 0.05, "SPRT: false-negative rate")
	f.StringVar(&model, "model", "logistic", "SPRT: logistic or normalized Elo")
	return cmd
}
