package engine

import (
	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

// thinkerState is where the thinker is in its cycle. Only go and stop (and
// quit, a stop that ends the process) move it, all in transition.
type thinkerState uint8

const (
	waiting       thinkerState = iota // no search; position and options may change
	startThinking                     // a search is being launched
	thinking                          // a search runs and will send one bestmove
)

// event is what may change the thinker's state.
type event uint8

const (
	evGo event = iota
	evStop
)

// thinker owns the search goroutine: at most one runs, each sends exactly
// one bestmove, and done closes after that bestmove was queued.
type thinker struct {
	state    thinkerState
	searcher *Searcher
	done     chan struct{} // closed when the running search has finished
	send     func(Reply)
}

// transition is the only place the thinker's state changes. evGo from
// waiting starts a search and returns once it runs; evStop from thinking
// stops the search and returns once it is back to waiting. A go while
// thinking first stops the old search, so its bestmove comes out first.
func (t *thinker) transition(ev event, pos *chess.Position, lim Limits) {
	switch ev {
	case evGo:
		if t.state != waiting {
			t.transition(evStop, nil, Limits{})
		}
		t.state = startThinking
		t.searcher.stop.Store(false)
		started := make(chan struct{})
		done := make(chan struct{})
		t.done = done
		search := pos.Clone()
		go func() {
			defer close(done)
			close(started)
			res := t.searcher.Search(search, lim)
			r := Reply{Kind: ReplyBestMove}
			if res.Best != chess.NoMove {
				r.Best = search.ProtocolMove(res.Best)
				if res.Ponder != chess.NoMove {
					r.Ponder = search.ProtocolMove(res.Ponder)
				}
			}
			t.send(r)
		}()
		<-started
		t.state = thinking
	case evStop:
		if t.state == waiting {
			return
		}
		t.searcher.Stop()
		<-t.done
		t.done = nil
		t.state = waiting
	}
}

// finished returns a channel that closes when the running search is done,
// or nil (never ready) when there is none.
func (t *thinker) finished() <-chan struct{} { return t.done }

func protocolMoves(pos *chess.Position, ms []protocol.Move) []chess.Move {
	var out []chess.Move
	for _, pm := range ms {
		if m, ok := pos.FromProtocol(pm); ok {
			out = append(out, m)
		}
	}
	return out
}
