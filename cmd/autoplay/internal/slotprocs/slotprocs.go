// Package slotprocs puts a slot process (autoplay slot) on one Go
// processor from its first package inits on, not from its main: it imports
// nothing of the project, so it is initialised right after os, before the
// inits of regexp, cobra and the rest. Those then run on one
// thread, and no second processor's caches are filled and handed back
// when the slot drops to one: about 60 of a slot process's 420 page
// faults (bench/startup.sh).
//
// One processor because a slot's work per move is a few microseconds
// between pipe reads; with more, the scheduler wakes and parks threads on
// every engine line, and bench/relay.sh measured about a fifth more CPU per
// move for it (relaying stockfish at nodes=1: ~94 µs with one, ~120 µs
// with two). Engines are separate processes and keep every core. A
// GOMAXPROCS in the environment is obeyed.
package slotprocs

import (
	"os"
	"runtime"
)

func init() {
	if len(os.Args) > 1 && os.Args[1] == "slot" && os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}
}
