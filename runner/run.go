package runner

import (
	"context"
	"errors"
	"fmt"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/autoplay/autoplay/pgn"
)

// run is one running match or tournament: its config and the state its
// goroutines share.
type run struct {
	cfg       *spec.Config
	log       *enginehost.IOLog
	out       *reporter
	relay     *RelayStats
	slotCPU   time.Duration // the slot processes' own CPU, for the runner stats; set when they are done
	tablebase *game.Tablebase
	books     []*game.Book        // by engine index
	cpus      []enginehost.CPUSet // by worker, with Config.Affinity
	picker    *openingPicker
	schedule  []scheduledGame // nil for a knockout, whose games come as it goes
	knockout  *knockout
	recorded  map[int]bool       // game numbers in the PGN, resumed ones included
	live      *Live              // nil without a watcher
	capture   enginehost.Capture // what the engines' decoders keep beyond the score

	stop chan struct{} // closed by finish: schedule no more games
	// planned is the number of games the run expects, for "game N of M": a
	// knockout's tie-breaks add to it while workers read it.
	planned atomic.Int64

	startsMu     sync.Mutex
	failedStarts map[int]int // engine index: failed starts in a row
	errOnce      sync.Once
	err          error
}

// Run plays a match or a tournament. Each finished game is appended whole
// to the PGN before it is reported. A run whose PGN and state file exist
// resumes: games already in the PGN are counted, not replayed. When ctx is
// cancelled, running games are abandoned (not recorded), engines are quit
// and reaped, and the result so far is returned with Interrupted set.
func Run(ctx context.Context, cfg spec.Config, opt Options) (*Result, error) {
	if err := cfg.Complete(); err != nil {
		return nil, err
	}
	picker, err := newOpeningPicker(cfg.Openings, cfg.Seed, cfg.Variant)
	if err != nil {
		return nil, err
	}
	r := &run{cfg: &cfg, picker: picker, relay: opt.Relay, stop: make(chan struct{}), failedStarts: map[int]int{}}
	total := 0
	if cfg.Type == spec.TypeKnockout {
		// Its games come as it goes: check the openings its most games can draw.
		r.knockout = newKnockout(&cfg, picker)
		if err := picker.check(knockoutOpeningsProbe(&cfg, picker)); err != nil {
			return nil, err
		}
		total = cfg.KnockoutGames()
	} else {
		r.schedule = buildSchedule(&cfg, picker)
		if err := picker.check(r.schedule); err != nil {
			return nil, err
		}
		total = len(r.schedule)
	}
	res := newResult(&cfg, total)
	r.planned.Store(int64(total))
	// The dashboard shows each engine's PV.
	if r.capture, err = enginehost.CaptureOf(&cfg, opt.Live != nil); err != nil {
		return nil, err
	}
	if r.live = opt.Live; r.live != nil {
		r.live.begin(&cfg, total)
	}
	res.OpeningsSkipped = picker.skipped
	if opt.Out == nil {
		opt.Out = os.Stdout
	}
	r.out = newReporter(&cfg, res, opt.Out)
	r.out.custom = opt.Printer
	if r.tablebase, err = game.OpenTablebase(&cfg, r.out.warn); err != nil {
		return nil, err
	}
	if r.books, err = game.LoadBooks(&cfg); err != nil {
		return nil, err
	}
	warnPonderCores(&cfg, r.out.warn)
	if r.tablebase != nil {
		defer r.tablebase.Close()
	}
	if picker.skipped > 0 {
		r.out.warn(fmt.Sprintf("openings: left out %d bad openings of %s (policy=skip); the first: %v", picker.skipped, cfg.Openings.File, picker.whySkip))
	}
	cpuAtStart := processCPU()

	// The outputs open first: a PGN that cannot be written is the user's
	// path in the error, and no state file is left behind for it.
	outs, err := openOutputs(&cfg)
	if err != nil {
		return nil, err
	}
	defer outs.close()
	if cfg.LogFile != "" {
		f, err := os.Create(cfg.LogFile)
		if err != nil {
			return nil, fmt.Errorf("log: %w", err)
		}
		defer f.Close()
		r.log = enginehost.NewIOLog(f)
		defer r.log.Flush()
	}
	var todo []scheduledGame
	if r.knockout != nil {
		if todo, err = r.resumeKnockout(opt.AppendOnly, res); err != nil {
			return nil, err
		}
	} else {
		rebuild := func(games, rounds int) []scheduledGame {
			other := cfg
			other.Games, other.Rounds = games, rounds
			return buildSchedule(&other, picker.fresh())
		}
		done := map[int]bool{}
		if !opt.AppendOnly {
			if done, err = resume(&cfg, r.schedule, res, rebuild); err != nil {
				return nil, err
			}
		}
		r.recorded = done
		todo = make([]scheduledGame, 0, len(r.schedule)-len(done))
		for _, g := range r.schedule {
			if !done[g.number] {
				todo = append(todo, g)
			}
		}
	}
	if res.Resumed > 0 {
		r.out.resumed(res)
	}
	if len(todo) == 0 || res.decided() {
		r.out.final(res)
		return res, outs.writeJSON(&cfg, res, "finished")
	}
	workerCount := min(cfg.Concurrency, len(todo))
	if r.knockout != nil {
		workerCount = cfg.Concurrency // later rounds may have more games than the first phase
	}
	if cfg.Affinity && opt.Farm == nil {
		if r.cpus, err = r.pinWorkers(workerCount); err != nil {
			return nil, err
		}
	}
	if cfg.SlotProcesses && opt.Farm == nil {
		if opt.Farm, err = r.slotFarm(opt.SlotProgram, todo, workerCount); err != nil {
			return nil, err
		}
	}
	if opt.Farm != nil {
		return r.runOnFarm(ctx, opt, todo, res, outs, cpuAtStart)
	}
	// Every engine starts here, so one that cannot start is an error before
	// any game is played; each worker keeps the engines of a first game.
	first, err := r.preflight(ctx, todo, workerCount)
	if err != nil {
		if ctx.Err() != nil {
			// Stopped while engines started: an interruption, not an error.
			res.Interrupted = true
			r.out.final(res)
			return res, outs.writeJSON(&cfg, res, "interrupted")
		}
		return nil, err
	}

	jobs := make(chan scheduledGame)
	results := make(chan *record.GameRecord)
	scheduled := make(chan struct{})
	queue := newGameQueue(todo, r.knockout == nil)
	go func() {
		defer enginehost.KillOnPanic()
		defer close(scheduled)
		r.dispatch(ctx, queue, jobs)
	}()
	var workers sync.WaitGroup
	for i := range workerCount {
		engines := first[i]
		workers.Add(1)
		go func() {
			defer enginehost.KillOnPanic()
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

// collect records finished games as they come, whole, before they are
// reported; a game already recorded (a distributed run's redelivery) is
// dropped.
func (r *run) collect(results <-chan *record.GameRecord, res *Result, outs *outputs, queue *gameQueue) {
	if r.recorded == nil {
		r.recorded = map[int]bool{}
	}
	for rec := range results {
		if r.recorded[rec.Number] {
			continue
		}
		r.recorded[rec.Number] = true
		g, err := outs.record(rec, r.cfg, r.live != nil)
		if err != nil {
			r.fail(err)
			continue
		}
		res.add(scheduledOf(rec), rec.Outcome, rec.Culprit, rec.Failure)
		r.out.finished(rec)
		if r.live != nil {
			r.live.recorded(rec, string(g.AppendTo(nil)), res, false)
		}
		if r.knockout != nil {
			more, said, done := r.knockout.record(scheduledOf(rec), rec.Outcome, res)
			r.growPlan(res)
			res.Knockout = r.knockout.Bracket()
			for _, line := range said {
				r.out.note(line)
			}
			queue.add(more, done)
		}
		if err := outs.writeJSON(r.cfg, res, "running"); err != nil {
			r.fail(err)
		}
		if res.decided() {
			r.finish() // running games finish and count; no new ones start
		}
	}
}

// conclude prints the result and writes the final JSON.
func (r *run) conclude(ctx context.Context, opt Options, res *Result, outs *outputs, cpuAtStart time.Duration) (*Result, error) {
	res.Interrupted = ctx.Err() != nil
	r.live.recorded(nil, "", res, true)
	r.out.final(res)
	if opt.Relay != nil {
		r.out.relay(opt.Relay, processCPU()-cpuAtStart+r.slotCPU)
	}
	state := "finished"
	switch {
	case res.Interrupted:
		state = "interrupted"
	case r.err != nil:
		state = "failed"
	}
	if err := outs.writeJSON(r.cfg, res, state); err != nil && r.err == nil {
		r.err = err
	}
	return res, r.err
}

// runOnFarm hands the games to workers elsewhere and records what comes
// back, as the local workers' games are recorded.
func (r *run) runOnFarm(ctx context.Context, opt Options, todo []scheduledGame, res *Result, outs *outputs, cpuAtStart time.Duration) (*Result, error) {
	jobs := make(chan scheduledGame)
	farmJobs := make(chan GameJob)
	results := make(chan *record.GameRecord)
	queue := newGameQueue(todo, r.knockout == nil)
	scheduled := make(chan struct{})
	go func() {
		defer enginehost.KillOnPanic()
		defer close(scheduled)
		r.dispatch(ctx, queue, jobs)
	}()
	go func() {
		defer close(farmJobs)
		for g := range jobs {
			opening, err := r.picker.opening(g.opening)
			if err != nil {
				r.fail(err)
				return
			}
			job := GameJob{Number: g.number, Encounter: g.encounter, Pair: g.pair, White: g.white, Black: g.black, OpeningIx: g.opening, Opening: opening}
			select {
			case farmJobs <- job:
			case <-ctx.Done():
				return
			case <-r.stop:
				return
			}
		}
	}()
	go func() {
		defer close(results)
		if err := opt.Farm.Play(ctx, r.cfg, farmJobs, results, r.stop); err != nil && ctx.Err() == nil {
			r.fail(err)
		}
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

// playJob plays game g with the worker's engines, starting or replacing
// them as needed. It returns nil without an error when the run stops (ctx
// cancelled: nothing of the game is scored) or has failed.
func (r *run) playJob(ctx context.Context, worker int, engines map[int]*enginehost.Engine, g scheduledGame, opening pgn.Opening) (*record.GameRecord, error) {
	if failed, err := r.ready(ctx, worker, engines, g.white, g.black); err != nil {
		if ctx.Err() != nil {
			return nil, nil
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
		setup.Watch = liveWatcher{r.live}
	}
	r.out.started(g.number, r.total(), setup.Players[record.White].Name(), setup.Players[record.Black].Name())
	rec, err := game.Play(ctx, &setup)
	if ctx.Err() != nil || err != nil {
		r.live.ended(g.number)
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

// fail ends the run for an error that is not a game result: no new game
// starts, but games already running finish and are recorded, so nothing
// played is lost. Only cancellation (Ctrl-C) abandons running games.
func (r *run) fail(err error) {
	r.errOnce.Do(func() {
		r.err = err
		close(r.stop)
	})
}

// finish ends the run early without an error (the SPRT decided).
func (r *run) finish() { r.errOnce.Do(func() { close(r.stop) }) }

func (r *run) finished() bool {
	select {
	case <-r.stop:
		return true
	default:
		return false
	}
}

// total is how many games the run expects now.
func (r *run) total() int { return int(r.planned.Load()) }

// growPlan counts a knockout's tie-break games into the games expected.
func (r *run) growPlan(res *Result) {
	if extra := r.cfg.KnockoutGames() + r.knockout.extraGames - r.total(); extra > 0 {
		res.Total += extra
		r.planned.Add(int64(extra))
	}
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
