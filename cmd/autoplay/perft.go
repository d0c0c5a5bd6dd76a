package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/runner/spec"
)

// perftShort is the perft command's line in the command list.
const perftShort = "Count move-generation leaf nodes to a depth (FEN may be \"startpos\")"

// newPerftCmd counts the leaf nodes of the legal move tree to a depth.
func newPerftCmd() *cobra.Command {
	var (
		divide  bool
		variant string
	)
	cmd := &cobra.Command{
		Use:   "perft FEN DEPTH",
		Short: perftShort,
		Example: "  autoplay perft startpos 5\n" +
			"  autoplay perft --variant crazyhouse --divide 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 3' 2\n" +
			"  autoplay perft --variant 3check 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2' 3",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := spec.ParseVariant(variant)
			if err != nil {
				return fmt.Errorf("perft: --variant: %w", err)
			}
			fen := args[0]
			if fen == "startpos" {
				fen = "" // the variant's own start
			}
			pos, err := v.StartPosition(fen)
			if err != nil {
				return fmt.Errorf("perft: %s: %w", v, err)
			}
			depth, err := strconv.Atoi(args[1])
			if err != nil || depth < 1 {
				return fmt.Errorf("perft: depth %q is not a positive number", args[1])
			}
			out := cmd.OutOrStdout()
			start := time.Now()
			var nodes uint64
			if divide {
				for _, e := range pos.Divide(depth) {
					fmt.Fprintf(out, "%s: %d\n", e.Move, e.Nodes)
					nodes += e.Nodes
				}
			} else {
				nodes = pos.Perft(depth)
			}
			el := time.Since(start)
			fmt.Fprintf(out, "nodes %d\ntime %s\nnps %.0f\n", nodes, el.Round(time.Millisecond), float64(nodes)/el.Seconds())
			return nil
		},
	}
	cmd.Flags().BoolVar(&divide, "divide", false, "print the leaf count below each root move (drops as UCI writes them: P@e4)")
	cmd.Flags().StringVar(&variant, "variant", "standard", "the rules: standard, fischerandom or a variant (crazyhouse, 3check...; its FEN may hold a pocket [Qp] and check counters 3+3)")
	return cmd
}
