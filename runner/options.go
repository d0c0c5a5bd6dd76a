package runner

import (
	"io"

	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/live"
)

// Options are what a run uses but does not decide: they are no part of the
// config, nor of the fingerprint that ties a PGN to it.
type Options struct {
	Out   io.Writer   // progress and results; nil = os.Stdout
	Relay *RelayStats // when set, per-move relay latencies are gathered here
	// Printer, when set, reports the run instead of autoplay's own output.
	Printer Printer
	// AppendOnly appends games to an existing PGN the way cutechess-cli
	// does: no state file, no resume, every scheduled game played.
	AppendOnly bool
	// Dispatcher, when set, plays the games on workers elsewhere (NATS)
	// instead of this process's own workers.
	Dispatcher Dispatcher
	// SlotProgram is the command of a slot process (Config.SlotProcesses);
	// nil is this program's own "slot" command.
	SlotProgram []string
	// Live, when set, is kept up to date with the games being played and
	// the standings (the web dashboard reads it).
	Live *live.State
	// Layout, when set, has the run choose how it runs itself (the Go
	// processors, slot processes, affinity: see chooseLayout) once it knows
	// how many games it plays at a time, and is told the choice. Unset,
	// the run keeps the process's GOMAXPROCS and the config's layout.
	Layout func(LayoutChoice)
}

// RelayStats gathers relay latencies (an engine's move read → the
// opponent's go written) over a whole run.
type RelayStats = game.RelayStats
