package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/check"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// exitCheckFailed: autoplay check found at least one FAIL.
const exitCheckFailed = 2

// checkShort is the check command's line in the command list.
const checkShort = "Run protocol checks on one engine (the built-in one when none is given); exit 2 on any FAIL"

// newCheckCmd checks one engine's protocol (check.Run).
func newCheckCmd() *cobra.Command {
	var (
		asJSON  bool
		noGames bool
		timeout time.Duration
	)
	cmd := &cobra.Command{
		Use:   "check [ENGINE-SPEC]",
		Short: checkShort,
		Long: `check runs a battery of protocol checks on one engine, given as --engine
takes it ("cmd=./dev proto=uci option.Hash=16"), and prints one line per check:
PASS, FAIL, WARN or SKIP, with the exchange that shows why. It goes on after
a failure. Exit status: 0 when nothing failed, 2 when a check failed, 1 when
the command itself could not run.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			e := spec.DefaultEngineConfig()
			text := "cmd=" + spec.BuiltinCmd
			if len(args) == 1 {
				text = args[0]
			}
			if err := parse.EngineSpec(&e, text); err != nil {
				return fmt.Errorf("engine: %w", err)
			}
			if e.Cmd == "" {
				e.Cmd = spec.BuiltinCmd // "proto=xboard": the built-in engine over XBoard
			}
			engines := []spec.EngineConfig{e}
			if err := useBuiltinEngine(engines); err != nil {
				return err
			}
			if engines[0].Name == "" {
				engines[0].Name = filepath.Base(engines[0].Cmd)
			}
			if err := engines[0].Validate(); err != nil {
				return err
			}
			ctx, stop := interruptible()
			defer stop()
			out := cmd.OutOrStdout()
			each := func(r check.Result) { printCheck(out, r) }
			if asJSON {
				each = nil
			}
			report := check.Run(ctx, engines[0], check.Options{Timeout: timeout, NoGames: noGames}, each)
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				if err := enc.Encode(report); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(out, "%d PASS, %d FAIL, %d WARN, %d SKIP\n", report.Count(check.Pass), report.Count(check.Fail), report.Count(check.Warn), report.Count(check.Skip))
			}
			if ctx.Err() != nil {
				return errInterrupted
			}
			if report.Failed() {
				return &exitStatus{exitCheckFailed, "a check failed"}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON (for CI)")
	cmd.Flags().BoolVar(&noGames, "no-games", false, "leave out the self-play games that check time use")
	cmd.Flags().DurationVar(&timeout, "timeout", 0, "longest wait for any answer (default: the engine's timeout=, 10s)")
	return cmd
}

// printCheck writes one result: "PASS  name: detail", its evidence below.
func printCheck(w io.Writer, r check.Result) {
	fmt.Fprintf(w, "%-4s  %s: %s\n", r.Status, r.Name, r.Detail)
	for _, l := range r.Evidence {
		fmt.Fprintf(w, "        %s\n", l)
	}
}
