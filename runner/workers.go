package runner

import (
	"context"
	"sync"
	"time"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/record"
)

// runLocally plays the games on this process's own workers, each with the
// engines of its first game already started.
func (r *run) runLocally(ctx context.Context, opt Options, todo []scheduledGame, workerCount int, res *Result, outs *outputs, cpuAtStart time.Duration) (*Result, error) {
	// Every engine starts here, so one that cannot start is an error before
	// any game is played; each worker keeps the engines of a first game.
	first, err := r.preflight(ctx, todo, workerCount)
	if err != nil {
		if ctx.Err() != nil {
			// Stopped while engines started: an interruption, not an error.
			res.Interrupted = true
			r.out.final(res)
			return res, outs.writeJSON(&r.cfg.Outputs, r.cfg.Type, res, "interrupted")
		}
		return nil, err
	}
	jobs := make(chan scheduledGame)
	results := make(chan *record.GameRecord)
	scheduled := make(chan struct{})
	queue := newGameQueue(todo, r.knockout == nil)
	go func() {
		defer proc.KillOnPanic()
		defer close(scheduled)
		r.dispatch(ctx, queue, jobs)
	}()
	var workers sync.WaitGroup
	for i := range workerCount {
		engines := first[i]
		workers.Add(1)
		go func() {
			defer proc.KillOnPanic()
			defer workers.Done()
			r.work(ctx, i, engines, jobs, results)
		}()
	}
	go func() {
		workers.Wait()
		close(results)
	}()
	r.collect(results, res, outs, queue)
	<-scheduled
	return r.conclude(ctx, opt, res, outs, cpuAtStart)
}

// dispatch hands out games in schedule order until they run out, the run is
// finished early (SPRT, error), or it is cancelled.
func (r *run) dispatch(ctx context.Context, q *gameQueue, jobs chan<- scheduledGame) {
	defer close(jobs)
	for {
		g, ok := q.take(ctx, r.stop)
		if !ok {
			return
		}
		select {
		case jobs <- g:
		case <-ctx.Done():
			return
		case <-r.stop:
			return
		}
	}
}

// work plays games from jobs. It keeps the engines of its last game running
// for the next one and quits and reaps every engine it started.
func (r *run) work(ctx context.Context, worker int, engines map[int]*enginehost.Engine, jobs <-chan scheduledGame, results chan<- *record.GameRecord) {
	defer func() {
		for _, e := range engines {
			e.Close()
		}
	}()
	for {
		var g scheduledGame
		var ok bool
		select {
		case g, ok = <-jobs:
			if !ok {
				return
			}
		case <-ctx.Done():
			return
		case <-r.stop:
			return
		}
		if r.finished() {
			return
		}
		opening, err := r.picker.opening(g.opening)
		if err != nil {
			r.fail(err)
			return
		}
		rec, err := r.playJob(ctx, worker, engines, g, opening)
		if err != nil {
			r.fail(err)
			return
		}
		if rec == nil {
			return // stopped, or the run failed
		}
		results <- rec
		if r.cfg.Wait > 0 && !r.pause(ctx, r.cfg.Wait) {
			return
		}
	}
}

// playOnce plays game g with the worker's engines, starting or replacing
// them as needed. It returns nil without an error when the run stops (ctx
// cancelled: nothing of the game is scored) or has failed, and a
// *game.VoidError when autoplay itself paused during the game.
func (r *run) playOnce(ctx context.Context, worker int, engines map[int]*enginehost.Engine, g scheduledGame, opening pgn.Opening) (*record.GameRecord, error) {
	if failed, err := r.readyOrVoid(ctx, worker, engines, g.white, g.black); err != nil {
		if ctx.Err() != nil {
			return nil, nil
		}
		if _, void := err.(*game.VoidError); void {
			return nil, err
		}
		// An engine that cannot be restarted loses this game; only
		// repeated failures end the run.
		if r.startFailed(failed, err) {
			return nil, nil
		}
		rec := r.notStartedWith(g, opening, failed, err)
		r.out.started(g.number, r.total(), rec.White, rec.Black)
		return rec, nil
	}
	setup := game.Setup{
		Number:    g.number,
		Opening:   opening,
		Players:   [2]*enginehost.Engine{engines[g.white], engines[g.black]},
		MaxMoves:  r.cfg.MaxMoves,
		Draw:      r.cfg.Draw,
		Resign:    r.cfg.Resign,
		Tablebase: r.tablebase,
		Relay:     r.relay,
		Books:     [2]*game.Book{r.books[g.white], r.books[g.black]},
		BookSeed:  r.cfg.Seed,
	}
	if r.live != nil {
		setup.Watch = r.live
	}
	r.out.started(g.number, r.total(), setup.Players[record.White].Name(), setup.Players[record.Black].Name())
	rec, err := game.Play(ctx, &setup)
	if ctx.Err() != nil || err != nil {
		r.live.Ended(g.number)
	}
	if ctx.Err() != nil {
		// A stop has begun: whatever happened to this game is not scored.
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rec.Place = g.place()
	return rec, nil
}

// pause waits d between games (cutechess's -wait), unless the run stops.
func (r *run) pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
	case <-r.stop:
	}
	return false
}
