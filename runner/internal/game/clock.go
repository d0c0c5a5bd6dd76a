package game

import (
	"time"

	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/spec"
)

// Clock is one side's chess clock during a game. It only does arithmetic:
// the game loop measures each move on the monotonic clock and reports it.
// All of a clock's rules live here: periods, increments, delays, and (with
// PunchMove) the hourglass.
type Clock struct {
	tc        spec.TimeControl
	remaining time.Duration
	period    int // the current period, 0-based
	movesLeft int // moves left in the current period; 0 when it lasts the game
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

// EngineInc is the increment the engine is told: the current period's,
// plus the delay. Neither protocol has a delay field; told as increment,
// the engine never counts on more time than it has (with a simple delay
// the free time comes before the move, with Bronstein's after it, up to
// what it used), and the time left it is sent is the real clock's.
func (c *Clock) EngineInc() time.Duration { return c.tc.Period(c.period).Inc + c.tc.Delay }

// Timed says whether moves are limited in time: a chess clock or a fixed
// time per move.
func (c *Clock) Timed() bool { return c.tc.HasClock() || c.tc.MoveTime > 0 }

// Budget is the longest a move may take before it is a time forfeit, not
// counting the grace margin; with Timed false there is no limit (0). A
// clock that a move overdrew within the margin has 0 left: the next move
// has the margin alone. A simple delay adds its wait: the clock runs only
// after it. Bronstein's delay is given back after the move, so it does not.
func (c *Clock) Budget() time.Duration {
	switch {
	case c.tc.HasClock() && !c.tc.Bronstein:
		return c.Remaining() + c.tc.Delay
	case c.tc.HasClock():
		return c.Remaining()
	case c.tc.MoveTime > 0:
		return c.tc.MoveTime
	}
	return 0
}

// Punch records a move that took elapsed: the clock loses that time less
// the delay (a simple delay never runs the clock for its first seconds;
// Bronstein's gives back the time used up to the delay: the same sum),
// gains the period's increment, and after the period's last move the next
// period's time (the last period again when it has moves). It reports
// false when the move overstepped the budget plus margin.
func (c *Clock) Punch(elapsed, margin time.Duration) bool {
	if c.Timed() && elapsed > c.Budget()+margin {
		if c.tc.HasClock() {
			c.remaining -= max(elapsed-c.tc.Delay, 0)
		}
		return false
	}
	if !c.tc.HasClock() {
		return true
	}
	p := c.tc.Period(c.period)
	c.remaining += p.Inc - max(elapsed-c.tc.Delay, 0)
	if p.Moves > 0 {
		c.movesLeft--
		if c.movesLeft == 0 {
			if c.period+1 < c.tc.Periods() {
				c.period++
				p = c.tc.Period(c.period)
			}
			c.remaining += p.Base
			c.movesLeft = p.Moves
		}
	}
	return true
}

// PunchMove punches side's clock for a move that took elapsed and, in an
// hourglass, gives that time to the opponent's clock (both sides play it:
// spec refuses an hourglass on one side only). It reports false for a
// time forfeit.
func PunchMove(clocks *[2]Clock, side Color, elapsed, margin time.Duration) bool {
	if !clocks[side].Punch(elapsed, margin) {
		return false
	}
	if clocks[side].tc.Hourglass && clocks[1-side].tc.Hourglass {
		clocks[1-side].remaining += elapsed
	}
	return true
}

// engineClocks is what the engine of side is told of the clocks.
func engineClocks(clocks *[2]Clock, side Color) enginehost.Clocks {
	return enginehost.Clocks{
		Left:      [2]time.Duration{clocks[White].Remaining(), clocks[Black].Remaining()},
		Inc:       [2]time.Duration{clocks[White].EngineInc(), clocks[Black].EngineInc()},
		MovesToGo: clocks[side].MovesToGo(),
		None:      [2]bool{!clocks[White].tc.HasClock(), !clocks[Black].tc.HasClock()},
	}
}
