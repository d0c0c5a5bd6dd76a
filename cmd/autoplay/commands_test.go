package main

import (
	"bytes"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Each entry of commands builds the command of its name: a start that
// names one builds only it.
func TestCommandsAreBuiltByTheirNames(t *testing.T) {
	for _, c := range commands {
		built := c.build()
		if got := built.Name(); got != c.name {
			t.Errorf("commands lists %q, its builder makes %q", c.name, got)
		}
		if built.Short != c.short || built.Hidden != c.hidden {
			t.Errorf("commands lists %s as %q (hidden %v), its builder makes %q (hidden %v)", c.name, c.short, c.hidden, built.Short, built.Hidden)
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
	all, n := allocated("help", "run")
	if n != len(commands)+1 {
		t.Fatalf("help run built %d commands of %d and completion", n, len(commands))
	}
	for _, name := range []string{"engine", "slot"} {
		bytes, n := allocated(name, "--xboard")
		if n != 1 || bytes*4 > all {
			t.Errorf("autoplay %s built %d commands, %d bytes; the whole tree is %d bytes", name, n, bytes, all)
		}
	}
}

// The command list (--help) shows completion's line without building
// cobra's completion command, its four shells' subcommands and help texts;
// a start that names completion gets cobra's.
func TestHelpListsCompletionWithoutBuildingIt(t *testing.T) {
	tree := func(args ...string) (*cobra.Command, uint64) {
		root := &cobra.Command{Use: "autoplay"}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		addCommands(root, args)
		root.InitDefaultCompletionCmd(args...) // as Execute does
		runtime.ReadMemStats(&after)
		return root, after.TotalAlloc - before.TotalAlloc
	}
	completion := func(root *cobra.Command) *cobra.Command {
		for _, c := range root.Commands() {
			if c.Name() == "completion" {
				return c
			}
		}
		return nil
	}
	named, full := tree("completion", "bash")
	if c := completion(named); c == nil || len(c.Commands()) != 4 {
		t.Fatalf("autoplay completion bash: not cobra's completion command with its four shells")
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}, {}} {
		root, bytes := tree(args...)
		c := completion(root)
		if c == nil || !c.IsAvailableCommand() {
			t.Errorf("autoplay %s: no completion in the command list", strings.Join(args, " "))
		} else if len(c.Commands()) != 0 {
			t.Errorf("autoplay %s built cobra's completion command (%d subcommands), want its line only", strings.Join(args, " "), len(c.Commands()))
		}
		if bytes >= full {
			t.Errorf("autoplay %s allocated %d bytes, as many as with cobra's completion (%d)", strings.Join(args, " "), bytes, full)
		}
	}
	bin := buildAutoplay(t)
	help, err := exec.Command(bin, "--help").Output()
	if err != nil || !strings.Contains(string(help), "completion  Generate the autocompletion script for the specified shell") {
		t.Errorf("autoplay --help (%v) does not list completion:\n%s", err, help)
	}
	script, err := exec.Command(bin, "completion", "bash").Output()
	if err != nil || !strings.Contains(string(script), "bash completion") {
		t.Errorf("autoplay completion bash (%v) printed no script:\n%.300s", err, script)
	}
}

// The command list (autoplay, --help, -h, help) is built from each
// command's name and line: none of their flags (match alone has 60, each
// built with its default's text), help texts or subcommands.
func TestCommandListBuildsNoFlags(t *testing.T) {
	for _, args := range [][]string{{}, {"--help"}, {"-h"}, {"help"}} {
		root := newRoot()
		addCommands(root, args)
		if len(root.Commands()) != len(commands)+1 {
			t.Errorf("autoplay %s lists %d commands, want %d and completion", strings.Join(args, " "), len(root.Commands()), len(commands))
		}
		for _, c := range root.Commands() {
			if c.HasAvailableFlags() || c.HasSubCommands() || c.Long != "" {
				t.Errorf("autoplay %s built %s whole: its flags, help text or subcommands", strings.Join(args, " "), c.Name())
			}
		}
	}
}

// helpOf is what root prints when started with args.
func helpOf(root *cobra.Command, args []string) string {
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs(args)
	_ = root.Execute()
	return out.String()
}

// wholeHelpOf is what autoplay prints when started with args, with every
// command built whole (as every start did before the command list).
func wholeHelpOf(args ...string) string {
	root := newRoot()
	for _, c := range commands {
		root.AddCommand(c.build())
	}
	return helpOf(root, append([]string{}, args...))
}

// The command list prints byte for byte what the commands built whole
// print, in this build and in the lean one; so does a command's --help.
func TestCommandListIsTheWholeTreesHelp(t *testing.T) {
	for _, args := range [][]string{{}, {"--help"}, {"-h"}, {"help"}} {
		root := newRoot()
		addCommands(root, args)
		if got, want := helpOf(root, args), wholeHelpOf(args...); got != want {
			t.Errorf("autoplay %s prints\n%s\nwith every command built whole\n%s", strings.Join(args, " "), got, want)
		}
	}
	lean := buildLean(t)
	for _, args := range [][]string{{}, {"--help"}, {"help"}, {"match", "--help"}, {"engine", "--help"}} {
		got, err := exec.Command(lean, args...).Output()
		if want := wholeHelpOf(args...); err != nil || string(got) != want || !strings.Contains(want, "Usage:") {
			t.Errorf("the lean autoplay %s (%v) prints\n%s\nwith every command built whole\n%s", strings.Join(args, " "), err, got, want)
		}
	}
}
