package runner

import (
	"context"
	"errors"
	"fmt"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"time"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/protocol"
)

// gameSetup is everything one game needs.
type gameSetup struct {
	number      int
	opening     pgn.Opening
	players     [2]*enginehost.Engine // by colour
	rules       Rules
	maxMoves    int // full moves by the engines before a draw is adjudicated; 0 = no limit
	adjudicator adjudicator
	tablebase   *tablebase // nil: no tablebase adjudication
	relay       *RelayStats
	books       [2]*engineBook // by colour; nil: the engine has no book of its own
	bookSeed    uint64
	live        *Live // nil: nobody watches
}

// playGame drives one game from the opening to its end in a single select
// loop over both engines, the mover's deadline, and cancellation. The error is
// for the match (a bad opening, a cancelled context), not for the game.
func playGame(ctx context.Context, s *gameSetup) (*record.GameRecord, error) {
	rec := &record.GameRecord{
		Number: s.number, White: s.players[White].Name(), Black: s.players[Black].Name(),
		StartFEN: s.opening.FEN, Started: time.Now(), Opening: s.opening.Source,
		TimeControl: [2]spec.TimeControl{s.players[White].Config().TC, s.players[Black].Config().TC},
		Plies:       make([]record.Ply, 0, 256), Variant: s.players[White].Config().Variant,
	}
	board, err := s.rules.NewBoard(s.opening.FEN)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", s.opening.Source, err)
	}
	line := enginehost.NewLine(s.opening.FEN)
	startClocks := [2]Clock{NewClock(rec.TimeControl[White]), NewClock(rec.TimeControl[Black])}
	s.live.started(s.number, rec.White, rec.Black, s.opening.FEN, [2]time.Duration{startClocks[White].Remaining(), startClocks[Black].Remaining()})
	for i, m := range s.opening.Moves {
		side := board.Turn()
		played, err := board.Play(m)
		if err != nil {
			return nil, fmt.Errorf("opening %s: move %d %s is illegal", s.opening.Source, i+1, m)
		}
		line.Played(played, board)
		rec.Plies = append(rec.Plies, record.Ply{Move: played, Book: true})
		s.live.moved(s.number, played, side, nil, &startClocks)
	}
	end, err := runGameLoop(ctx, s, board, rec, line)
	if err != nil {
		return nil, err
	}
	rec.SetEnd(end)
	if end.Replace {
		s.players[end.Culprit].MarkFailed()
	}
	for _, p := range s.players {
		if !p.Exited() {
			p.GameOver(end.Outcome.String(), end.Text)
		}
	}
	rec.Duration = time.Since(rec.Started)
	rec.FinalFEN = board.FEN()
	return rec, nil
}

func runGameLoop(ctx context.Context, s *gameSetup, board Board, rec *record.GameRecord, line *enginehost.Line) (record.End, error) {
	for c := White; c <= Black; c++ {
		if err := s.players[c].NewGame(ctx, s.opening.FEN); err != nil {
			if ctx.Err() != nil {
				return record.End{}, ctx.Err()
			}
			return engineFailure(c, err), nil
		}
	}
	clocks := [2]Clock{NewClock(rec.TimeControl[White]), NewClock(rec.TimeControl[Black])}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	engineMoves := 0
	book := newBookPlay(s.books, s.bookSeed, s.number)
	var ponder pondering
	defer ponder.settleAfterGame(s.players)
	var relay relayHistogram
	var lastMoveRead time.Time // when the previous engine move was read: the relay starts there
	if s.relay != nil {
		defer s.relay.merge(&relay)
	}
	for {
		if status := board.Status(); status != Ongoing {
			return record.EndByRules(status, board.Turn()), nil
		}
		if s.maxMoves > 0 && engineMoves >= 2*s.maxMoves {
			return record.AdjudicatedDraw("move limit"), nil
		}
		side := board.Turn()
		if m, ok := book.move(s.books[side], side, board); ok {
			// The engine's own book answers for it: no time, no search.
			if played, err := board.Play(m); err == nil {
				line.Played(played, board)
				rec.Plies = append(rec.Plies, record.Ply{Move: played, Book: true, TimeLeft: clocks[side].Remaining()})
				clocks[side].Punch(0, 0)
				s.live.moved(s.number, played, side, nil, &clocks)
				engineMoves++
				continue
			}
			book.out[side] = true
		}
		mover, other := s.players[side], s.players[side.Other()]
		var sent time.Time
		var err error
		if ponder.active[side] {
			sent, err = ponder.resume(ctx, mover, side, line, &clocks)
		} else {
			sent, err = mover.Think(line, engineClocks(&clocks, side), side)
		}
		if err != nil {
			return record.Disconnect(side), nil
		}
		if !lastMoveRead.IsZero() {
			relay.add(time.Since(lastMoveRead))
		}
		// The mover has its go; now its opponent may think on its time.
		if err := ponder.start(other, side.Other(), board, line, &clocks); err != nil {
			return record.Disconnect(side.Other()), nil
		}
		timed := clocks[side].Timed()
		cfg := mover.Config()
		limit := cfg.Timeout // no clock: only a stall ends the wait
		if timed {
			limit = clocks[side].Budget() + cfg.TimeMargin
		}
		timer.Reset(limit)
	wait:
		select {
		case ev, ok := <-mover.Events():
			if !ok {
				ev.Kind = enginehost.KindExit
			}
			switch ev.Kind {
			case enginehost.KindMove:
				elapsed := ev.At.Sub(sent)
				timer.Stop()
				if !clocks[side].Punch(elapsed, cfg.TimeMargin) {
					return record.LossOnTime(side), nil
				}
				move, ok := mover.MoveOf(&ev)
				if !ok {
					return record.IllegalMove(side, ev.Text), nil
				}
				// The runner decides legality, and keeps the move in the
				// form every receiver's driver can write its own way.
				played, err := board.Play(move)
				if err != nil {
					return record.IllegalMove(side, moveText(move)), nil
				}
				move = played
				mover.Played(move)
				ponder.named[side] = ev.Ponder
				line.Played(move, board)
				if cfg.WhitePOV && side == Black {
					ev.Info.Score.Value = -ev.Info.Score.Value
				}
				s.live.moved(s.number, move, side, &ev.Info, &clocks)
				rec.Plies = append(rec.Plies, record.Ply{Move: move, Info: ev.Info, Elapsed: elapsed, TimeLeft: clocks[side].Remaining()})
				engineMoves++
				lastMoveRead = ev.At
				if end, over := s.adjudicator.moved(side, ev.Info.Score, board.FullMoveNumber()); over {
					return end, nil
				}
				if s.tablebase != nil {
					if end, over := s.tablebase.adjudicate(board); over {
						return end, nil
					}
				}
			case enginehost.KindBadMove:
				return record.IllegalMove(side, ev.Text), nil
			default:
				if end, over := interruption(mover, side, ev, line.Moves()); over {
					if ev.Kind != enginehost.KindExit {
						mover.MarkBusy()
					}
					return end, nil
				}
				goto wait // readyok and the like: not what we wait for
			}
		case ev, ok := <-other.Events():
			if !ok {
				ev.Kind = enginehost.KindExit
			}
			if ev.Kind == enginehost.KindMove || ev.Kind == enginehost.KindBadMove {
				// The idle engine moves while its opponent is to move: its
				// board is out of step with the game.
				mover.MarkBusy()
				return record.MovesOutOfTurn(side.Other(), outOfTurnMove(ev)), nil
			}
			if end, over := interruption(other, side.Other(), ev, line.Moves()); over {
				mover.MarkBusy()
				return end, nil
			}
			goto wait // the idle engine's chatter
		case <-timer.C:
			// Decided at the flag: the engine is stopped (or replaced)
			// before its next game, after this one is recorded.
			mover.MarkBusy()
			if timed {
				return record.LossOnTime(side), nil
			}
			return record.Stall(side), nil
		case <-ctx.Done():
			return record.End{}, ctx.Err()
		}
	}
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
