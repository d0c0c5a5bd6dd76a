// Command autoplay plays chess engines against each other.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

func main() {
	root := &cobra.Command{
		Use:           "autoplay",
		Short:         "Play chess engines against each other: matches, tournaments, SPRT tests",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newMatchCmd(), newRunCmd(), newStatsCmd(), newEngineCmd(), newPerftCmd())
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "autoplay:", err)
		os.Exit(exitCode(err))
	}
}
