// Command autoplay plays chess engines against each other.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/runner"
)

// needsFull is the annotation of a command whose code only autoplay-full
// holds (lean.go).
const needsFull = "autoplay-full"

func main() {
	noHeapProfile()
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
	if d := dialectOfProgram(os.Args[0]); d != "" && !(len(os.Args) > 1 && os.Args[1] == "engine") {
		// ("engine" is how a copy named cutechess-cli starts its own
		// built-in engine: the other tools take no such word.)
		// Installed as cutechess-cli or fastchess: be that command.
		os.Args = append([]string{os.Args[0], string(d)}, os.Args[1:]...)
	} else if err := singleDashHint(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "autoplay:", err)
		os.Exit(exitError)
	}
	root := newRoot()
	addCommands(root, os.Args[1:])
	err := root.Execute()
	pprof.StopCPUProfile() // also for a run that ended with an error or was interrupted
	if err != nil {
		if err.Error() != "" { // "": the command said what went wrong itself
			fmt.Fprintln(os.Stderr, "autoplay:", err)
		}
		runner.KillAllEngines()
		os.Exit(exitCode(err))
	}
}

// newRoot is the program's command without its commands (addCommands).
func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:           "autoplay",
		Short:         "Play chess engines against each other: matches, tournaments, SPRT tests",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	var cpuProfile string
	root.PersistentFlags().StringVar(&cpuProfile, "cpuprofile", "", "write a pprof CPU profile of autoplay itself to this file")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if err := handOverToFull(cmd); err != nil {
			return err
		}
		return startCPUProfile(cpuProfile)
	}
	return root
}
