package main

import (
	"context"
	"os"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/runner"

	_ "github.com/autoplay/autoplay/cmd/autoplay/internal/slotprocs" // one processor before the inits
)

// slotShort is the slot command's short line (hidden from the command list).
const slotShort = "Play one game slot of a run started with --slot-processes (internal)"

// newSlotCmd is the process a run with --slot-processes starts for each
// game slot; it speaks the runner's frames on stdin and stdout.
func newSlotCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "slot",
		Short:  slotShort,
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cmd.SilenceUsage = true
			// One game, one runner thread: the slot runs on one Go
			// processor from its first inits on (internal/slotprocs).
			// The run stops a slot by closing its input; signals are for
			// the run (the slot is in a process group of its own).
			return runner.ServeSlot(context.Background(), os.Stdin, os.Stdout)
		},
	}
}
