package runner

import (
	"context"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/spec"
)

// run is one running match or tournament: its config and the state its
// goroutines share.
type run struct {
	cfg       *spec.Config
	timing    *timing // every engine's measured time against its own
	log       *enginehost.IOLog
	out       *reporter
	relay     *RelayStats
	slotCPU   time.Duration // the slot processes' own CPU, for the runner stats; set when they are done
	tablebase *game.Tablebase
	books     []*game.Book  // by engine index
	cpus      []proc.CPUSet // by worker, with Config.Affinity
	picker    *openingPicker
	schedule  []scheduledGame // nil for a knockout, whose games come as it goes
	knockout  knockoutPlan
	recorded  map[int]bool       // game numbers in the PGN, resumed ones included
	live      *live.State        // nil without a watcher
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
	if opt.Out == nil {
		opt.Out = os.Stdout
	}
	r, res, err := newRun(&cfg, opt)
	if err != nil {
		return nil, err
	}
	defer r.close()
	cpuAtStart := processCPU()
	// The outputs open first: a PGN that cannot be written is the user's
	// path in the error, and no state file is left behind for it.
	outs, err := openOutputs(&cfg.Outputs, cfg.Engines, opt.AppendOnly, r.out.warn)
	if err != nil {
		return nil, err
	}
	defer outs.close()
	outs.boundWrites(ctx)
	r.log = outs.log
	todo, err := r.gamesToPlay(opt.AppendOnly, res)
	if err != nil {
		return nil, err
	}
	if res.Resumed > 0 {
		r.out.resumed(res)
	}
	if len(todo) == 0 || res.decided() {
		r.out.final(res)
		return res, outs.writeJSON(&cfg.Outputs, cfg.Type, res, "finished")
	}
	workers := min(cfg.Concurrency, len(todo))
	if r.knockout != nil {
		workers = cfg.Concurrency // later rounds may have more games than the first phase
	}
	if opt.Layout != nil {
		opt.Layout(chooseLayout(r.cfg, opt, workers))
	}
	if err := r.placeWorkers(&opt, todo, workers); err != nil {
		return nil, err
	}
	if opt.Dispatcher != nil {
		return r.runDispatched(ctx, opt, todo, res, outs, cpuAtStart)
	}
	return r.runLocally(ctx, opt, todo, workers, res, outs, cpuAtStart)
}

// newRun lays out the run's games and opens what every game shares: the
// openings, the tables, the engines' books. Every error here comes before
// any file is written.
func newRun(cfg *spec.Config, opt Options) (*run, *Result, error) {
	picker, err := newOpeningPicker(cfg.Openings, cfg.Seed, cfg.Variant)
	if err != nil {
		return nil, nil, err
	}
	r := &run{cfg: cfg, picker: picker, relay: opt.Relay, stop: make(chan struct{}), failedStarts: map[int]int{}}
	r.timing = newTimingOf(cfg.Engines)
	total, err := r.planGames()
	if err != nil {
		return nil, nil, err
	}
	res := newResult(cfg, total)
	res.OpeningsSkipped = picker.skipped
	r.planned.Store(int64(total))
	// The dashboard shows each engine's PV.
	if r.capture, err = enginehost.CaptureOf(&cfg.Outputs, opt.Live != nil); err != nil {
		return nil, nil, err
	}
	if r.live = opt.Live; r.live != nil {
		r.live.Begin(liveRun(cfg, total))
	}
	r.out = newReporter(cfg, res, opt.Out, opt.Printer)
	if err := r.openShared(r.out.warn); err != nil {
		return nil, nil, err
	}
	warnPonderCores(cfg, r.out.warn)
	if cfg.SlotProcesses && opt.Live != nil {
		r.out.warn("slot processes: the dashboard shows finished games and the standing, not live boards (without --slot-processes it shows them)")
	}
	if cfg.NoOpenings() && opt.Printer == nil { // a drop-in mode says it in its tool's words
		start := "the initial position"
		if cfg.Variant.IsVariant() {
			start = string(cfg.Variant) + "'s start position"
		}
		r.out.warn("no opening book: every game starts from " + start + ", and engines that search alike each time play the same games over and over (give --openings FILE, or openings: in YAML)")
	}
	if picker.skipped > 0 {
		r.out.warn(fmt.Sprintf("openings: left out %d bad openings of %s (policy=skip); the first: %v", picker.skipped, cfg.Openings.File, picker.whySkip))
	}
	return r, res, nil
}

// planGames lays out the schedule, or a knockout's bracket, and checks
// every opening it can draw; it returns the games planned.
func (r *run) planGames() (int, error) {
	if r.cfg.Type == spec.TypeKnockout {
		// Its games come as it goes: check the openings its most games can draw.
		if r.cfg.Colours == spec.ColoursCutechess {
			r.knockout = newCutechessKnockout(r.cfg, r.picker)
			return r.cfg.KnockoutGames(), r.picker.check(cutechessKnockoutProbe(r.cfg, r.picker))
		}
		r.knockout = newKnockout(r.cfg, r.picker)
		return r.cfg.KnockoutGames(), r.picker.check(knockoutOpeningsProbe(r.cfg, r.picker))
	}
	r.schedule = buildSchedule(r.cfg, r.picker)
	return len(r.schedule), r.picker.check(r.schedule)
}

// openShared opens the Syzygy tables and the engines' books, once for all
// games.
func (r *run) openShared(warn func(string)) error {
	var err error
	if r.tablebase, err = game.OpenTablebase(&r.cfg.Adjudication, warn); err != nil {
		return err
	}
	if r.books, err = game.LoadBooks(r.cfg.Engines); err != nil {
		r.close()
		return err
	}
	return nil
}

// close releases what openShared opened.
func (r *run) close() {
	if r.tablebase != nil {
		r.tablebase.Close()
		r.tablebase = nil
	}
}

// gamesToPlay resumes from the PGN (unless appendOnly) and returns the
// games not yet in it.
func (r *run) gamesToPlay(appendOnly bool, res *Result) ([]scheduledGame, error) {
	if r.knockout != nil {
		return r.resumeKnockout(appendOnly, res)
	}
	rebuild := func(games, rounds int) []scheduledGame {
		other := *r.cfg
		other.Games, other.Rounds = games, rounds
		return buildSchedule(&other, r.picker.fresh())
	}
	done := map[int]bool{}
	if !appendOnly {
		var err error
		if done, err = resume(r.cfg, r.schedule, res, rebuild, r.out.warn); err != nil {
			return nil, err
		}
	}
	r.recorded = done
	todo := make([]scheduledGame, 0, len(r.schedule)-len(done))
	for _, g := range r.schedule {
		if !done[g.number] {
			todo = append(todo, g)
		}
	}
	return todo, nil
}

// placeWorkers pins the workers to CPUs (--affinity) and puts them in slot
// processes (--slot-processes), unless a Dispatcher (NATS) plays the games.
func (r *run) placeWorkers(opt *Options, todo []scheduledGame, workers int) error {
	if opt.Dispatcher != nil {
		return nil
	}
	var err error
	if r.cfg.Affinity {
		if r.cpus, err = r.pinWorkers(workers); err != nil {
			return err
		}
	}
	if r.cfg.SlotProcesses {
		opt.Dispatcher, err = r.newSlotPool(opt.SlotProgram, todo, workers)
	}
	return err
}

// conclude prints the result and writes the final JSON.
func (r *run) conclude(ctx context.Context, opt Options, res *Result, outs *outputs, cpuAtStart time.Duration) (*Result, error) {
	res.Interrupted = ctx.Err() != nil
	if r.live != nil {
		r.live.Recorded(nil, "", liveSummary(res, true))
	}
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
	if err := outs.writeJSON(&r.cfg.Outputs, r.cfg.Type, res, state); err != nil && r.err == nil {
		r.err = err
	}
	return res, r.err
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
	if extra := r.cfg.KnockoutGames() + r.knockout.extra() - r.total(); extra > 0 {
		res.Total += extra
		r.planned.Add(int64(extra))
	}
}
