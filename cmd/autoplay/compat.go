package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/compat"
	"github.com/autoplay/autoplay/runner"
)

// cutechessShort and fastchessShort are the lines of the dialects'
// commands in the command list.
const (
	cutechessShort = "Run a cutechess-cli command line as-is and print what cutechess-cli prints"
	fastchessShort = "Run a fastchess command line as-is and print what fastchess prints"
)

func newCompatCmd(d compat.Dialect) *cobra.Command {
	tool, short := "cutechess-cli", cutechessShort
	if d == compat.Fastchess {
		tool, short = "fastchess", fastchessShort
	}
	return &cobra.Command{
		Use:   string(d) + " ARGS...",
		Short: short,
		Long: "Run a " + tool + ` command line unchanged (single-dash options: -engine, -each,
-games, -rounds, -openings, -sprt, -pgnout, ...) and print its output line for line,
so that scripts that parse it work. Installed or linked under the name ` + tool + `,
autoplay behaves as this command: ln -s autoplay ` + tool + `.
An option autoplay does not support is an error naming it. See README, "Drop-in".`,
		Example:            "  autoplay " + string(d) + " -engine cmd=/usr/games/stockfish name=sf -engine cmd=builtin name=ap \\\n      -each tc=5+0.05 -games 2 -rounds 10 -repeat -pgnout file=games.pgn",
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCompat(d, args)
		},
	}
}

// runCompat runs one command line of another tool, with that tool's exit
// statuses: 0 when the run ended (whatever an SPRT decided), 1 on an error;
// an interrupted run is 130 for cutechess-cli and 1 for fastchess.
func runCompat(d compat.Dialect, args []string) error {
	for _, a := range args {
		switch {
		case a == "--help" || a == "-h":
			args = []string{"-help"}
		case d == compat.Fastchess && (a == "-version" || a == "--version" || a == "-v" || a == "--v"):
			args = []string{"-version"} // fastchess prints it and exits as it reads it
		}
	}
	if d == compat.Fastchess && len(args) >= 2 && args[0] == "--compliance" {
		return runCompliance(args[1:])
	}
	inv, err := compat.Parse(d, args)
	if err != nil {
		return err
	}
	switch {
	case inv.Help:
		return compatHelp(d)
	case inv.Version:
		fmt.Println(inv.VersionLine())
		return nil
	}
	if err := useBuiltinEngine(inv.Config.Engines); err != nil {
		return err
	}
	if err := inv.Prepare(os.Stderr); err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	inv.StopRun = cancel // -strict's warning, or a crash without -recover, ends the run
	opt := inv.Options(os.Stdout)
	opt.Layout = func(runner.LayoutChoice) {} // chosen as for match, not printed: the drop-in's output is the original's
	res, err := runner.Run(ctx, inv.Config, opt)
	if err != nil {
		return err
	}
	if err := inv.Conclude(os.Stdout); err != nil {
		return err
	}
	if inv.Failed() {
		return &exitStatus{exitError, "a warning ended a -strict run, or an engine's stall or crash a run without -recover"}
	}
	if res.Interrupted {
		if d == compat.Fastchess {
			return &exitStatus{exitError, "interrupted"}
		}
		return errInterrupted
	}
	return nil
}

// runCompliance is fastchess's --compliance ENGINE [ARGS]: its steps, its
// lines, and exit status 1 when a step fails.
func runCompliance(args []string) error {
	c, err := compat.NewCompliance(args)
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	passed, err := c.Run(ctx, os.Stdout, os.Stderr)
	if err != nil {
		return err
	}
	if !passed {
		return &exitStatus{exitError, ""} // fastchess's Failed line said it
	}
	return nil
}

func compatHelp(d compat.Dialect) error {
	cmd := newCompatCmd(d)
	fmt.Println(cmd.Long)
	fmt.Println("\nExample:\n" + cmd.Example)
	return nil
}

// dialectOfProgram says which tool autoplay was installed as, from the
// name it was started by ("cutechess-cli", "fastchess"), or "".
func dialectOfProgram(argv0 string) compat.Dialect {
	name := strings.TrimSuffix(filepath.Base(argv0), ".exe")
	switch name {
	case "cutechess-cli", "cutechess":
		return compat.Cutechess
	case "fastchess", "fast-chess":
		return compat.Fastchess
	}
	return ""
}

// singleDashHint explains `autoplay -engine ...`: the other tools' options
// need their subcommand.
func singleDashHint(args []string) error {
	if len(args) == 0 || !strings.HasPrefix(args[0], "-") || strings.HasPrefix(args[0], "--") || len(args[0]) < 3 {
		return nil
	}
	return fmt.Errorf("%s is a cutechess-cli/fastchess option: run `autoplay cutechess %s` or `autoplay fastchess %s` (or link autoplay as cutechess-cli or fastchess); autoplay's own commands are `autoplay match --engine ...` and `autoplay run FILE.yaml`",
		args[0], strings.Join(args, " "), strings.Join(args, " "))
}
