package live

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

// State is what a run shows while it goes, for watchers such as the web
// dashboard: the games being played, move by move, each finished game, and
// the standings. The run writes to it without ever waiting on a reader: a
// reader copies what it needs under a short lock, and learns of changes
// from a signal that is dropped when nobody takes it.
type State struct {
	mu sync.Mutex
	// version counts the changes; written under mu, read without it by
	// Version, so a watcher learns of a change without taking the run's lock.
	version  atomic.Uint64
	changed  chan struct{}
	info     Run
	games    map[int]*Game
	finished []FinishedGame // the latest maxLiveFinished, oldest first
	index    *PGNIndex      // autoplay view: the games are read from here
	pvs      pvBoards       // spells the PVs of a view in SAN
	history  history
	summary  Summary
	fleet    []FleetWorker // a distributed run's workers (fleet.go)
}

// maxLiveFinished bounds the finished games a State keeps (with their PGN).
const maxLiveFinished = 1000

// Run describes the run.
type Run struct {
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

// Game is a game being played.
type Game struct {
	Number   int              `json:"number"`
	White    string           `json:"white"`
	Black    string           `json:"black"`
	StartFEN string           `json:"start_fen"`
	Moves    []string         `json:"moves"` // UCI, castling as the king's step and the rook's file ("e1g1/h")
	Clocks   [2]time.Duration `json:"clocks_ns"`
	Evals    [2]Eval          `json:"evals"` // the last of each side
	Scores   []Score          `json:"scores"`
	Updated  time.Time        `json:"updated"`

	// Worker plays the game, in a distributed run: its name, as the
	// fleet lists it ("" for a game played here).
	Worker string `json:"worker,omitempty"`

	// FEN is the position now in a variant other than Chess960 (pockets,
	// promoted pieces, checks left), read by the chess core from the
	// moves when a watcher asks: "" in chess.
	FEN string `json:"fen,omitempty"`
}

// Eval is an engine's last search.
type Eval struct {
	Score string `json:"score"` // "+0.35", "-M5", "" without one
	Depth int    `json:"depth"`
	// PV is in SAN with move numbers in a view ("12. Nf3 Nc6"), from the
	// position it was searched in, up to its first illegal move.
	PV  string `json:"pv,omitempty"`
	Ply int    `json:"ply"` // the game's ply the search gave (its move's, 1-based)
}

// Score is one point of a game's eval graph, from White's side.
type Score struct {
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

// Summary is the standing now.
type Summary struct {
	Played      int                   `json:"played"`
	Total       int                   `json:"total"`
	Encounters  []Encounter           `json:"encounters"`
	Engines     []stats.EngineStats   `json:"engines"`
	SPRT        *SPRT                 `json:"sprt,omitempty"`
	Knockout    []stats.KnockoutRound `json:"knockout,omitempty"`
	GamesPerMin float64               `json:"games_per_min"`
	ETASeconds  float64               `json:"eta_seconds"`
	Done        bool                  `json:"done"`
	Pairs       *stats.Figures        `json:"pairs,omitempty"`
	Games       *stats.Figures        `json:"games,omitempty"`
	// Ratings is a tournament's rating table (Elo relative to the field).
	Ratings []Rating `json:"ratings,omitempty"`
	// Resumed is how many of Played a resume counted from its PGN: the
	// rate and the ETA count only the games played since the start.
	Resumed int `json:"-"`
}

// Rating is one row of the rating table.
type Rating struct {
	Name  string  `json:"name"`
	Elo   float64 `json:"elo"`
	Elo95 float64 `json:"elo95"`
	Games int     `json:"games"`
	Score float64 `json:"score"`
}

// Encounter is one encounter's score.
type Encounter struct {
	Names       [2]string         `json:"names"`
	Wins        int               `json:"wins"`
	Draws       int               `json:"draws"`
	Losses      int               `json:"losses"`
	Pentanomial stats.Pentanomial `json:"pentanomial"`
	Games       stats.Figures     `json:"figures"`
}

// SPRT is the test's standing.
type SPRT struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"`
}

// New makes a State for a run to write to (runner's Options.Live).
func New() *State {
	return &State{games: map[int]*Game{}, changed: make(chan struct{}, 1)}
}

// Changed signals (by a value, when nobody has taken the last) that
// something changed.
func (l *State) Changed() <-chan struct{} { return l.changed }

// Version is the count of changes so far: a watcher compares it with the
// view it has and reads the state again only when it moved on. It takes
// no lock.
func (l *State) Version() uint64 { return l.version.Load() }

func (l *State) touch() {
	l.version.Add(1)
	select {
	case l.changed <- struct{}{}:
	default:
	}
}

// Begin takes the run's description as it starts; Started is set here.
func (l *State) Begin(info Run) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.info = info
	l.info.Started = time.Now()
	if l.info.Variant == "" {
		l.info.Variant = spec.Standard
	}
	l.summary.Total = info.Total
	l.touch()
}

// Started records the start of game number (the game's Watcher).
func (l *State) Started(number int, white, black, fen string, clocks [2]time.Duration) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.games[number] = &Game{Number: number, White: white, Black: black, StartFEN: fen,
		Moves: make([]string, 0, 160), Clocks: clocks, Updated: time.Now()}
	l.touch()
}

// Moved records a move of game number; side made it (the game's Watcher).
func (l *State) Moved(number int, m protocol.Move, side record.Color, info *record.MoveInfo, clocks [2]time.Duration) {
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
		e := Eval{Depth: int(info.Depth), PV: info.PV(), Ply: len(g.Moves)}
		if text := p.ScoreText(); len(text) > 0 && (text[0] == '+' || text[0] == '-') {
			e.Score, _, _ = strings.Cut(text, "/")
		}
		g.Evals[side] = e
		if cp, ok := whiteCP(info.Score, side); ok {
			g.Scores = append(g.Scores, Score{Ply: len(g.Moves), CP: cp})
		}
	}
	g.Updated = time.Now()
	l.touch()
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

// Ended drops a game that will not be recorded (a stop).
func (l *State) Ended(number int) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.games, number)
	l.touch()
}

// Recorded moves a finished game (rec, nil for none) to the finished list
// and takes the standing after it, sum, from the run: the run counts, the
// dashboard shows. It is called by one goroutine at a time (the run's
// collector).
func (l *State) Recorded(rec *record.GameRecord, pgnText string, sum Summary) {
	if l == nil {
		return
	}
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
	}
	elapsed := time.Since(l.info.Started)
	if played := sum.Played - sum.Resumed; played > 0 && elapsed > 0 && l.index == nil {
		sum.GamesPerMin = float64(played) / elapsed.Minutes()
		sum.ETASeconds = float64(sum.Total-sum.Played) / sum.GamesPerMin * 60
	}
	l.summary = sum
	l.touch()
}

// Plot adds the standing after a game to the plots' points.
func (l *State) Plot(p Point) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.history.add(p)
	l.touch()
}

// View is a copy of everything a watcher shows.
type View struct {
	Version  uint64         `json:"version"`
	Run      Run            `json:"run"`
	Summary  Summary        `json:"summary"`
	Games    []Game         `json:"games"`
	Finished []FinishedGame `json:"finished"` // the latest 100
	History  []Point        `json:"history"`
	Fleet    []FleetWorker  `json:"fleet,omitempty"` // a distributed run's workers
}

// View copies the run's state, with the live PVs in SAN.
func (l *State) View() View {
	v := l.copyView()
	l.pvs.spell(v.Games, v.Run.Variant) // outside the run's lock
	return v
}

func (l *State) copyView() View {
	l.mu.Lock()
	defer l.mu.Unlock()
	v := View{Version: l.version.Load(), Run: l.info, Summary: l.summary, History: append([]Point(nil), l.history.points...),
		Fleet: l.fleet} // SetFleet hands over a fresh slice each time
	for _, g := range l.games {
		c := *g
		c.Moves = slices.Clone(g.Moves) // [] before the first move, not null: the page reads its length
		c.Scores = append([]Score(nil), g.Scores...)
		v.Games = append(v.Games, c)
	}
	slices.SortFunc(v.Games, func(a, b Game) int { return a.Number - b.Number })
	from := max(0, len(l.finished)-100)
	v.Finished = append([]FinishedGame(nil), l.finished[from:]...)
	return v
}

// Finished is a finished game, if it is still kept (or, for autoplay
// view, read from its PGN).
func (l *State) Finished(number int) (FinishedGame, bool) {
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

// LoadIndex fills a State from a finished run's PGN (autoplay view): the
// latest games listed, every game read on demand. The standing and the
// plots' points are the run's to count (runner.LoadView).
func (l *State) LoadIndex(x *PGNIndex) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.info = Run{Engines: x.Players(), PGN: x.path, Total: x.Len(), Viewing: true,
		Openings: x.Openings(), TC: x.TimeControls(), Variant: x.Variant(), Type: spec.TypeMatch}
	if len(l.info.Engines) > 2 {
		l.info.Type = spec.TypeRoundRobin
	}
	l.finished = x.Latest(100)
	l.index = x
	l.history = history{}
	l.touch()
}
