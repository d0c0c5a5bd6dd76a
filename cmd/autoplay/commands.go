package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/compat"
)

// namedCommand builds one of autoplay's commands; name is what it is called
// by (its Use's first word), short and hidden what the command list shows
// of it (its Short and Hidden), so that the list needs no command built.
type namedCommand struct {
	name   string
	short  string
	hidden bool
	build  func() *cobra.Command
}

// commands are autoplay's commands (--help lists them sorted by name).
var commands = []namedCommand{
	{"match", matchShort, false, newMatchCmd},
	{"run", runShort, false, newRunCmd},
	{"stats", statsShort, false, newStatsCmd},
	{"engine", engineShort, false, newEngineCmd},
	{"perft", perftShort, false, newPerftCmd},
	{string(compat.Cutechess), cutechessShort, false, func() *cobra.Command { return newCompatCmd(compat.Cutechess) }},
	{string(compat.Fastchess), fastchessShort, false, func() *cobra.Command { return newCompatCmd(compat.Fastchess) }},
	{"worker", workerShort, false, newWorkerCmd},
	{"view", viewShort, false, newViewCmd},
	{"slot", slotShort, true, newSlotCmd},
	{"check", checkShort, false, newCheckCmd},
}

// addCommands gives root the command args name, if they start with one
// (its flags, --help and subcommands are all in it); for the command list
// alone (autoplay, --help, -h, help) each command's line (listed); for
// anything else (help CMD, completion, a misspelt name) every command
// built whole. The built-in engine and each slot process start without
// building the others' flags and help texts, nor cobra's completion command
// and its four shells' help; the command list without building any flag.
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
	if len(args) == 0 || len(args) == 1 && (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
		for _, c := range commands {
			root.AddCommand(c.listed())
		}
		root.AddCommand(completionListed())
		return
	}
	for _, c := range commands {
		root.AddCommand(c.build())
	}
}

// listed is c as the command list shows it, its name and line: no flag,
// help text or subcommand (match alone has 60 flags, each built with its
// default's text).
func (c namedCommand) listed() *cobra.Command {
	return &cobra.Command{
		Use:    c.name,
		Short:  c.short,
		Hidden: c.hidden,
		RunE:   func(*cobra.Command, []string) error { return errors.New(c.name + ": not built for this start") },
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
