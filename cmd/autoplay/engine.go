package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/autoplay/autoplay/engine"
	"github.com/spf13/cobra"
)

// newEngineCmd runs the built-in engine on standard input and output.
func newEngineCmd() *cobra.Command {
	var xboard bool
	cmd := &cobra.Command{
		Use:   "engine",
		Short: "Run the built-in chess engine (UCI; --xboard for XBoard)",
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
	return cmd
}
