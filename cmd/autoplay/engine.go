package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newEngineCmd runs the built-in engine. Placeholder until engine/ lands.
func newEngineCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "engine",
		Short: "Run the built-in chess engine (UCI; --xboard for XBoard)",
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("engine: not built yet")
		},
	}
}
