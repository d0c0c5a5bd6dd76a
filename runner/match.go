package runner

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/stats"
)

// MatchConfig describes a match between two engines.
type MatchConfig struct {
	Engines     [2]EngineConfig
	Games       int // played as pairs: the same opening twice, colours swapped
	Concurrency int
	Openings    OpeningsConfig
	Seed        uint64
	PGNOut      string
	LogFile     string
	MaxMoves    int // draw by adjudication after this many full moves by the engines; 0 = never
	ReportEvery int // print the score every N games; 0 = only at the end
	Event, Site string
	Relay       *RelayStats // when set, per-move relay latencies are gathered here
	Rules       Rules       // nil = BitboardRules
	Out         io.Writer   // progress and results; nil = os.Stdout
}

// MatchResult is the score of a match from the first engine's side.
type MatchResult struct {
	Names       [2]string
	Score       stats.Trinomial
	Pairs       stats.Pentanomial
	Played      int
	Interrupted bool
}

// gameJob is one scheduled game.
type gameJob struct {
	number     int
	whiteIndex int // which engine plays White
	opening    pgn.Opening
}

// match is one running match: its config and the state its goroutines share.
type match struct {
	cfg     *MatchConfig
	log     *IOLog
	out     *reporter
	stop    chan struct{} // closed by fail: schedule no more games
	errOnce sync.Once
	err     error
}

// RunMatch plays the match. Each finished game is appended whole to the PGN
// before it is reported. When ctx is cancelled, running games are abandoned
// (not recorded), engines are quit and reaped, and the score so far is
// returned with Interrupted set.
func RunMatch(ctx context.Context, cfg MatchConfig) (*MatchResult, error) {
	if err := cfg.complete(); err != nil {
		return nil, err
	}
	picker, err := newOpeningPicker(cfg.Openings, cfg.Seed)
	if err != nil {
		return nil, err
	}
	m := &match{cfg: &cfg, out: &reporter{w: cfg.Out}, stop: make(chan struct{})}
	cpuAtStart := processCPU()
	if cfg.LogFile != "" {
		f, err := os.Create(cfg.LogFile)
		if err != nil {
			return nil, fmt.Errorf("log: %w", err)
		}
		defer f.Close()
		m.log = NewIOLog(f)
		defer m.log.Flush()
	}
	var pgnOut *pgn.Writer
	if cfg.PGNOut != "" {
		if pgnOut, err = pgn.OpenAppend(cfg.PGNOut); err != nil {
			return nil, err
		}
		defer pgnOut.Close()
	}
	// The first worker's engines start here, so an engine that cannot start
	// is an error before any game is played.
	first, err := m.startEngines(ctx)
	if err != nil {
		return nil, err
	}

	jobs := make(chan gameJob)
	results := make(chan *GameRecord)
	scheduled := make(chan struct{})
	go func() {
		defer close(scheduled)
		m.schedule(ctx, picker, jobs)
	}()
	var workers sync.WaitGroup
	for i := range cfg.Concurrency {
		var engines [2]*Engine
		if i == 0 {
			engines = first
		}
		workers.Add(1)
		go func() {
			defer workers.Done()
			m.work(ctx, engines, jobs, results)
		}()
	}
	go func() {
		workers.Wait()
		close(results)
	}()

	res := &MatchResult{Names: [2]string{cfg.Engines[0].Name, cfg.Engines[1].Name}}
	tally := newPairTally()
	for rec := range results {
		if err := m.record(rec, pgnOut); err != nil {
			m.fail(err)
			continue
		}
		res.Played++
		first := scoreFor(rec, 0)
		res.Score.Add(first)
		if pairFirst, pairSecond, ok := tally.add(rec.Number, first); ok {
			res.Pairs.Add(pairFirst, pairSecond)
		}
		m.out.finished(rec)
		if cfg.ReportEvery > 0 && res.Played%cfg.ReportEvery == 0 && res.Played < cfg.Games {
			m.out.score(res)
		}
	}
	<-scheduled
	res.Interrupted = ctx.Err() != nil
	m.out.score(res)
	if cfg.Relay != nil {
		m.out.relay(cfg.Relay, processCPU()-cpuAtStart)
	}
	return res, m.err
}

// complete fills defaults and checks the config before anything starts.
func (c *MatchConfig) complete() error {
	if c.Games <= 0 {
		return fmt.Errorf("games must be at least 1")
	}
	if c.Concurrency <= 0 {
		c.Concurrency = 1
	}
	c.Concurrency = min(c.Concurrency, c.Games)
	if c.Rules == nil {
		c.Rules = BitboardRules{}
	}
	if c.Out == nil {
		c.Out = os.Stdout
	}
	if c.Event == "" {
		c.Event = "autoplay match"
	}
	if c.Site == "" {
		c.Site = "?"
	}
	for i := range c.Engines {
		e := &c.Engines[i]
		if e.Name == "" {
			e.Name = defaultEngineName(e)
		}
		if err := e.Validate(); err != nil {
			return err
		}
		if !e.TC.HasClock() && e.TC.MoveTime == 0 && e.TC.Nodes == 0 && e.TC.Depth == 0 {
			return fmt.Errorf("engine %s: no time control: give tc=, st=, nodes= or depth=", e.Name)
		}
	}
	if c.Engines[0].Name == c.Engines[1].Name {
		c.Engines[0].Name += "-1"
		c.Engines[1].Name += "-2"
	}
	return nil
}

func defaultEngineName(e *EngineConfig) string {
	name := filepath.Base(e.Cmd)
	if len(e.Args) > 0 && e.Args[0] == "engine" && name == filepath.Base(os.Args[0]) {
		return "autoplay"
	}
	return name
}

// schedule hands out games in order: pair k plays opening k twice, the
// first engine White in the first game of the pair.
func (m *match) schedule(ctx context.Context, picker *openingPicker, jobs chan<- gameJob) {
	defer close(jobs)
	var opening pgn.Opening
	for n := 1; n <= m.cfg.Games; n++ {
		if n%2 == 1 {
			var err error
			if opening, err = picker.pick(); err != nil {
				m.fail(err)
				return
			}
		}
		job := gameJob{number: n, whiteIndex: (n - 1) % 2, opening: opening}
		select {
		case jobs <- job:
		case <-ctx.Done():
			return
		case <-m.stop:
			return
		}
	}
}

// work plays games from jobs with its own pair of engines until jobs run out
// or the match is cancelled; it always quits and reaps its engines.
func (m *match) work(ctx context.Context, engines [2]*Engine, jobs <-chan gameJob, results chan<- *GameRecord) {
	defer func() {
		for _, e := range engines {
			if e != nil {
				e.Close()
			}
		}
	}()
	for {
		var job gameJob
		var ok bool
		select {
		case job, ok = <-jobs:
			if !ok {
				return
			}
		case <-ctx.Done():
			return
		case <-m.stop:
			return
		}
		if m.stopping() {
			return
		}
		if err := m.refresh(ctx, &engines); err != nil {
			m.fail(err)
			return
		}
		setup := gameSetup{
			number:   job.number,
			opening:  job.opening,
			players:  [2]*Engine{engines[job.whiteIndex], engines[1-job.whiteIndex]},
			rules:    m.cfg.Rules,
			maxMoves: m.cfg.MaxMoves,
			relay:    m.cfg.Relay,
		}
		m.out.started(job.number, m.cfg.Games, setup.players[White].Name(), setup.players[Black].Name())
		rec, err := playGame(ctx, &setup)
		if err != nil {
			if ctx.Err() == nil {
				m.fail(err)
			}
			return
		}
		rec.WhiteIndex = job.whiteIndex
		results <- rec
	}
}

// startEngines starts both engines of the match.
func (m *match) startEngines(ctx context.Context) ([2]*Engine, error) {
	var engines [2]*Engine
	err := m.refresh(ctx, &engines)
	return engines, err
}

// refresh replaces engines that failed, or all of them with restart=on, and
// starts any that are not running.
func (m *match) refresh(ctx context.Context, engines *[2]*Engine) error {
	for i, e := range engines {
		cfg := &m.cfg.Engines[i]
		if e != nil && e.needsRestart(cfg.Restart) {
			m.log.Note(cfg.Name, "restarting")
			e.Close()
			engines[i] = nil
		}
		if engines[i] == nil {
			e, err := StartEngine(ctx, cfg, m.log, m.out.warn)
			if err != nil {
				for _, started := range engines {
					if started != nil {
						started.Close()
					}
				}
				*engines = [2]*Engine{}
				return err
			}
			engines[i] = e
		}
	}
	return nil
}

// record appends a finished game to the PGN, whole, before it is reported.
func (m *match) record(rec *GameRecord, out *pgn.Writer) error {
	if out == nil {
		return nil
	}
	g, err := rec.PGN(m.cfg.Rules, m.cfg.Event, m.cfg.Site)
	if err != nil {
		return err
	}
	return out.Write(g)
}

// fail ends the match for an error that is not a game result: no new game
// starts, but games already running finish and are recorded, so nothing
// played is lost. Only cancellation (Ctrl-C) abandons running games.
func (m *match) fail(err error) {
	m.errOnce.Do(func() {
		m.err = err
		close(m.stop)
	})
}

func (m *match) stopping() bool {
	select {
	case <-m.stop:
		return true
	default:
		return false
	}
}

// scoreFor is the score (1, 0.5, 0) of the match's engine idx in a game.
func scoreFor(rec *GameRecord, idx int) float64 {
	switch rec.Outcome {
	case Draw:
		return 0.5
	case WhiteWins:
		if rec.WhiteIndex == idx {
			return 1
		}
	case BlackWins:
		if rec.WhiteIndex != idx {
			return 1
		}
	}
	return 0
}

// pairTally waits for both games of a pair (numbers 2k-1 and 2k) to finish.
type pairTally map[int]float64

func newPairTally() pairTally { return pairTally{} }

func (t pairTally) add(number int, score float64) (first, second float64, done bool) {
	pair := (number + 1) / 2
	if other, ok := t[pair]; ok {
		delete(t, pair)
		return other, score, true
	}
	t[pair] = score
	return 0, 0, false
}
