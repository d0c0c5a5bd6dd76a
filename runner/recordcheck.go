package runner

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/record"
)

// The record checker: a game's record is replayed from its start with the
// game's own rules, and its ending must be one the final position and the
// run allow. The coordinator checks what workers send with it, resume and
// `autoplay stats` what a PGN holds: a record is checked, not believed.

// unknownOpening stands for a record whose opening's length is not known
// (one read back from a PGN): the checks that count engine moves are left
// out.
const unknownOpening = -1

// replayed is a record played through: its final position and how many
// moves led there.
type replayed struct {
	pos   *chess.Position
	plies int
	last  chess.Move // the move that led to pos, when plies > 0
	// engineMoves is the moves after the opening (-1 when it is unknown).
	engineMoves int
}

// after names the final position for messages by its last move
// ("37...Kg7"), spelt only when a message needs it.
func (r *replayed) after() string {
	if r.plies == 0 {
		return "its start"
	}
	r.pos.UnmakeMove()
	defer r.pos.MakeMove(r.last)
	name := strconv.Itoa(r.pos.FullmoveNumber()) + ". "
	if r.pos.SideToMove() == record.Black {
		name = name[:len(name)-1] + ".."
	}
	return name + r.pos.SAN(r.last)
}

// drawnByRules is the draw the rules make of a position where the side to
// move has a move: what a game must not go on after. (After a mate or
// stalemate no move is legal.)
func drawnByRules(pos *chess.Position) (chess.Status, bool) {
	switch {
	case pos.InsufficientMaterial():
		return chess.InsufficientMaterial, true
	case pos.HalfmoveClock() >= 100:
		return chess.FiftyMoveRule, true
	case pos.RepetitionCount() >= 3:
		return chess.Repetition, true
	}
	return chess.Ongoing, false
}

// replay plays rec's moves from its start: each must be legal, and with
// strict none may follow a position the rules ended once the engines play
// (from ply opening on; the opening's moves are the suite's). each, if not
// nil, is given every engine move's index and mover with the full move
// number after it.
func replay(rec *record.GameRecord, opening int, strict bool, each func(ply int, mover record.Color, fullMove, halfmoveClock int)) (*replayed, error) {
	pos, err := rec.Variant.StartPosition(rec.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("its start: %v", err)
	}
	r := &replayed{pos: pos, engineMoves: -1}
	if opening >= 0 {
		r.engineMoves = len(rec.Plies) - opening
	}
	for i := range rec.Plies {
		if strict && i >= max(opening, 0) {
			if status, over := drawnByRules(pos); over {
				return nil, fmt.Errorf("it goes on after %s, where the rules ended it {%s}", r.after(), record.EndByOutcome(pos.Variant(), status, chess.Draw, pos.SideToMove()).Text)
			}
		}
		mover := pos.SideToMove()
		m, ok := pos.FromProtocol(rec.Plies[i].Move)
		if !ok {
			name := strconv.Itoa(pos.FullmoveNumber()) + ". "
			if mover == record.Black {
				name = name[:len(name)-1] + ".."
			}
			return nil, fmt.Errorf("its move %s%s (ply %d) is illegal after %s", name, rec.Plies[i].Move, i+1, r.after())
		}
		pos.MakeMove(m)
		r.plies, r.last = i+1, m
		if each != nil && i >= opening && opening >= 0 {
			each(i, mover, pos.FullmoveNumber(), pos.HalfmoveClock())
		}
	}
	return r, nil
}

// checkPlay replays rec (its first opening plies the opening's, or
// unknownOpening) and checks that its ending is one its final position
// and run allow; with scores, a score adjudication must be what the
// engines' scores in rec give at its last move. The error says what is
// wrong in words an engine developer reads: "it claims White mates, but
// Black is not mated after 37...Kg7".
func checkPlay(rec *record.GameRecord, opening int, run endingRules, scores bool) (record.End, error) {
	var adj *game.ScoreReplay
	if scores {
		adj = game.NewScoreReplay(run.draw, run.resign)
	}
	var adjudged record.End
	adjudgedAt := -1
	each := func(ply int, mover record.Color, fullMove, halfmoveClock int) {
		p := &rec.Plies[ply]
		if adj == nil || p.Book || adjudgedAt >= 0 {
			return
		}
		if e, over := adj.Moved(mover, p.Info.Score, fullMove, halfmoveClock); over {
			adjudged, adjudgedAt = e, ply
		}
	}
	r, err := replay(rec, opening, run.known, each)
	if err != nil {
		return record.End{}, err
	}
	end, err := checkEnding(rec, r, run)
	if err != nil || !scores {
		return end, err
	}
	if kind, _, _, _ := claimedEnd(rec.Ending); kind == endScoreDraw || kind == endScoreLoss {
		if adjudgedAt != len(rec.Plies)-1 || adjudged.Text != rec.Ending {
			return end, fmt.Errorf("it claims {%s}, but the engines' scores in it do not end it so after %s", rec.Ending, r.after())
		}
	}
	return end, nil
}

// checkEnding says whether rec's result and final comment follow from its
// replayed final position r under run, and gives the End they stand for.
// Without a run (stats, which reads other tools' files too) words no
// autoplay game ends with are not judged, nor a decisive result in a
// position a draw could have been claimed in (repetition, 50 moves: a
// claim, not automatic, under FIDE's rules); a mate, a stalemate and bare
// material decide the result whatever the words.
func checkEnding(rec *record.GameRecord, r *replayed, run endingRules) (record.End, error) {
	pos := r.pos
	toMove := pos.SideToMove()
	status, result := pos.Outcome()
	automatic := status != chess.Ongoing && status != chess.FiftyMoveRule && status != chess.Repetition
	if status != chess.Ongoing && (run.known || automatic) {
		want := record.EndByOutcome(pos.Variant(), status, result, toMove)
		if rec.Outcome != want.Outcome || run.known && rec.Ending != want.Text {
			return want, fmt.Errorf("it ends %s {%s}, but the rules end it %s {%s} after %s", rec.Outcome, rec.Ending, want.Outcome, want.Text, r.after())
		}
		return want, nil
	}
	kind, side, end, ok := claimedEnd(rec.Ending)
	switch {
	case !ok && !run.known:
		return record.End{Outcome: rec.Outcome, Text: rec.Ending}, nil
	case !ok:
		return end, fmt.Errorf("it ends {%s}, which no game of autoplay ends with", rec.Ending)
	case kind == endRules && status != chess.Ongoing && rec.Ending == record.EndByRules(status, toMove).Text:
		// the draw the position allowed, claimed
	default:
		if err := checkClaim(kind, side, end, rec, r, run); err != nil {
			return end, err
		}
	}
	if rec.Outcome != end.Outcome {
		return end, fmt.Errorf("it ends {%s}, which is %s, not %s", rec.Ending, end.Outcome, rec.Outcome)
	}
	return end, nil
}

// checkClaim checks an ending the final position did not decide: a fault
// by the side that could commit it, an adjudication the run configured.
func checkClaim(kind endingKind, side record.Color, end record.End, rec *record.GameRecord, r *replayed, run endingRules) error {
	toMove := r.pos.SideToMove()
	noMoves := r.engineMoves == 0
	switch kind {
	case endRules:
		if end.Outcome != record.Draw {
			return fmt.Errorf("it claims %s mates, but %s is not mated after %s", side, side.Other(), r.after())
		}
		return fmt.Errorf("it claims {%s}, but the position after %s is no such draw", rec.Ending, r.after())
	case endTime:
		switch {
		case run.known && !run.timed[side]:
			return fmt.Errorf("it claims %s loses on time, but %s plays without a clock in this run (%s)", side, side, run.limit[side])
		case side != toMove:
			return fmt.Errorf("it claims %s loses on time, but after %s %s was to move", side, r.after(), toMove)
		}
	case endStall:
		switch {
		case noMoves || r.engineMoves < 0 && side != toMove:
			// an engine that does not answer as its game starts, or a PGN
			// whose opening is not known
		case side != toMove:
			return fmt.Errorf("it claims %s's connection stalls, but after %s %s was to move", side, r.after(), toMove)
		case run.known && run.timed[side]:
			return fmt.Errorf("it claims %s's connection stalls, but %s plays on a clock in this run: it would lose on time", side, side)
		}
	case endIllegal:
		if side != toMove {
			return fmt.Errorf("it claims %s makes an illegal move, but after %s %s was to move", side, r.after(), toMove)
		}
	case endOutOfTurn:
		if side == toMove {
			return fmt.Errorf("it claims %s moves out of turn, but after %s %s was to move", side, r.after(), side)
		}
	case endNoStart:
		if r.engineMoves > 0 {
			return fmt.Errorf("it claims %s fails to start, but the engines played %d moves", side, r.engineMoves)
		}
	case endMoveLimit:
		return checkMoveLimit(r, run, len(rec.Plies))
	case endScoreDraw, endScoreLoss:
		if run.known && (kind == endScoreDraw && run.draw == nil || kind == endScoreLoss && run.resign == nil) {
			return fmt.Errorf("it claims {%s}, an adjudication this run does not configure", rec.Ending)
		}
	case endTBWin, endTBDraw:
		return checkTablebaseClaim(kind, rec.Ending, r, run)
	case endOtherAdjudication:
		if run.known {
			return fmt.Errorf("it claims {%s}, an adjudication this run does not configure", rec.Ending)
		}
	}
	return nil
}

// checkMoveLimit: a draw by the move limit comes when the engines have
// played the limit's moves, in a run that sets one.
func checkMoveLimit(r *replayed, run endingRules, plies int) error {
	switch {
	case !run.known:
		return nil
	case run.maxMoves == 0:
		return fmt.Errorf("it claims a draw by the move limit, which this run does not set")
	case r.engineMoves >= 0 && r.engineMoves != 2*run.maxMoves:
		return fmt.Errorf("it claims a draw by the move limit of %d moves, but the engines played %d plies, not %d", run.maxMoves, r.engineMoves, 2*run.maxMoves)
	case r.engineMoves < 0 && plies < 2*run.maxMoves:
		return fmt.Errorf("it claims a draw by the move limit of %d moves, but it has only %d plies", run.maxMoves, plies)
	}
	return nil
}

// checkTablebaseClaim: a Syzygy adjudication in a run with the tables, of
// a kind its mode gives, in a position with few enough pieces.
func checkTablebaseClaim(kind endingKind, ending string, r *replayed, run endingRules) error {
	if !run.known {
		return nil
	}
	pieces := bits.OnesCount64(uint64(r.pos.Occupied()))
	switch {
	case run.tb == "":
		return fmt.Errorf("it claims {%s}, but this run has no tablebase adjudication", ending)
	case kind == endTBWin && run.tb == "draw", kind == endTBDraw && run.tb == "win":
		return fmt.Errorf("it claims {%s}, but this run's tablebase adjudication gives only a %s", ending, run.tb)
	case pieces > 7 || run.tbPieces > 0 && pieces > run.tbPieces:
		return fmt.Errorf("it claims {%s}, but the position after %s has %d pieces, beyond the tables this run adjudicates with", ending, r.after(), pieces)
	}
	return nil
}
