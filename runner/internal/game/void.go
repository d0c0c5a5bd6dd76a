package game

import (
	"time"

	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/internal/selfpause"
	"github.com/autoplay/autoplay/runner/record"
)

// VoidError is a game autoplay itself paused in (stopped by a signal, frozen
// with its VM, asleep): the engines thought on while the clocks ran, so
// what the clocks say is not theirs. Nothing of it may be scored; the game
// is played again.
type VoidError struct {
	Pause selfpause.Pause
}

func (e *VoidError) Error() string { return e.Pause.String() }

// voidIfPaused decides, once the game has ended and before anything of it
// is recorded, whether autoplay paused during it. A time forfeit or a stall
// waits for the watcher's beats first: a short stop's SIGCONT may be
// reported a moment after the flag it caused fell. A time forfeit or a
// stall is void too when autoplay was kept from running (starved, frozen)
// for longer than the engine's time margin: the engine could not absorb
// that.
//
// asked is when the last move's clock started: only a delay during that
// move can have cost it its time.
func voidIfPaused(mark selfpause.Mark, end record.End, players [2]*enginehost.Engine, asked time.Time) error {
	if end.Failure == record.FailTime || end.Failure == record.FailStall {
		selfpause.Settle()
	}
	if p, paused := mark.Paused(); paused {
		return &VoidError{Pause: p}
	}
	if end.Failure == record.FailTime || end.Failure == record.FailStall {
		if p, late := mark.LateBeyond(players[end.Culprit].Config().TimeMargin, asked); late {
			return &VoidError{Pause: p}
		}
	}
	return nil
}
