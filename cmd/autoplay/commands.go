package main

import (
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
// texts, nor cobra's completion command and its four shells' help.
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
}
