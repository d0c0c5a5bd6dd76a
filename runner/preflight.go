package runner

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// preflight starts the engines of each worker's first game (kept for it)
// and checks every other distinct engine once: an engine that cannot start
// is an error before any game, and no worker waits for the others' engines
// to start one after another (a stockfish takes about 0.1 s).
func (r *run) preflight(ctx context.Context, todo []scheduledGame, workers int) ([]map[int]*enginehost.Engine, error) {
	var firsts [][2]int
	for w := 0; w < workers && w < len(todo); w++ {
		firsts = append(firsts, [2]int{todo[w].white, todo[w].black})
	}
	kept, err := r.startEngines(ctx, firsts, uncoveredEngines(r.cfg.Engines, firsts))
	if err != nil {
		return nil, err
	}
	for len(kept) < workers {
		kept = append(kept, map[int]*enginehost.Engine{})
	}
	return kept, nil
}

// uncoveredEngines lists one engine of each distinct start (startKey) that
// no game of firsts starts already: a gauntlet of 3,000 entries of a few
// programs checks those few programs.
func uncoveredEngines(engines []spec.EngineConfig, firsts [][2]int) []int {
	all := make([]int, len(engines))
	for i := range all {
		all[i] = i
	}
	return distinctStarts(engines, firsts, all)
}

// distinctStarts keeps of candidates the first engine of each start key
// that no game of firsts starts.
func distinctStarts(engines []spec.EngineConfig, firsts [][2]int, candidates []int) []int {
	covered := map[string]bool{}
	for _, g := range firsts {
		covered[startKey(&engines[g[0]])], covered[startKey(&engines[g[1]])] = true, true
	}
	var out []int
	for _, i := range candidates {
		if key := startKey(&engines[i]); !covered[key] {
			covered[key] = true
			out = append(out, i)
		}
	}
	return out
}

// startsAtOnce bounds the engines starting at the same time: an engine's
// start is CPU work (stockfish loads its network), and one that waits its
// turn has not begun its handshake timeout yet.
func startsAtOnce() int { return max(2, runtime.NumCPU()) }

// startEngines starts the engines of each worker's first game (firsts, by
// worker), kept for it, and the engines of check, each quit as soon as it
// has started. At most startsAtOnce start at a time, so at most that many
// checked engines run at once; after a failure or once ctx ends no more
// start, and a start under way is killed by ctx.
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
	next := make(chan int)
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range min(startsAtOnce(), len(starts)) {
		wg.Add(1)
		go func() {
			defer proc.KillOnPanic()
			defer wg.Done()
			for k := range next {
				if failed.Load() || ctx.Err() != nil {
					continue
				}
				e, err := r.startEngine(ctx, starts[k].engine, starts[k].worker)
				switch {
				case err != nil:
					errs[k] = err
					failed.Store(true)
				case starts[k].worker < 0:
					e.Close()
				default:
					engines[k] = e
				}
			}
		}()
	}
	for k := range starts {
		next <- k
	}
	close(next)
	wg.Wait()
	err := ctx.Err()
	for _, e := range errs {
		if e != nil && err == nil {
			err = e // the first in engine order, as a serial start would say
		}
	}
	if err != nil {
		closeAll(engines)
		return nil, err
	}
	kept := make([]map[int]*enginehost.Engine, len(firsts))
	for w := range kept {
		kept[w] = map[int]*enginehost.Engine{}
	}
	for k, st := range starts {
		if st.worker >= 0 {
			kept[st.worker][st.engine] = engines[k]
		}
	}
	return kept, nil
}

// closeAll quits the engines started, all at once: one that ignores quit
// costs its grace once, not once for each engine after it.
func closeAll(engines []*enginehost.Engine) {
	var wg sync.WaitGroup
	for _, e := range engines {
		if e != nil {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e.Close()
			}()
		}
	}
	wg.Wait()
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
		if e := engines[i]; e != nil && !e.Reusable(ctx, cfg.Restart) {
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
	white, black := &r.cfg.Engines[g.white], &r.cfg.Engines[g.black]
	rec := game.NewRecord(g.number, opening, [2]string{white.Name, black.Name}, [2]*spec.EngineConfig{white, black})
	rec.Place = g.place()
	for _, m := range opening.Moves {
		rec.Plies = append(rec.Plies, record.Ply{Move: m, Book: true})
	}
	rec.SetEnd(record.FailsToStart(c, err))
	rec.FinalFEN = game.OpeningFEN(opening, rec.Variant)
	return rec
}

// startEngine starts engine i for worker w (-1: for no worker).
func (r *run) startEngine(ctx context.Context, i, w int) (*enginehost.Engine, error) {
	return enginehost.Start(ctx, &r.cfg.Engines[i], enginehost.Options{Capture: r.capture, Log: r.log, Warn: r.out.warn, Alert: r.out.alert, CPUs: r.cpusOf(w)})
}

// cpusOf is where worker w's engines may run: nil without --affinity.
func (r *run) cpusOf(w int) *proc.CPUSet {
	if w < 0 || w >= len(r.cpus) {
		return nil
	}
	return &r.cpus[w]
}
