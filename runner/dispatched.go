package runner

import (
	"context"
	"time"

	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/record"
)

// runDispatched hands the games to the Dispatcher and records what comes
// back, as the local workers' games are recorded.
func (r *run) runDispatched(ctx context.Context, opt Options, todo []scheduledGame, res *Result, outs *outputs, cpuAtStart time.Duration) (*Result, error) {
	jobs := make(chan scheduledGame)
	dispatched := make(chan GameJob)
	results := make(chan *record.GameRecord)
	queue := newGameQueue(todo, r.knockout == nil)
	scheduled := make(chan struct{})
	go func() {
		defer proc.KillOnPanic()
		defer close(scheduled)
		r.dispatch(ctx, queue, jobs)
	}()
	go func() {
		defer close(dispatched)
		for g := range jobs {
			opening, err := r.picker.opening(g.opening)
			if err != nil {
				r.fail(err)
				return
			}
			job := GameJob{Number: g.number, Encounter: g.encounter, Pair: g.pair, White: g.white, Black: g.black, OpeningIx: g.opening, Opening: opening, Round: g.round}
			select {
			case dispatched <- job:
			case <-ctx.Done():
				return
			case <-r.stop:
				return
			}
		}
	}()
	go func() {
		defer close(results)
		if err := opt.Dispatcher.Play(ctx, r.cfg, dispatched, results, r.stop); err != nil && ctx.Err() == nil {
			r.fail(err)
		}
	}()
	r.collect(results, res, outs, queue)
	<-scheduled
	return r.conclude(ctx, opt, res, outs, cpuAtStart)
}
