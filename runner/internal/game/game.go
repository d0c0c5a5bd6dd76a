// Package game plays one game: a single select loop over both engines,
// the mover's deadline and cancellation; the clocks, the rules (its own
// board), adjudication (draw, resign, move limit, Syzygy), engine books and
// pondering. It returns the game's record and how it ended.
//
// It must not know the run (schedules, outputs, the workers) nor do the
// engine host's bookkeeping: which engine plays the next game is the
// host's call from the ending (enginehost.Engine.GameOver), not the game's.
package game

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/internal/selfpause"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Setup is everything one game needs.
type Setup struct {
	Number   int
	Opening  pgn.Opening
	Players  [2]*enginehost.Engine // by colour
	MaxMoves int                   // full moves by the engines before a draw is adjudicated; 0 = no limit
	Draw     *spec.DrawAdjudication
	Resign   *spec.ResignAdjudication
	// Tablebase adjudicates by Syzygy tables; nil: no tablebase adjudication.
	Tablebase *Tablebase
	Relay     *RelayStats // nil: relay latencies not gathered
	Books     [2]*Book    // by colour; nil: the engine has no book of its own
	BookSeed  uint64
	Watch     Watcher // nil: nobody watches
}

// Watcher follows games as they are played (the web dashboard). It is
// called on the game's goroutine and must not wait.
type Watcher interface {
	Started(number int, white, black, startFEN string, clocks [2]time.Duration)
	// Moved: side played m; info is nil for a book move.
	Moved(number int, m protocol.Move, side Color, info *record.MoveInfo, clocks [2]time.Duration)
}

// Play drives one game from the opening to its end in a single select
// loop over both engines, the mover's deadline, and cancellation. The error is
// for the match (a bad opening, a cancelled context), not for the game; a
// *VoidError says autoplay itself paused during the game, which must be
// played again.
func Play(ctx context.Context, s *Setup) (*record.GameRecord, error) {
	mark := selfpause.Begin()
	defer mark.End()
	white, black := s.Players[White], s.Players[Black]
	rec := NewRecord(s.Number, s.Opening, [2]string{white.Name(), black.Name()}, [2]*spec.EngineConfig{white.Config(), black.Config()})
	rec.Plies = make([]record.Ply, 0, firstPlies+len(s.Opening.Moves))
	rec.Engines = [2]record.Identity{white.Identity(), black.Identity()}
	board, err := NewVariantBoard(rec.Variant, s.Opening.FEN)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", s.Opening.Source, err)
	}
	history := enginehost.NewHistory(engineStartFEN(s.Opening.FEN, rec.Variant), rec.Variant.IsChess960())
	board.Reserve(cap(rec.Plies))
	history.Reserve(cap(rec.Plies))
	startClocks := [2]Clock{NewClock(rec.TimeControl[White]), NewClock(rec.TimeControl[Black])}
	if s.Watch != nil {
		s.Watch.Started(s.Number, rec.White, rec.Black, s.Opening.FEN, remaining(&startClocks))
	}
	for i, m := range s.Opening.Moves {
		side := board.Turn()
		played, err := board.Play(m)
		if err != nil {
			return nil, fmt.Errorf("opening %s: move %d %s is illegal", s.Opening.Source, i+1, m)
		}
		history.Played(played, board)
		rec.Plies = append(rec.Plies, record.Ply{Move: played, Book: true})
		if s.Watch != nil {
			s.Watch.Moved(s.Number, played, side, nil, remaining(&startClocks))
		}
	}
	var asked time.Time
	end, err := runGameLoop(ctx, s, board, rec, history, &asked)
	if err != nil {
		return nil, err
	}
	if err := voidIfPaused(mark, end, s.Players, asked); err != nil {
		return nil, err
	}
	rec.SetEnd(end)
	for c, p := range s.Players {
		p.GameOver(end, Color(c))
	}
	rec.Duration = time.Since(rec.Started)
	rec.FinalFEN = board.FEN()
	return rec, nil
}

// gameInPlay is one game being played: what runGameLoop and its steps share.
type gameInPlay struct {
	s            *Setup
	board        Board
	rec          *record.GameRecord
	history      *enginehost.History
	clocks       [2]Clock
	timer        *time.Timer
	engineMoves  int
	adj          adjudicator
	book         *bookPlay
	ponder       pondering
	relay        *RelayStats // nil: not gathered
	lastMoveRead time.Time   // when the previous engine move was read: the relay starts there
	// The score of the last engine move, for the adjudicator.
	scored     bool
	scoredSide Color
	score      protocol.Score
}

// runGameLoop plays the game to its end; asked is kept at the time the
// last move's clock started.
func runGameLoop(ctx context.Context, s *Setup, board Board, rec *record.GameRecord, history *enginehost.History, asked *time.Time) (record.End, error) {
	for c := White; c <= Black; c++ {
		if err := s.Players[c].NewGame(ctx, engineStartFEN(s.Opening.FEN, rec.Variant)); err != nil {
			if ctx.Err() != nil {
				return record.End{}, ctx.Err()
			}
			return engineFailure(c, err), nil
		}
	}
	g := &gameInPlay{s: s, board: board, rec: rec, history: history,
		clocks: [2]Clock{NewClock(rec.TimeControl[White]), NewClock(rec.TimeControl[Black])},
		timer:  time.NewTimer(time.Hour),
		adj:    adjudicator{draw: s.Draw, resign: s.Resign},
		book:   newBookPlay(s.Books, s.BookSeed, s.Number),
		relay:  s.Relay,
	}
	g.timer.Stop()
	defer g.timer.Stop()
	for {
		if status, result := board.Outcome(); status != Ongoing {
			return record.EndByOutcome(rec.Variant.Rules(), status, result, board.Turn()), nil
		}
		// Every position the tables can decide, the start included.
		if s.Tablebase != nil {
			if end, over := s.Tablebase.adjudicate(board, g.engineMoves); over {
				return end, nil
			}
		}
		if g.scored {
			g.scored = false
			if end, over := g.adj.moved(g.scoredSide, g.score, board.FullMoveNumber(), board.HalfmoveClock()); over {
				return end, nil
			}
		}
		if s.MaxMoves > 0 && g.engineMoves >= 2*s.MaxMoves {
			return record.AdjudicatedDraw("move limit"), nil
		}
		side := board.Turn()
		if g.bookMove(side) {
			continue
		}
		sent, end, over := g.ask(ctx, side)
		*asked = sent
		if over {
			return end, nil
		}
		if end, over, err := g.await(ctx, side, sent); over || err != nil {
			return end, err
		}
	}
}

// bookMove plays the engine's own book move for side, if it has one: no
// time, no search.
func (g *gameInPlay) bookMove(side Color) bool {
	m, ok := g.book.move(g.s.Books[side], side, g.board)
	if !ok {
		return false
	}
	played, err := g.board.Play(m)
	if err != nil {
		g.book.out[side] = true
		return false
	}
	g.history.Played(played, g.board)
	g.rec.Plies = append(g.rec.Plies, record.Ply{Move: played, Book: true, TimeLeft: g.clocks[side].Remaining()})
	g.clocks[side].Punch(0, 0)
	if g.s.Watch != nil {
		g.s.Watch.Moved(g.s.Number, played, side, nil, remaining(&g.clocks))
	}
	g.engineMoves++
	return true
}

// ask gives the side to move its go (or its ponderhit) and its opponent
// the go to ponder on; it returns when the mover's clock started.
func (g *gameInPlay) ask(ctx context.Context, side Color) (time.Time, record.End, bool) {
	mover, other := g.s.Players[side], g.s.Players[side.Other()]
	var sent time.Time
	var err error
	if g.ponder.active[side] {
		sent, err = g.ponder.resume(ctx, mover, side, g.history, &g.clocks)
	} else {
		sent, err = mover.Think(g.history, engineClocks(&g.clocks, side), side)
	}
	switch {
	case errors.Is(err, enginehost.ErrStalled) && g.clocks[side].Timed():
		// A stopped ponder search not answered within the mover's time.
		return sent, record.LossOnTime(side), true
	case errors.Is(err, enginehost.ErrStalled):
		return sent, record.Stall(side), true
	case err != nil:
		return sent, record.Disconnect(side), true
	}
	if g.relay != nil && !g.lastMoveRead.IsZero() {
		g.relay.add(time.Since(g.lastMoveRead))
	}
	// The mover has its go; now its opponent may think on its time.
	if err := g.ponder.start(other, side.Other(), g.board, g.history, &g.clocks); err != nil {
		return sent, record.Disconnect(side.Other()), true
	}
	g.roomForAPly()
	return sent, record.End{}, false
}

// firstPlies is the room a game's record, board and history start with beyond
// the opening. With hundreds of games at once, a long game's worth each
// from the first move was most of the runner's memory.
const firstPlies = 32

// roomForAPly grows the record, the board's history and the engines' history while
// the engine thinks, after its go is written, so that recording its move
// (on the way from its bestmove to the opponent's go) never allocates. It
// grows them by a quarter (at least firstPlies): a game holds little more
// room than it used, and the copies cost nothing an engine would notice.
func (g *gameInPlay) roomForAPly() {
	if p := g.rec.Plies; len(p) == cap(p) {
		more := max(firstPlies, cap(p)/4)
		g.rec.Plies = append(make([]record.Ply, 0, cap(p)+more), p...)
		g.board.Reserve(more)
		g.history.Reserve(more)
	}
}

// await waits for the mover's move, its clock's flag, or cancellation;
// over says the game ended.
func (g *gameInPlay) await(ctx context.Context, side Color, sent time.Time) (record.End, bool, error) {
	mover, other := g.s.Players[side], g.s.Players[side.Other()]
	timed := g.clocks[side].Timed()
	g.timer.Reset(moveLimit(mover.Config(), &g.clocks[side]))
	for {
		select {
		case ev, ok := <-mover.Events():
			if !ok {
				ev.Kind = enginehost.KindExit
			}
			switch ev.Kind {
			case enginehost.KindMove:
				g.timer.Stop()
				end, over := g.moved(side, &ev, ev.At.Sub(sent))
				return end, over, nil
			case enginehost.KindBadMove:
				return record.IllegalMove(side, ev.Text), true, nil
			}
			if end, over := interruption(mover, side, ev, g.history.Moves()); over {
				return end, true, nil
			}
			// readyok and the like: not what we wait for
		case ev, ok := <-other.Events():
			if !ok {
				ev.Kind = enginehost.KindExit
			}
			if ev.Kind == enginehost.KindMove || ev.Kind == enginehost.KindBadMove {
				// The idle engine moves while its opponent is to move: its
				// board is out of step with the game.
				return record.MovesOutOfTurn(side.Other(), outOfTurnMove(ev)), true, nil
			}
			if end, over := interruption(other, side.Other(), ev, g.history.Moves()); over {
				return end, true, nil
			}
			// the idle engine's chatter
		case <-g.timer.C:
			// Decided at the flag: the host stops the engine's search
			// (or replaces it) before its next game.
			if timed {
				g.rec.Overrun = time.Since(sent) - g.clocks[side].Budget()
				return record.LossOnTime(side), true, nil
			}
			return record.Stall(side), true, nil
		case <-ctx.Done():
			return record.End{}, true, ctx.Err()
		}
	}
}

// moveLimit is how long an engine may take for its move: its clock's
// budget and its time margin, or with no clock its timeout (only a stall
// ends the wait).
func moveLimit(cfg *spec.EngineConfig, clock *Clock) time.Duration {
	if clock.Timed() {
		return clock.Budget() + cfg.TimeMargin
	}
	return cfg.Timeout
}

// moved takes the mover's move, which took elapsed: on the clock, legal,
// played, recorded, adjudicated.
func (g *gameInPlay) moved(side Color, ev *enginehost.Event, elapsed time.Duration) (record.End, bool) {
	mover := g.s.Players[side]
	cfg := mover.Config()
	budget := g.clocks[side].Budget()
	if !PunchMove(&g.clocks, side, elapsed, cfg.TimeMargin) {
		g.rec.Overrun = elapsed - budget
		return record.LossOnTime(side), true
	}
	move, ok := mover.MoveOf(ev.Move, ev.Text)
	if !ok {
		return record.IllegalMove(side, ev.Text), true
	}
	// The runner decides legality, and keeps the move in the form every
	// receiver's driver can write its own way.
	played, err := g.board.Play(move)
	if err != nil {
		return record.IllegalMove(side, moveText(move)), true
	}
	mover.Played(played)
	g.ponder.named[side] = ev.Ponder
	g.history.Played(played, g.board)
	if cfg.WhitePOV && side == Black {
		ev.Info.Score.Value = -ev.Info.Score.Value
	}
	if g.s.Watch != nil {
		info := ev.Info // a copy: the event stays on the stack of an unwatched game
		g.s.Watch.Moved(g.s.Number, played, side, &info, remaining(&g.clocks))
	}
	late := selfpause.LateDuring(ev.At.Add(-elapsed), ev.At)
	g.rec.Plies = append(g.rec.Plies, record.Ply{Move: played, Info: ev.Info, Elapsed: elapsed, TimeLeft: g.clocks[side].Remaining(),
		RunnerLateMicros: uint32(min(late/time.Microsecond, math.MaxUint32))})
	g.engineMoves++
	g.lastMoveRead = ev.At
	// Adjudicated at the top of the loop, once the rules have had their say
	// on the position: a mate is a mate, not a resignation by scores.
	g.scored, g.scoredSide, g.score = true, side, ev.Info.Score
	return record.End{}, false
}

// interruption decides whether something an engine said other than a move
// ends the game: it exits, resigns, claims a result, or rejects a move it
// was sent. The game loop ends games by the rules before it waits, so a
// claim that arrives while it waits claims what is not so.
func interruption(e *enginehost.Engine, c Color, ev enginehost.Event, moves []protocol.Move) (record.End, bool) {
	switch ev.Kind {
	case enginehost.KindExit:
		return record.Disconnect(c), true
	case enginehost.KindResign:
		return record.Resigns(c), true
	case enginehost.KindClaim:
		return record.FalseClaim(c, ev.Claim, ev.Text), true
	case enginehost.KindRejected:
		// Whether the reply refuses a move of this game is the driver's
		// call: engines say "Illegal move" of other things too.
		if e.Refuses(ev.Text, moves) {
			return record.RejectsLegalMove(c, ev.Text), true
		}
	}
	return record.End{}, false
}

// moveText names a move for an ending; "bestmove (none)" has no move text.
func moveText(m protocol.Move) string {
	if m.IsZero() {
		return "(none)"
	}
	return m.String()
}

// engineFailure maps an engine error to the ending it causes.
func engineFailure(c Color, err error) record.End {
	if errors.Is(err, enginehost.ErrStalled) {
		return record.Stall(c)
	}
	return record.Disconnect(c)
}

// outOfTurnMove names the move an engine sent out of turn.
func outOfTurnMove(ev enginehost.Event) string {
	if ev.Text != "" {
		return ev.Text
	}
	return moveText(ev.Move)
}

// remaining is each side's time left, as a watcher shows it.
func remaining(clocks *[2]Clock) [2]time.Duration {
	return [2]time.Duration{clocks[White].Remaining(), clocks[Black].Remaining()}
}

// engineStartFEN is the start engines are told: "" (the start position,
// UCI's startpos) when fen is the variant's own start, which an engine
// set to the variant knows, else fen.
func engineStartFEN(fen string, v spec.Variant) string {
	if v.IsVariant() && fen == v.StartFEN() {
		return ""
	}
	return fen
}

// rules is the chess core games are played by.
var rules Rules = BitboardRules{}

// OpeningFEN is the position after an opening's moves in variant v, for
// the record of a game that never started; "" when the opening does not
// replay.
func OpeningFEN(o pgn.Opening, v spec.Variant) string {
	board, err := NewVariantBoard(v, o.FEN)
	if err != nil {
		return ""
	}
	for _, m := range o.Moves {
		if _, err := board.Play(m); err != nil {
			break
		}
	}
	return board.FEN()
}
