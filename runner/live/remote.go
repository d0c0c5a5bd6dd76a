package live

import (
	"slices"
	"time"
)

// A distributed run's games are played on workers: each worker sends, every
// few seconds, a game's moves so far, taken from a State of its own (Game),
// and the coordinator's State shows it as one of its own (Remote) until it
// is recorded (Recorded) or its worker stops sending (Ended).

// Game is a copy of game number as it is now, if it is being played.
func (l *State) Game(number int) (Game, bool) {
	if l == nil {
		return Game{}, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	g, ok := l.games[number]
	if !ok {
		return Game{}, false
	}
	c := *g
	c.Moves = slices.Clone(g.Moves)
	c.Scores = slices.Clone(g.Scores)
	return c, true
}

// Remote takes a game being played elsewhere as its worker last sent it,
// in place of what it sent before.
func (l *State) Remote(g Game) {
	if l == nil {
		return
	}
	if g.Moves == nil {
		g.Moves = []string{} // the page reads its length
	}
	g.Updated = time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.games[g.Number] = &g
	l.touch()
}
