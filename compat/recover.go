package compat

import (
	"fmt"
	"io"

	"github.com/autoplay/autoplay/runner/record"
)

// faultWithoutRecover is fastchess without -recover: a game an engine's
// stall or crash ended stops the run (StopRun), said before the game's own
// line as fastchess says it; the exit status is then 1 (Failed). With
// -recover, or in cutechess-cli's mode, the engine is replaced and play goes
// on, as autoplay always does.
func (inv *Invocation) faultWithoutRecover(w io.Writer, rec *record.GameRecord) {
	if inv.Dialect != Fastchess || inv.recover || rec.Failure != record.FailStall && rec.Failure != record.FailDisconnect {
		return
	}
	if inv.stoppedOnFault.Swap(true) {
		return // one game's fault stops it; games still in flight finish
	}
	fmt.Fprintf(w, "Game %d stalled / disconnected and no recover option set for engine, stopping tournament.\n", rec.Number)
	if inv.StopRun != nil {
		inv.StopRun()
	}
}

// Failed says the run ends with exit status 1 though it played: a warning
// under -strict, or a stall or crash without -recover (fastchess's
// abnormal termination).
func (inv *Invocation) Failed() bool { return inv.FailedStrictly() || inv.stoppedOnFault.Load() }
