package game

import (
	"time"

	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/spec"
)

// Clock is one side's chess clock during a game. It only does arithmetic:
// the game loop measures each move on the monotonic clock and reports it.
type Clock struct {
	tc        spec.TimeControl
	remaining time.Duration
	movesLeft int // moves left in the current period; 0 when periods are not used
}

// NewClock starts a clock for a time control.
func NewClock(tc spec.TimeControl) Clock {
	return Clock{tc: tc, remaining: tc.Base, movesLeft: tc.Moves}
}

// Remaining is the time left on the clock, as sent to the engine (never
// below zero: a move that used up its margin leaves nothing, not debt).
func (c *Clock) Remaining() time.Duration { return max(c.remaining, 0) }

// MovesToGo is the number of moves left before the next time period, or 0.
func (c *Clock) MovesToGo() int { return c.movesLeft }

// Timed says whether moves are limited in time: a chess clock or a fixed
// time per move.
func (c *Clock) Timed() bool { return c.tc.HasClock() || c.tc.MoveTime > 0 }

// Budget is the longest a move may take before it is a time forfeit, not
// counting the grace margin; with Timed false there is no limit (0). A
// clock that a move overdrew within the margin has 0 left: the next move
// has the margin alone.
func (c *Clock) Budget() time.Duration {
	switch {
	case c.tc.HasClock():
		return c.Remaining()
	case c.tc.MoveTime > 0:
		return c.tc.MoveTime
	}
	return 0
}

// Punch records a move that took elapsed: the clock loses that time, gains
// the increment, and starts a new period when this one's moves are played.
// It reports false when the move overstepped the budget plus margin.
func (c *Clock) Punch(elapsed, margin time.Duration) bool {
	if c.Timed() && elapsed > c.Budget()+margin {
		if c.tc.HasClock() {
			c.remaining -= elapsed
		}
		return false
	}
	if !c.tc.HasClock() {
		return true
	}
	c.remaining += c.tc.Inc - elapsed
	if c.tc.Moves > 0 {
		c.movesLeft--
		if c.movesLeft == 0 {
			c.remaining += c.tc.Base
			c.movesLeft = c.tc.Moves
		}
	}
	return true
}

// engineClocks is what the engine of side is told of the clocks.
func engineClocks(clocks *[2]Clock, side Color) enginehost.Clocks {
	return enginehost.Clocks{
		Left:      [2]time.Duration{clocks[White].Remaining(), clocks[Black].Remaining()},
		Inc:       [2]time.Duration{clocks[White].tc.Inc, clocks[Black].tc.Inc},
		MovesToGo: clocks[side].MovesToGo(),
		None:      [2]bool{!clocks[White].tc.HasClock(), !clocks[Black].tc.HasClock()},
	}
}
