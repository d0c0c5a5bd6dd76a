package runner

import (
	"context"
	"sync"
)

// gameQueue holds the games waiting to be handed out. A fixed schedule puts
// all of them in at the start and closes it; a knockout adds each phase's
// games as the one before ends, and closes it once it has its winner.
type gameQueue struct {
	mu     sync.Mutex
	games  []scheduledGame
	closed bool
	more   chan struct{} // a token: games were added or the queue closed
}

func newGameQueue(games []scheduledGame, closed bool) *gameQueue {
	return &gameQueue{games: games, closed: closed, more: make(chan struct{}, 1)}
}

// add appends games; closing says no more will come.
func (q *gameQueue) add(games []scheduledGame, closing bool) {
	q.mu.Lock()
	q.games = append(q.games, games...)
	q.closed = q.closed || closing
	q.mu.Unlock()
	select {
	case q.more <- struct{}{}:
	default:
	}
}

// take returns the next game, waiting for one while the queue is open; false
// once it is closed and empty, or the run stops.
func (q *gameQueue) take(ctx context.Context, stop <-chan struct{}) (scheduledGame, bool) {
	for {
		q.mu.Lock()
		if len(q.games) > 0 {
			g := q.games[0]
			q.games = q.games[1:]
			q.mu.Unlock()
			return g, true
		}
		closed := q.closed
		q.mu.Unlock()
		if closed {
			return scheduledGame{}, false
		}
		select {
		case <-q.more:
		case <-ctx.Done():
			return scheduledGame{}, false
		case <-stop:
			return scheduledGame{}, false
		}
	}
}
