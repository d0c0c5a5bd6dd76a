package runner

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// preflight starts, all at once, the engines of each worker's first game
// and every other engine once (then quits those): an engine that cannot
// start is an error before any game, and no worker waits for the others'
// engines to start one after another (a stockfish takes about 0.1 s).
func (r *run) preflight(ctx context.Context, todo []scheduledGame, workers int) ([]map[int]*enginehost.Engine, error) {
	var firsts [][2]int
	for w := 0; w < workers && w < len(todo); w++ {
		firsts = append(firsts, [2]int{todo[w].white, todo[w].black})
	}
	kept, err := r.startEngines(ctx, firsts, uncoveredEngines(len(r.cfg.Engines), firsts))
	if err != nil {
		return nil, err
	}
	for len(kept) < workers {
		kept = append(kept, map[int]*enginehost.Engine{})
	}
	return kept, nil
}

// uncoveredEngines lists the engines of n that no game of firsts plays.
func uncoveredEngines(n int, firsts [][2]int) []int {
	covered := map[int]bool{}
	for _, g := range firsts {
		covered[g[0]], covered[g[1]] = true, true
	}
	var out []int
	for i := range n {
		if !covered[i] {
			out = append(out, i)
		}
	}
	return out
}

// startEngines starts, all at once, the engines of each worker's first game
// (firsts, by worker), kept for it, and the engines of check, quit once
// started.
func (r *run) startEngines(ctx context.Context, firsts [][2]int, check []int) ([]map[int]*enginehost.Engine, error) {
	type start struct{ worker, engine int } // worker -1: started only to check it
	var starts []start
	for w, g := range firsts {
		for _, i := range g {
			starts = append(starts, start{w, i})
		}
	}
	for _, i := range check {
		starts = append(starts, start{-1, i})
	}
	engines := make([]*enginehost.Engine, len(starts))
	errs := make([]error, len(starts))
	// As many starts at a time as there are CPUs: an engine's start is CPU
	// work (stockfish loads its network), and one that waits its turn has
	// not begun its handshake timeout yet.
	turns := make(chan struct{}, max(2, runtime.NumCPU()))
	var wg sync.WaitGroup
	for k, st := range starts {
		wg.Add(1)
		go func() {
			defer enginehost.KillOnPanic()
			defer wg.Done()
			turns <- struct{}{}
			defer func() { <-turns }()
			engines[k], errs[k] = r.startEngine(ctx, st.engine, st.worker)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		for _, e := range engines {
			if e != nil {
				e.Close()
			}
		}
		for _, err := range errs {
			if err != nil {
				return nil, err // the first in engine order, as a serial start would say
			}
		}
	}
	kept := make([]map[int]*enginehost.Engine, len(firsts))
	for w := range kept {
		kept[w] = map[int]*enginehost.Engine{}
	}
	for k, st := range starts {
		if st.worker < 0 {
			engines[k].Close()
		} else {
			kept[st.worker][st.engine] = engines[k]
		}
	}
	return kept, nil
}

// ready makes sure the worker holds healthy engines white and black: it
// stops searches left over from the last game, replaces engines that must
// be restarted, starts missing ones, and quits engines it holds that this
// game does not need. On an error it says which engine could not start.
func (r *run) ready(ctx context.Context, worker int, engines map[int]*enginehost.Engine, white, black int) (int, error) {
	for i, e := range engines {
		if i != white && i != black {
			e.Close()
			delete(engines, i)
		}
	}
	for _, i := range [2]int{white, black} {
		cfg := &r.cfg.Engines[i]
		if e := engines[i]; e != nil {
			e.Settle(ctx) // a search left over from its last game
		}
		if e := engines[i]; e != nil && e.NeedsRestart(cfg.Restart) {
			r.log.Note(cfg.Name, "restarting")
			e.Close()
			delete(engines, i)
		}
		if engines[i] == nil {
			e, err := r.startEngine(ctx, i, worker)
			if err != nil {
				return i, err
			}
			engines[i] = e
		}
		r.startSucceeded(i)
	}
	return -1, nil
}

// maxFailedStarts is how many times in a row an engine may fail to start
// between games (each a lost game) before the run ends with an error.
const maxFailedStarts = 3

// startFailed counts a failed start of engine i and says whether the run
// must end for it (it failed maxFailedStarts times in a row).
func (r *run) startFailed(i int, err error) bool {
	r.startsMu.Lock()
	r.failedStarts[i]++
	n := r.failedStarts[i]
	r.startsMu.Unlock()
	if n >= maxFailedStarts {
		r.fail(fmt.Errorf("engine %s failed to start %d times in a row: %w", r.cfg.Engines[i].Name, n, err))
		return true
	}
	return false
}

func (r *run) startSucceeded(i int) {
	r.startsMu.Lock()
	r.failedStarts[i] = 0
	r.startsMu.Unlock()
}

// notStartedWith is the record of game g lost by engine i, which could not be
// started for it: the game is abandoned and charged to that engine alone.
func (r *run) notStartedWith(g scheduledGame, opening pgn.Opening, i int, err error) *record.GameRecord {
	c := record.White
	if i == g.black {
		c = record.Black
	}
	rec := &record.GameRecord{
		Number: g.number, White: r.cfg.Engines[g.white].Name, Black: r.cfg.Engines[g.black].Name,
		StartFEN: opening.FEN, Opening: opening.Source, Started: time.Now(), Variant: r.cfg.Variant,
		TimeControl: [2]spec.TimeControl{r.cfg.Engines[g.white].TC, r.cfg.Engines[g.black].TC},
		Place:       g.place(),
	}
	for _, m := range opening.Moves {
		rec.Plies = append(rec.Plies, record.Ply{Move: m, Book: true})
	}
	rec.SetEnd(record.FailsToStart(c, err))
	rec.FinalFEN = game.OpeningFEN(opening)
	return rec
}

// startEngine starts engine i for worker w (-1: for no worker).
func (r *run) startEngine(ctx context.Context, i, w int) (*enginehost.Engine, error) {
	return enginehost.Start(ctx, &r.cfg.Engines[i], enginehost.Options{Capture: r.capture, Log: r.log, Warn: r.out.warn, CPUs: r.cpusOf(w)})
}

// cpusOf is where worker w's engines may run: nil without --affinity.
func (r *run) cpusOf(w int) *enginehost.CPUSet {
	if w < 0 || w >= len(r.cpus) {
		return nil
	}
	return &r.cpus[w]
}
