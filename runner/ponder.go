package runner

import (
	"context"
	"fmt"
	"github.com/autoplay/autoplay/runner/spec"
	"runtime"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// ponderer is a driver whose engine the runner has think on its opponent's
// time (UCI "go ponder"). XBoard engines ponder by themselves ("hard").
type ponderer interface {
	canPonder(e *Engine) bool
	ponder(e *Engine, line *gameLine, clocks *[2]Clock, side Color) error
	ponderHit(e *Engine) (time.Time, error)
	ponderMiss(ctx context.Context, e *Engine) error
}

// pondering is where one game stands with pondering, by colour: the reply
// each engine named with its last move, and while it ponders, the reply it
// ponders on.
type pondering struct {
	named    [2]protocol.Move
	active   [2]bool
	expected [2]protocol.Move
}

// start has the engine of side ponder on the reply it named, if it may and
// the reply is legal; board and line are the game before that reply.
func (p *pondering) start(e *Engine, side Color, board Board, line *gameLine, clocks *[2]Clock) error {
	named := p.named[side]
	p.named[side] = protocol.Move{}
	pd, ok := e.drv.(ponderer)
	if !ok || named.IsZero() || !pd.canPonder(e) {
		return nil
	}
	expected, legal := board.Legal(named)
	if !legal {
		return nil
	}
	p.active[side], p.expected[side] = true, expected
	withReply := line.with(expected)
	return pd.ponder(e, &withReply, clocks, side)
}

// resume turns a pondering engine to its move after the opponent's reply
// last: on the expected reply its search goes on ("ponderhit"), else it is
// stopped and asked afresh. The clock starts at the returned time.
func (p *pondering) resume(ctx context.Context, e *Engine, side Color, line *gameLine, clocks *[2]Clock) (time.Time, error) {
	p.active[side] = false
	pd := e.drv.(ponderer)
	if line.last() == p.expected[side] {
		return pd.ponderHit(e)
	}
	if err := pd.ponderMiss(ctx, e); err != nil {
		return time.Time{}, err
	}
	return e.Think(line, clocks, side)
}

// settleAfterGame marks engines still pondering when the game ended: the
// worker stops them and reads their bestmove before their next game.
func (p *pondering) settleAfterGame(players [2]*Engine) {
	for c, active := range p.active {
		if active {
			players[c].busy = true
		}
	}
}

// warnPonderCores: a pondering game keeps both engines thinking, so it
// wants two cores; more games than the machine can give them get slower
// searches than the time control promises.
func warnPonderCores(c *spec.Config, warn func(string)) {
	for _, e := range c.Engines {
		if e.Ponder {
			if n := runtime.NumCPU(); c.Concurrency*2 > n {
				warn(fmt.Sprintf("pondering with concurrency %d needs %d cores; this machine has %d", c.Concurrency, 2*c.Concurrency, n))
			}
			return
		}
	}
}
