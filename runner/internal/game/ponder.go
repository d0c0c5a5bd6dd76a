package game

import (
	"context"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
)

// pondering is where one game stands with pondering, by colour: the reply
// each engine named with its last move, and while it ponders, the reply it
// ponders on.
type pondering struct {
	named    [2]protocol.Move
	active   [2]bool
	expected [2]protocol.Move
}

// start has the engine of side ponder on the reply it named, if it may and
// the reply is legal; board and history are the game before that reply.
func (p *pondering) start(e *enginehost.Engine, side Color, board Board, history *enginehost.History, clocks *[2]Clock) error {
	named := p.named[side]
	p.named[side] = protocol.Move{}
	if named.IsZero() || !e.CanPonder() {
		return nil
	}
	expected, legal := board.Legal(named)
	if !legal {
		return nil
	}
	p.active[side], p.expected[side] = true, expected
	withReply := history.With(expected)
	return e.Ponder(&withReply, engineClocks(clocks, side), side)
}

// resume turns a pondering engine to its move after the opponent's reply
// last: on the expected reply its search goes on ("ponderhit"), else it is
// stopped and asked afresh. The clock starts at the returned time: on a
// miss, when the reply came, so the wait for the stopped search's answer
// is the engine's time and an engine that ignores stop runs out of it.
func (p *pondering) resume(ctx context.Context, e *enginehost.Engine, side Color, history *enginehost.History, clocks *[2]Clock) (time.Time, error) {
	p.active[side] = false
	if history.Last() == p.expected[side] {
		return e.PonderHit()
	}
	start := time.Now()
	if err := e.PonderMiss(ctx, moveLimit(e.Config(), &clocks[side])); err != nil {
		return start, err
	}
	_, err := e.Think(history, engineClocks(clocks, side), side)
	return start, err
}
