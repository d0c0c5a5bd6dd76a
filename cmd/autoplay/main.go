// Command autoplay plays chess engines against each other.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/runner"
)

func main() {
	// Engines' orphaned descendants become our children, so that none
	// outlives autoplay; a panic takes every engine down with it.
	if err := runner.BecomeSubreaper(); err != nil {
		fmt.Fprintln(os.Stderr, "autoplay: warning: cannot become the subreaper of engine descendants:", err)
	}
	defer func() {
		if v := recover(); v != nil {
			runner.KillAllEngines()
			panic(v)
		}
	}()
	root := &cobra.Command{
		Use:           "autoplay",
		Short:         "Play chess engines against each other: matches, tournaments, SPRT tests",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newMatchCmd(), newRunCmd(), newStatsCmd(), newEngineCmd(), newPerftCmd())
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "autoplay:", err)
		runner.KillAllEngines()
		os.Exit(exitCode(err))
	}
}
