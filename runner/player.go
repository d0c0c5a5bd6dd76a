package runner

import (
	"context"
	"fmt"
	"maps"

	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// noSlot is a worker with no CPUs of its own (--affinity is local).
const noSlot = -1

// Player plays games of one run for a worker elsewhere, keeping its engines
// between games as a local worker does.
type Player struct {
	r       *run
	engines map[int]*enginehost.Engine
}

// NewPlayer prepares to play games of cfg; warn receives engine warnings.
func NewPlayer(cfg spec.Config, warn func(string)) (*Player, error) {
	if err := cfg.Complete(); err != nil {
		return nil, err
	}
	r := &run{cfg: &cfg, stop: make(chan struct{}), failedStarts: map[int]int{}}
	var err error
	if r.capture, err = enginehost.CaptureOf(&cfg.Outputs, false); err != nil {
		return nil, err
	}
	r.out = newReporter(&cfg, &Result{}, discard{}, warnOnly(warn))
	if err := r.openShared(warn); err != nil {
		return nil, err
	}
	return &Player{r: r, engines: map[int]*enginehost.Engine{}}, nil
}

// Play plays one game. An error is for the run (an engine that cannot
// start three times running, a bad opening); a game an engine lost by
// failing is a record like any other.
func (p *Player) Play(ctx context.Context, job GameJob) (*record.GameRecord, error) {
	rec, err := p.r.playJob(ctx, noSlot, p.engines, job.scheduled(), job.Opening)
	p.r.live.Ended(job.Number) // a watched player's State holds the game being played, none after it
	if err == nil && rec == nil {
		err = p.r.err
		if err == nil {
			err = ctx.Err()
		}
	}
	return rec, err
}

// Watched gives the player's games to a State of its own, move by move,
// as a local run's dashboard has them (the same cost per move), for a
// worker to send on to a coordinator's dashboard; made on the first call.
func (p *Player) Watched() *live.State {
	if p.r.live == nil {
		p.r.live = live.New()
		p.r.live.Begin(liveRun(p.r.cfg, 0))
	}
	return p.r.live
}

// Warm starts, before any game, the engines of the game the player will
// likely play first (kept for it) and those of check (quit once started):
// an engine that cannot start is then the run's error before any game, as
// a local run's preflight makes it.
func (p *Player) Warm(ctx context.Context, plan WarmPlan) error {
	for _, i := range append(plan.First[:len(plan.First):len(plan.First)], plan.Check...) {
		if i < 0 || i >= len(p.r.cfg.Engines) {
			return fmt.Errorf("warm: no engine %d", i)
		}
	}
	var firsts [][2]int
	if len(plan.First) == 2 {
		firsts = [][2]int{{plan.First[0], plan.First[1]}}
	}
	kept, err := p.r.startEngines(ctx, firsts, distinctStarts(p.r.cfg.Engines, firsts, plan.Check))
	if err != nil {
		return err
	}
	for _, k := range kept {
		maps.Copy(p.engines, k)
	}
	return nil
}

// WarmPlan is what a Player starts before any game: the engines of its
// likely first game (none, or white and black) and engines only to check.
type WarmPlan struct {
	First []int `json:"first"`
	Check []int `json:"check"`
}

// Close quits the player's engines.
func (p *Player) Close() {
	for _, e := range p.engines {
		e.Close()
	}
	p.r.close()
}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

// warnOnly is a Printer that passes warnings on and says nothing else.
type warnOnly func(string)

func (w warnOnly) Started(int, int, string, string)     {}
func (w warnOnly) Finished(*record.GameRecord, *Result) {}
func (w warnOnly) Final(*Result)                        {}
func (w warnOnly) Warn(msg string) {
	if w != nil {
		w(msg)
	}
}
