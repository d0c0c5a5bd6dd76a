package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/compat"
)

// namedCommand builds one of autoplay's commands; name is what it is called
// by (its Use's first word).
type namedCommand struct {
	name  string
	build func() *cobra.Command
}

// commands are autoplay's commands in the order --help lists them.
var commands = []namedCommand{
	{"match", newMatchCmd},
	{"run", newRunCmd},
	{"stats", newStatsCmd},
	{"engine", newEngineCmd},
	{"perft", newPerftCmd},
	{string(compat.Cutechess), func() *cobra.Command { return newCompatCmd(compat.Cutechess) }},
	{string(compat.Fastchess), func() *cobra.Command { return newCompatCmd(compat.Fastchess) }},
	{"worker", newWorkerCmd},
	{"view", newViewCmd},
	{"slot", newSlotCmd},
	{"check", newCheckCmd},
}

// addCommands gives root the command args name, if they start with one
// (its flags, --help and subcommands are all in it), else every command
// (--help, help, completion, a misspelt name): the built-in engine and
// each slot process start without building the others' flags and help
// texts, nor cobra's completion command and its four shells' help. The
// command list alone (autoplay, --help, -h, help) shows completion by its
// line only (completionListed).
func addCommands(root *cobra.Command, args []string) {
	if len(args) > 0 {
		for _, c := range commands {
			if c.name == args[0] {
				root.AddCommand(c.build())
				root.CompletionOptions.DisableDefaultCmd = true
				return
			}
		}
	}
	for _, c := range commands {
		root.AddCommand(c.build())
	}
	if len(args) == 0 || len(args) == 1 && (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
		root.AddCommand(completionListed())
	}
}

// completionListed is cobra's completion command as the command list shows
// it, its line and nothing else: cobra adds its own (with a subcommand and
// a help text for each of four shells) only where the program has none,
// and any start that names it (autoplay completion bash, help completion)
// builds every command and so gets cobra's.
func completionListed() *cobra.Command {
	return &cobra.Command{
		Use:   "completion",
		Short: "Generate the autocompletion script for the specified shell",
		RunE:  func(*cobra.Command, []string) error { return errors.New("completion: not built for this start") },
	}
}
