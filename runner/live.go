package runner

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// Live is what a run shows while it goes, for watchers such as the web
// dashboard: the games being played, move by move, each finished game, and
// the standings. The run writes to it without ever waiting on a reader: a
// reader copies what it needs under a short lock, and learns of changes
// from a signal that is dropped when nobody takes it.
type Live struct {
	mu sync.Mutex
	// version counts the changes; written under mu, read without it by
	// Version, so a watcher learns of a change without taking the run's lock.
	version  atomic.Uint64
	changed  chan struct{}
	info     LiveRun
	games    map[int]*LiveGame
	finished []FinishedGame // the latest maxLiveFinished, oldest first
	index    *PGNIndex      // autoplay view: the games are read from here
	pvs      pvBoards       // spells the PVs of a view in SAN
	history  history
	summary  LiveSummary
}

// maxLiveFinished bounds the finished games a Live keeps (with their PGN).
const maxLiveFinished = 1000

// LiveRun describes the run.
type LiveRun struct {
	Type     spec.Tournament `json:"type"`
	Engines  []string        `json:"engines"`
	TC       []string        `json:"time_controls"`
	Openings string          `json:"openings,omitempty"`
	Variant  spec.Variant    `json:"variant"`
	Total    int             `json:"total"`
	PGN      string          `json:"pgn,omitempty"`
	Started  time.Time       `json:"started"`
	// Viewing: a finished run's PGN is shown (autoplay view), not a run.
	Viewing bool `json:"viewing,omitempty"`
}

// LiveGame is a game being played.
type LiveGame struct {
	Number   int              `json:"number"`
	White    string           `json:"white"`
	Black    string           `json:"black"`
	StartFEN string           `json:"start_fen"`
	Moves    []string         `json:"moves"` // UCI, castling as the king's step and the rook's file ("e1g1/h")
	Clocks   [2]time.Duration `json:"clocks_ns"`
	Evals    [2]LiveEval      `json:"evals"` // the last of each side
	Scores   []LiveScore      `json:"scores"`
	Updated  time.Time        `json:"updated"`
}

// LiveEval is an engine's last search.
type LiveEval struct {
	Score string `json:"score"` // "+0.35", "-M5", "" without one
	Depth int    `json:"depth"`
	// PV is in SAN with move numbers in a view ("12. Nf3 Nc6"), from the
	// position it was searched in, up to its first illegal move.
	PV  string `json:"pv,omitempty"`
	Ply int    `json:"ply"` // the game's ply the search gave (its move's, 1-based)
}

// LiveScore is one point of a game's eval graph, from White's side.
type LiveScore struct {
	Ply int     `json:"ply"`
	CP  float64 `json:"cp"` // mates as ±100 pawns
}

// FinishedGame is a game in the finished list.
type FinishedGame struct {
	Number   int      `json:"number"`
	White    string   `json:"white"`
	Black    string   `json:"black"`
	Result   string   `json:"result"`
	Reason   string   `json:"reason"`
	Plies    int      `json:"plies"`
	PGN      string   `json:"-"`
	StartFEN string   `json:"-"`
	Moves    []string `json:"-"` // UCI: Game serves them one game at a time
	// Oversize is the size of a game autoplay view will not read whole
	// (more than MaxViewGame bytes of PGN): PGN and Moves are empty.
	Oversize int64 `json:"-"`
}

// LiveSummary is the standing now.
type LiveSummary struct {
	Played      int             `json:"played"`
	Total       int             `json:"total"`
	Encounters  []LiveEncounter `json:"encounters"`
	Engines     []EngineStats   `json:"engines"`
	SPRT        *LiveSPRT       `json:"sprt,omitempty"`
	Knockout    []KnockoutRound `json:"knockout,omitempty"`
	GamesPerMin float64         `json:"games_per_min"`
	ETASeconds  float64         `json:"eta_seconds"`
	Done        bool            `json:"done"`
	Pairs       *stats.Figures  `json:"pairs,omitempty"`
	Games       *stats.Figures  `json:"games,omitempty"`
	// Ratings is a tournament's rating table (Elo relative to the field).
	Ratings []LiveRating `json:"ratings,omitempty"`
}

// LiveRating is one row of the rating table.
type LiveRating struct {
	Name  string  `json:"name"`
	Elo   float64 `json:"elo"`
	Elo95 float64 `json:"elo95"`
	Games int     `json:"games"`
	Score float64 `json:"score"`
}

// LiveEncounter is one encounter's score.
type LiveEncounter struct {
	Names       [2]string         `json:"names"`
	Wins        int               `json:"wins"`
	Draws       int               `json:"draws"`
	Losses      int               `json:"losses"`
	Pentanomial stats.Pentanomial `json:"pentanomial"`
	Games       stats.Figures     `json:"figures"`
}

// LiveSPRT is the test's standing.
type LiveSPRT struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"`
}

// NewLive makes a Live for a run to write to (Options.Live).
func NewLive() *Live {
	return &Live{games: map[int]*LiveGame{}, changed: make(chan struct{}, 1)}
}

// Changed signals (by a value, when nobody has taken the last) that
// something changed.
func (l *Live) Changed() <-chan struct{} { return l.changed }

// Version is the count of changes so far: a watcher compares it with the
// view it has and reads the state again only when it moved on. It takes
// no lock.
func (l *Live) Version() uint64 { return l.version.Load() }

func (l *Live) touch() {
	l.version.Add(1)
	select {
	case l.changed <- struct{}{}:
	default:
	}
}

func (l *Live) begin(c *spec.Config, total int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.info = LiveRun{Type: c.Type, Openings: c.Openings.File, Variant: c.Variant, Total: total, PGN: c.PGNOut, Started: time.Now()}
	if l.info.Variant == "" {
		l.info.Variant = spec.Standard
	}
	for _, e := range c.Engines {
		l.info.Engines = append(l.info.Engines, e.Name)
		l.info.TC = append(l.info.TC, e.TC.String())
	}
	l.summary.Total = total
	l.touch()
}

func (l *Live) started(number int, white, black, fen string, clocks [2]time.Duration) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.games[number] = &LiveGame{Number: number, White: white, Black: black, StartFEN: fen,
		Moves: make([]string, 0, 160), Clocks: clocks, Updated: time.Now()}
	l.touch()
}

// moved records a move of game number; side made it.
func (l *Live) moved(number int, m protocol.Move, side record.Color, info *record.MoveInfo, clocks [2]time.Duration) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	g := l.games[number]
	if g == nil {
		return
	}
	g.Moves = append(g.Moves, liveMove(m, l.info.Variant.IsChess960()))
	g.Clocks = clocks
	if info != nil {
		p := record.Ply{Info: *info}
		e := LiveEval{Depth: int(info.Depth), PV: info.PV(), Ply: len(g.Moves)}
		if text := p.ScoreText(); len(text) > 0 && (text[0] == '+' || text[0] == '-') {
			e.Score, _, _ = strings.Cut(text, "/")
		}
		g.Evals[side] = e
		if cp, ok := whiteCP(info.Score, side); ok {
			g.Scores = append(g.Scores, LiveScore{Ply: len(g.Moves), CP: cp})
		}
	}
	g.Updated = time.Now()
	l.touch()
}

// liveWatcher has a run's games report to its Live.
type liveWatcher struct{ l *Live }

func (w liveWatcher) Started(number int, white, black, fen string, clocks [2]time.Duration) {
	w.l.started(number, white, black, fen, clocks)
}

func (w liveWatcher) Moved(number int, m protocol.Move, side record.Color, info *record.MoveInfo, clocks [2]time.Duration) {
	w.l.moved(number, m, side, info, clocks)
}

// liveMove is a move as the dashboard's board (and api/games/N.json)
// gives it: UCI, castling as the king's step ("e8c8"); in Chess960, where
// the king's step does not say which rook castles, with the rook's file
// ("e1g1/h").
func liveMove(m protocol.Move, chess960 bool) string {
	if chess960 {
		b, _ := m.MarshalText()
		return string(b)
	}
	return string(m.AppendTo(nil))
}

// whiteCP is a score in pawns from White's side, mates as ±100.
func whiteCP(s protocol.Score, side record.Color) (float64, bool) {
	var v float64
	switch s.Kind {
	case protocol.ScoreCP:
		v = float64(s.Value) / 100
	case protocol.ScoreMate:
		v = 100
		if s.Value <= 0 { // mate 0: the side to move is mated
			v = -100
		}
	default:
		return 0, false
	}
	if side == record.Black {
		v = -v
	}
	return v, true
}

// ended drops a game that will not be recorded (a stop).
func (l *Live) ended(number int) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.games, number)
	l.touch()
}

// recorded moves a finished game to the finished list and takes the
// standing after it. It runs on the collector, which owns res.
func (l *Live) recorded(rec *record.GameRecord, pgnText string, res *Result, done bool) {
	if l == nil {
		return
	}
	sum := liveSummary(res)
	l.mu.Lock()
	defer l.mu.Unlock()
	if rec != nil {
		delete(l.games, rec.Number)
		moves := make([]string, len(rec.Plies))
		for i, p := range rec.Plies {
			moves[i] = liveMove(p.Move, rec.Variant.IsChess960())
		}
		l.finished = append(l.finished, FinishedGame{Number: rec.Number, White: rec.White, Black: rec.Black,
			Result: rec.Outcome.String(), Reason: rec.Ending, Plies: len(rec.Plies), PGN: pgnText,
			StartFEN: rec.StartFEN, Moves: moves})
		if len(l.finished) > maxLiveFinished {
			l.finished = append(l.finished[:0], l.finished[len(l.finished)-maxLiveFinished:]...)
		}
		l.history.add(pointOf(res))
	}
	elapsed := time.Since(l.info.Started)
	if played := res.Played - res.Resumed; played > 0 && elapsed > 0 && l.index == nil {
		sum.GamesPerMin = float64(played) / elapsed.Minutes()
		sum.ETASeconds = float64(res.Total-res.Played) / sum.GamesPerMin * 60
	}
	sum.Done = done
	l.summary = sum
	l.touch()
}

func liveSummary(res *Result) LiveSummary {
	s := LiveSummary{Played: res.Played, Total: res.Total, Engines: append([]EngineStats(nil), res.Engines...), Knockout: res.Knockout}
	for _, enc := range res.Encounters {
		s.Encounters = append(s.Encounters, LiveEncounter{Names: enc.Names, Wins: enc.Score.Wins, Draws: enc.Score.Draws,
			Losses: enc.Score.Losses, Pentanomial: enc.Pairs, Games: enc.Score.Figures()})
	}
	if len(res.Encounters) == 1 {
		enc := res.Encounters[0]
		g := enc.Score.Figures()
		s.Games = &g
		if enc.Pairs.Pairs() > 0 {
			p := enc.Pairs.Figures()
			s.Pairs = &p
		}
	}
	if len(res.Engines) > 2 && res.Played > 0 {
		names := make([]string, len(res.Engines))
		for i, e := range res.Engines {
			names[i] = e.Name
		}
		for _, r := range stats.Ratings(names, res.wdlMatrix()) {
			s.Ratings = append(s.Ratings, LiveRating{Name: r.Name, Elo: finite(r.Elo), Elo95: finite(r.Elo95), Games: r.Games, Score: r.Score})
		}
	}
	if sp := res.SPRT; sp != nil {
		s.SPRT = &LiveSPRT{Elo0: sp.Test.Elo0, Elo1: sp.Test.Elo1, LLR: finite(sp.LLR), Lower: sp.Lower, Upper: sp.Upper, Decision: sp.Decision.String()}
	}
	return s
}

// LiveView is a copy of everything a watcher shows.
type LiveView struct {
	Version  uint64         `json:"version"`
	Run      LiveRun        `json:"run"`
	Summary  LiveSummary    `json:"summary"`
	Games    []LiveGame     `json:"games"`
	Finished []FinishedGame `json:"finished"` // the latest 100
	History  []LivePoint    `json:"history"`
}

// View copies the run's state, with the live PVs in SAN.
func (l *Live) View() LiveView {
	v := l.copyView()
	l.pvs.spell(v.Games) // outside the run's lock
	return v
}

func (l *Live) copyView() LiveView {
	l.mu.Lock()
	defer l.mu.Unlock()
	v := LiveView{Version: l.version.Load(), Run: l.info, Summary: l.summary, History: append([]LivePoint(nil), l.history.points...)}
	for _, g := range l.games {
		c := *g
		c.Moves = append([]string(nil), g.Moves...)
		c.Scores = append([]LiveScore(nil), g.Scores...)
		v.Games = append(v.Games, c)
	}
	slices.SortFunc(v.Games, func(a, b LiveGame) int { return a.Number - b.Number })
	from := max(0, len(l.finished)-100)
	v.Finished = append([]FinishedGame(nil), l.finished[from:]...)
	return v
}

// Finished is a finished game, if it is still kept (or, for autoplay
// view, read from its PGN).
func (l *Live) Finished(number int) (FinishedGame, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.index != nil {
		return l.index.Game(number)
	}
	for i := len(l.finished) - 1; i >= 0; i-- {
		if l.finished[i].Number == number {
			return l.finished[i], true
		}
	}
	return FinishedGame{}, false
}

// LoadIndex fills a Live from a finished run's PGN (autoplay view): the
// latest games listed, the standing counted, every game read on demand.
func (l *Live) LoadIndex(x *PGNIndex) {
	l.mu.Lock()
	l.info = LiveRun{Engines: x.Players(), PGN: x.path, Total: x.Len(), Viewing: true,
		Openings: x.Openings(), TC: x.TimeControls(), Type: spec.TypeMatch}
	if len(l.info.Engines) > 2 {
		l.info.Type = spec.TypeRoundRobin
	}
	l.finished = x.Latest(100)
	l.index = x
	l.history = history{}
	res := x.Result(func(res *Result) { l.history.add(pointOf(res)) })
	l.mu.Unlock()
	l.recorded(nil, "", res, true)
}
