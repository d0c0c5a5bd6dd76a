package main

import (
	"runtime"
	"testing"

	"github.com/spf13/cobra"
)

// Each entry of commands builds the command of its name: a start that
// names one builds only it.
func TestCommandsAreBuiltByTheirNames(t *testing.T) {
	for _, c := range commands {
		if got := c.build().Name(); got != c.name {
			t.Errorf("commands lists %q, its builder makes %q", c.name, got)
		}
	}
}

// The built-in engine and slot processes start without building the other
// commands' flags and help texts, nor cobra's completion command (together
// about 40 of a start's 400 page faults); --help and anything else still
// build every command.
func TestEngineAndSlotBuildOnlyTheirCommand(t *testing.T) {
	allocated := func(args ...string) (uint64, int) {
		root := &cobra.Command{Use: "autoplay"}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		addCommands(root, args)
		root.InitDefaultCompletionCmd(args...) // as Execute does
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc, len(root.Commands())
	}
	all, n := allocated("--help")
	if n != len(commands)+1 {
		t.Fatalf("--help built %d commands of %d and completion", n, len(commands))
	}
	for _, name := range []string{"engine", "slot"} {
		bytes, n := allocated(name, "--xboard")
		if n != 1 || bytes*4 > all {
			t.Errorf("autoplay %s built %d commands, %d bytes; the whole tree is %d bytes", name, n, bytes, all)
		}
	}
}
