package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/autoplay/autoplay/runner"
)

// interruptible returns a context cancelled by the first Ctrl-C (or
// SIGTERM); a second one kills every engine and exits at once. Engines run in
// process groups of their own, so a terminal's Ctrl-C reaches autoplay alone
// and nothing an engine does while we stop is scored.
func interruptible() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
			fmt.Fprintln(os.Stderr, "Interrupted: stopping the match (Ctrl-C again to exit at once)")
			cancel()
		case <-done:
			return
		}
		select {
		case <-sigs:
			runner.KillAllEngines()
			os.Exit(exitInterrupted)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}
