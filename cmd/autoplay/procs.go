package main

import (
	"os"
	"runtime"
)

// oneProcessor runs the supervisor on one Go processor unless GOMAXPROCS is
// set. Its work per move is a few microseconds between pipe reads; with more
// processors the scheduler wakes and parks threads on every engine line, and
// bench/relay.sh measured about a fifth more CPU per move for it (relaying
// stockfish at nodes=1: ~94 µs with one, ~120 µs with two on this machine).
// Engines are separate processes and keep every core.
func oneProcessor() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}
}
