//go:build lean

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/spec"
)

// The lean build (make build's bin/autoplay, go build -tags lean) links
// neither the NATS server and client nor the dashboard's HTTP server nor
// the YAML reader of run files: their package inits cost start-up (NATS's
// and HTTP's alone more than a bare Go program's whole), paid by every
// autoplay --help, built-in engine and slot process. A
// command that needs them becomes autoplay-full, the build without the tag,
// from the same directory: exec keeps the process, its arguments, its
// standard files and its place among its parent's children.

// startArgs are the program's arguments as it was started, before a
// drop-in mode rewrites them (main): a hand-over passes them on.
var startArgs = append([]string(nil), os.Args...)

// handOverToFull execs autoplay-full with the program's own arguments when
// cmd needs its code (run, the worker, view, --serve, --nats, --web); otherwise
// it returns nil and the lean build goes on.
func handOverToFull(cmd *cobra.Command) error {
	why := cmd.Annotations[needsFull]
	for _, name := range []string{"serve", "nats", "web"} {
		if f := cmd.Flags().Lookup(name); why == "" && f != nil && f.Changed {
			why = "--" + name
		}
	}
	if why == "" {
		return nil
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("%s needs %s: %w", why, fullProgram, err)
	}
	full := filepath.Join(filepath.Dir(self), fullProgram)
	if _, err := os.Stat(full); err != nil {
		return fmt.Errorf("%s needs %s, the build of autoplay with the YAML, NATS and dashboard code, beside this program: %s is missing (make build writes both)", why, fullProgram, full)
	}
	err = syscall.Exec(full, startArgs, os.Environ())
	return fmt.Errorf("%s needs %s: %w", why, full, err)
}

// newWorkerCmd is the worker's place in the command list; all of it,
// --help included, is autoplay-full's.
func newWorkerCmd() *cobra.Command {
	return &cobra.Command{
		Use:                "worker",
		Short:              workerShort,
		DisableFlagParsing: true,
		Annotations:        map[string]string{needsFull: "worker"},
		RunE:               func(*cobra.Command, []string) error { return errNotLean },
	}
}

// errNotLean is what the lean build's stand-ins return if ever reached:
// handOverToFull runs before any command that needs them.
var errNotLean = errors.New("this needs autoplay-full (the NATS and dashboard code are not in this build)")

func (f *farmFlags) apply(*spec.Config, *runner.Options) (func(), error) {
	if f.serve == "" && f.nats == "" {
		return func() {}, nil
	}
	return nil, errNotLean
}

func serveDashboard(addr string, _ []string, _ *runner.Options) (func(), error) {
	if addr == "" {
		return func() {}, nil
	}
	return nil, errNotLean
}

func startDashboard(string, []string, *live.State) (func(), error) {
	return nil, errNotLean
}

// loadRunFile is autoplay-full's (runfile.go): the lean build links no YAML
// reader, whose package init every start would pay, and hands run over.
func loadRunFile(string, *pflag.FlagSet) (*spec.Config, []string, error) {
	return nil, nil, errNotLean
}
