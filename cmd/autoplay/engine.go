package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/engine"
	"github.com/autoplay/autoplay/engine/tune"
)

// engineShort is the engine command's line in the command list.
const engineShort = "Run the built-in chess engine (UCI; --xboard for XBoard)"

// newEngineCmd runs the built-in engine on standard input and output.
func newEngineCmd() *cobra.Command {
	var xboard bool
	cmd := &cobra.Command{
		Use:   "engine",
		Short: engineShort,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var proto engine.Protocol = engine.UCI{}
			if xboard {
				proto = engine.NewXBoard()
			}
			return engine.Run(os.Stdin, os.Stdout, proto)
		},
	}
	cmd.Flags().BoolVar(&xboard, "xboard", false, "speak XBoard protocol 2 instead of UCI")
	cmd.AddCommand(&cobra.Command{
		Use:   "bench [DEPTH]",
		Short: "Search fixed positions to a fixed depth; print total nodes (a signature of the search) and nps",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			depth := engine.BenchDepth
			if len(args) == 1 {
				d, err := strconv.Atoi(args[0])
				if err != nil || d < 1 {
					return fmt.Errorf("bench: depth %q is not a positive number", args[0])
				}
				depth = d
			}
			r := engine.Bench(depth)
			fmt.Fprintf(cmd.OutOrStdout(), "depth %d\nnodes %d\ntime %s\nnps %d\n", depth, r.Nodes, r.Elapsed.Round(1e6), r.NPS())
			return nil
		},
	})
	cmd.AddCommand(newEngineTuneCmd())
	return cmd
}

// newEngineTuneCmd fits the built-in engine's evaluation weights to the
// results of sampled games and writes a new engine/evalweights.go.
func newEngineTuneCmd() *cobra.Command {
	cfg := tune.DefaultConfig
	cmd := &cobra.Command{
		Use:   "tune --data FILE...",
		Short: "Tune the built-in engine's evaluation weights on sampled positions (Texel tuning); writes engine/evalweights.go",
		Long: "Tune the built-in engine's evaluation weights, starting from the ones it was built with, on the\n" +
			"EPD samples of autoplay match --sample (their c0 results): K is fitted first, then every weight\n" +
			"by Adam on the mean squared error of sigmoid(K*eval). Rebuild to use the new weights.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := tune.Run(cfg, cmd.OutOrStdout())
			return err
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&cfg.Data, "data", nil, "sample file (EPD with c0 results); repeatable")
	f.StringVar(&cfg.Out, "out", cfg.Out, "the weights file to write (\"\": none)")
	f.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "passes over the training positions")
	f.IntVar(&cfg.Batch, "batch", cfg.Batch, "positions per optimiser step")
	f.Float64Var(&cfg.LR, "lr", cfg.LR, "Adam step size in centipawns (decays to a tenth)")
	f.IntVar(&cfg.MinCount, "min-count", cfg.MinCount, "leave weights counted in fewer positions as they are")
	f.Float64Var(&cfg.ScoreShare, "score-share", cfg.ScoreShare, "the share of each position's target taken from the win chance of its search score (ce), the rest from its game's result (0: results only)")
	f.Float64Var(&cfg.L2, "l2", cfg.L2, "weight of the penalty L2*sum((w-w0)^2) that keeps weights near the starting ones")
	f.Float64Var(&cfg.Holdout, "holdout", cfg.Holdout, "fraction of the positions kept for validation")
	f.BoolVar(&cfg.Last, "last", cfg.Last, "keep the last epoch's weights rather than those with the lowest validation error")
	f.IntVar(&cfg.Limit, "limit", cfg.Limit, "read at most this many positions (0: all)")
	f.StringVar(&cfg.Only, "only", cfg.Only, `tune only the weights whose names (as engine/evalweights.go spells them, e.g. "kingShelter[0][1]", "tempo") match this regular expression`)
	f.BoolVar(&cfg.Noisy, "noisy", cfg.Noisy, "tune on the positions as they are rather than on their quiescence search's quiet ends")
	return cmd
}
