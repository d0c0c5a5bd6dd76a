package runner

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"maps"

	"github.com/autoplay/autoplay/pgn"
)

// GameJob is one game of a run with what a worker elsewhere needs to play
// it besides the run's config: its place in the schedule and its opening.
type GameJob struct {
	Number    int         `json:"number"`
	Encounter int         `json:"encounter"`
	Pair      int         `json:"pair"`
	White     int         `json:"white"`
	Black     int         `json:"black"`
	OpeningIx int         `json:"opening_index"`
	Opening   pgn.Opening `json:"opening"`
}

func (j GameJob) scheduled() scheduledGame {
	return scheduledGame{number: j.Number, encounter: j.Encounter, pair: j.Pair, white: j.White, black: j.Black, opening: j.OpeningIx}
}

// Farm plays a run's games on workers elsewhere (distributed runs): Run
// hands it the games in schedule order and records what comes back exactly
// as it records its own workers' games. Play returns once jobs is closed
// and no game is outstanding, or ctx ends; a game sent twice is recorded
// once.
type Farm interface {
	// stop closes when the run needs no more games (an SPRT decided, an
	// error): outstanding games are withdrawn and abandoned, not awaited.
	Play(ctx context.Context, cfg *Config, jobs <-chan GameJob, results chan<- *GameRecord, stop <-chan struct{}) error
}

// wireRecord is a finished game as a worker sends it back.
type wireRecord struct {
	*GameRecord
	Job     GameJob `json:"job"`
	Culprit Color   `json:"culprit"`
	Failed  bool    `json:"failed"`
	Failure failure `json:"failure"`
}

// MarshalRecord encodes a finished game for the coordinator: the record
// without its plies as JSON (its length first, as a uvarint), then the
// plies in their compact form (wireplies.go).
func MarshalRecord(rec *GameRecord) ([]byte, error) {
	g := rec.game
	head := *rec
	head.Plies = nil
	w := wireRecord{GameRecord: &head, Culprit: rec.end.culprit, Failed: rec.end.failed, Failure: rec.end.failure,
		Job: GameJob{Number: g.number, Encounter: g.encounter, Pair: g.pair, White: g.white, Black: g.black, OpeningIx: g.opening}}
	js, err := json.Marshal(w)
	if err != nil {
		return nil, err
	}
	out := binary.AppendUvarint(make([]byte, 0, len(js)+16+24*len(rec.Plies)), uint64(len(js)))
	return appendPlies(append(out, js...), rec.Plies), nil
}

// UnmarshalRecord decodes what MarshalRecord wrote.
func UnmarshalRecord(b []byte) (*GameRecord, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, errors.New("game record: bad header")
	}
	w := wireRecord{GameRecord: &GameRecord{}}
	if err := json.Unmarshal(b[k:k+int(n)], &w); err != nil {
		return nil, fmt.Errorf("game record: %w", err)
	}
	rec := w.GameRecord
	var err error
	if rec.Plies, err = readPlies(b[k+int(n):]); err != nil {
		return nil, err
	}
	rec.game = w.Job.scheduled()
	rec.end = ending{outcome: rec.Outcome, termination: rec.Termination, text: rec.Ending,
		culprit: w.Culprit, failed: w.Failed, failure: w.Failure}
	return rec, nil
}

// noSlot is a worker with no CPUs of its own (--affinity is local).
const noSlot = -1

// Player plays games of one run for a worker elsewhere, keeping its engines
// between games as a local worker does.
type Player struct {
	r       *run
	engines map[int]*Engine
}

// NewPlayer prepares to play games of cfg; warn receives engine warnings.
func NewPlayer(cfg Config, warn func(string)) (*Player, error) {
	if err := cfg.complete(); err != nil {
		return nil, err
	}
	r := &run{cfg: &cfg, stop: make(chan struct{}), failedStarts: map[int]int{}}
	r.out = newReporter(&cfg, &Result{}, discard{})
	r.out.custom = warnOnly(warn)
	var err error
	if r.tablebase, err = openTablebase(&cfg, warn); err != nil {
		return nil, err
	}
	if r.books, err = loadEngineBooks(&cfg); err != nil {
		return nil, err
	}
	return &Player{r: r, engines: map[int]*Engine{}}, nil
}

// Play plays one game. An error is for the run (an engine that cannot
// start three times running, a bad opening); a game an engine lost by
// failing is a record like any other.
func (p *Player) Play(ctx context.Context, job GameJob) (*GameRecord, error) {
	rec, err := p.r.playJob(ctx, noSlot, p.engines, job.scheduled(), job.Opening)
	if err == nil && rec == nil {
		err = p.r.err
		if err == nil {
			err = ctx.Err()
		}
	}
	return rec, err
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
	kept, err := p.r.startEngines(ctx, firsts, plan.Check)
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
	if p.r.tablebase != nil {
		p.r.tablebase.tables.Close()
	}
}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

// warnOnly is a Printer that passes warnings on and says nothing else.
type warnOnly func(string)

func (w warnOnly) Started(int, int, string, string) {}
func (w warnOnly) Finished(*GameRecord, *Result)    {}
func (w warnOnly) Final(*Result)                    {}
func (w warnOnly) Warn(msg string) {
	if w != nil {
		w(msg)
	}
}
