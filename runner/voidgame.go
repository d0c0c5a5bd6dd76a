package runner

import (
	"context"
	"errors"
	"fmt"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/internal/selfpause"
	"github.com/autoplay/autoplay/runner/record"
)

// maxVoidsInARow is how many times one game may be void, autoplay itself
// paused while it was played, and played again before the run stops with
// an error rather than score it: as many as a slot process may die in a
// game (maxSlotRestarts).
const maxVoidsInARow = maxSlotRestarts

// playJob plays game g with the worker's engines, as playOnce does, and
// plays it again when autoplay itself paused during it (stopped by a
// signal, frozen with its VM, asleep): the engine to move would otherwise
// be charged autoplay's pause, as a time loss or a stall. Nothing of a
// void game is recorded or scored; the output says it is played again.
func (r *run) playJob(ctx context.Context, worker int, engines map[int]*enginehost.Engine, g scheduledGame, opening pgn.Opening) (*record.GameRecord, error) {
	for voids := 0; ; voids++ {
		rec, err := r.playOnce(ctx, worker, engines, g, opening)
		var void *game.VoidError
		if !errors.As(err, &void) {
			return rec, err
		}
		if voids == maxVoidsInARow {
			return nil, fmt.Errorf("game %d is void %d times in a row, the last because %v: the run stops rather than score a game autoplay could not follow", g.number, voids+1, void)
		}
		r.out.warn(fmt.Sprintf("game %d void: %v; it will be played again, nothing of it counted (%d of %d)", g.number, void, voids+1, maxVoidsInARow))
	}
}

// readyOrVoid readies the game's engines as ready does, but a failure while
// autoplay itself was paused (a handshake or an isready that ran out of
// time because autoplay could not read the answer) makes the game void,
// to be played again, rather than charge the engine with a failure to
// start.
func (r *run) readyOrVoid(ctx context.Context, worker int, engines map[int]*enginehost.Engine, white, black int) (int, error) {
	mark := selfpause.Begin()
	defer mark.End()
	failed, err := r.ready(ctx, worker, engines, white, black)
	if err == nil || ctx.Err() != nil {
		return failed, err
	}
	selfpause.Settle()
	if p, paused := mark.Paused(); paused {
		return failed, &game.VoidError{Pause: p}
	}
	return failed, err
}
