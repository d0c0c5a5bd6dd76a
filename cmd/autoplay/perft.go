package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/engine/chess"
)

// newPerftCmd counts the leaf nodes of the legal move tree to a depth.
func newPerftCmd() *cobra.Command {
	var divide bool
	cmd := &cobra.Command{
		Use:   "perft FEN DEPTH",
		Short: "Count move-generation leaf nodes to a depth (FEN may be \"startpos\")",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			fen := args[0]
			if fen == "startpos" {
				fen = chess.StartFEN
			}
			pos, err := chess.ParseFEN(fen)
			if err != nil {
				return err
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
	cmd.Flags().BoolVar(&divide, "divide", false, "print the leaf count below each root move")
	return cmd
}
