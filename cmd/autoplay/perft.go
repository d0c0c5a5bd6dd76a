package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newPerftCmd counts leaf nodes of the move tree. Placeholder until engine/ lands.
func newPerftCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "perft FEN DEPTH",
		Short: "Count move-generation leaf nodes to a depth",
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("perft: not built yet")
		},
	}
}
