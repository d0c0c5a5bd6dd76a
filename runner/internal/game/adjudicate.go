package game

import (
	"fmt"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// mateCentipawns stands for a mate score when scores are compared with
// centipawn thresholds: beyond any adjudication threshold.
const mateCentipawns = 100000

// adjudicator ends games by the engines' own scores, as configured: a draw
// when both sides agree the game is level, a loss when one side has been
// lost for long enough. It keeps only counters, so each move costs nothing.
type adjudicator struct {
	draw       *spec.DrawAdjudication
	resign     *spec.ResignAdjudication
	levelRun   int    // consecutive engine moves with |score| within the draw margin
	losingRun  [2]int // per side: consecutive own moves at or below -resign score
	winningRun [2]int // per side: consecutive own moves at or above +resign score
}

// centipawns turns a score into centipawns from the mover's point of view;
// ok is false when the engine sent no score.
func centipawns(s protocol.Score) (int, bool) {
	switch s.Kind {
	case protocol.ScoreCP:
		return s.Value, true
	case protocol.ScoreMate:
		switch {
		case s.Value > 0:
			return mateCentipawns, true
		case s.Value < 0:
			return -mateCentipawns, true
		}
		// "mate 0" says the side to move is mated, which an engine asked
		// for a move never is: a score that means nothing here.
	}
	return 0, false
}

// moved records side's move with its score at full move number fullMove,
// halfmoveClock 0 after a capture or pawn move, and says whether the game
// is now adjudicated.
func (a *adjudicator) moved(side Color, score protocol.Score, fullMove, halfmoveClock int) (record.End, bool) {
	cp, ok := centipawns(score)
	if a.draw != nil {
		if halfmoveClock == 0 {
			// A capture or pawn move makes another game of it: the level
			// moves count again from it, as cutechess-cli and fastchess
			// count them.
			a.levelRun = 0
		}
		if ok && abs(cp) <= a.draw.Score {
			a.levelRun++
		} else {
			a.levelRun = 0
		}
		if fullMove >= a.draw.MoveNumber && a.levelRun >= 2*a.draw.MoveCount {
			return record.AdjudicatedDraw(fmt.Sprintf("scores within ±%d cp for %d moves", a.draw.Score, a.draw.MoveCount)), true
		}
	}
	if r := a.resign; r != nil {
		a.losingRun[side] = countIf(a.losingRun[side], ok && cp <= -r.Score)
		a.winningRun[side] = countIf(a.winningRun[side], ok && cp >= r.Score)
		for _, loser := range [2]Color{side, side.Other()} {
			if a.losingRun[loser] >= r.MoveCount && (!r.TwoSided || a.winningRun[loser.Other()] >= r.MoveCount) {
				return record.AdjudicatedLoss(loser, r.Score, r.MoveCount), true
			}
		}
	}
	return record.End{}, false
}

func countIf(run int, cond bool) int {
	if cond {
		return run + 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ScoreReplay replays the score adjudication over a recorded game's engine
// moves, so that a record's claim of one is checked by the rule that ends
// games, not by a copy of it.
type ScoreReplay struct{ a adjudicator }

// NewScoreReplay adjudicates as a run with draw and resign does.
func NewScoreReplay(draw *spec.DrawAdjudication, resign *spec.ResignAdjudication) *ScoreReplay {
	return &ScoreReplay{adjudicator{draw: draw, resign: resign}}
}

// Moved takes side's engine move with its score, fullMove the full move
// number and halfmoveClock the halfmove clock after it, and says whether
// the game ends there.
func (r *ScoreReplay) Moved(side Color, score protocol.Score, fullMove, halfmoveClock int) (record.End, bool) {
	return r.a.moved(side, score, fullMove, halfmoveClock)
}
