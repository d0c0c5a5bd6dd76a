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
// SIGTERM, or SIGHUP: a closed terminal ends the run as Ctrl-C does, with
// its final score and files); a second one kills every engine and exits at
// once. Engines run in process groups of their own, so a terminal's Ctrl-C
// reaches autoplay alone and nothing an engine does while we stop is
// scored. A reader of its output that goes away (autoplay match ... | head
// -1) does not stop the run: writes to the closed pipe fail and the games
// go on into the files. (SIGPIPE is caught, not ignored: an ignored signal
// would stay ignored in the engines autoplay starts.)
func interruptible() (context.Context, func()) {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
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
