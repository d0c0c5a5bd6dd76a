package runner

import (
	"errors"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// plies are engine moves with a score of cp each.
func plies(cp int, moves ...string) []record.Ply {
	var out []record.Ply
	for _, m := range moves {
		mv, _ := protocol.ParseMove([]byte(m))
		out = append(out, record.Ply{Move: mv, Info: record.MoveInfo{Score: protocol.Score{Kind: protocol.ScoreCP, Value: cp}}})
	}
	return out
}

// The checker's verdicts on records from the initial position: what a
// game can end by is accepted, what it cannot is refused in words that
// say why.
func TestRecordCheckerKnowsHowGamesEnd(t *testing.T) {
	knights := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"} // the start a third time
	clock := endingRules{known: true, timed: [2]bool{true, true}}
	drawing := endingRules{known: true, draw: &spec.DrawAdjudication{MoveNumber: 1, MoveCount: 2, Score: 10}}
	scoresDraw := record.AdjudicatedDraw("scores within ±10 cp for 2 moves")
	for _, tc := range []struct {
		name  string
		plies []record.Ply
		end   record.End
		run   endingRules
		want  string // "" accepted
	}{
		{"repetition", plies(0, knights...), record.EndByRules(chess.Repetition, record.White), clock, ""},
		{"play after a repetition", plies(0, append(knights, "e2e4")...), record.AdjudicatedDraw("move limit"), endingRules{known: true, maxMoves: 9}, "it goes on after 4...Ng8, where the rules ended it {Draw by 3-fold repetition}"},
		{"repetition claimed early", plies(0, knights[:4]...), record.EndByRules(chess.Repetition, record.White), clock, "is no such draw"},
		{"time loss on a clock", plies(0, "e2e4"), record.LossOnTime(record.Black), clock, ""},
		{"time loss of the side not to move", plies(0, "e2e4"), record.LossOnTime(record.White), clock, "but after 1. e4 Black was to move"},
		{"stall of the side not to move", plies(0, "e2e4"), record.Stall(record.White), endingRules{known: true}, "but after 1. e4 Black was to move"},
		{"stall before any move", nil, record.Stall(record.Black), clock, ""},
		{"out of turn by the side to move", plies(0, "e2e4"), record.MovesOutOfTurn(record.Black, "e7e5"), clock, "moves out of turn"},
		{"out of turn by the other side", plies(0, "e2e4"), record.MovesOutOfTurn(record.White, "d2d4"), clock, ""},
		{"fails to start after moves", plies(0, "e2e4"), record.FailsToStart(record.White, errors.New("no such file")), clock, "the engines played 1 moves"},
		{"tables in a run without them", plies(0, "e2e4"), record.AdjudicatedWin(record.White, "SyzygyTB"), clock, "this run has no tablebase adjudication"},
		{"tables with every piece", plies(0, "e2e4"), record.AdjudicatedDraw("SyzygyTB"), endingRules{known: true, tb: spec.TBBoth}, "has 32 pieces"},
		// Knight moves: a pawn move would start the count of level moves again.
		{"score draw the scores give", plies(0, "g1f3", "g8f6", "b1c3", "b8c6"), scoresDraw, drawing, ""},
		{"score draw the scores do not give", plies(300, "g1f3", "g8f6", "b1c3", "b8c6"), scoresDraw, drawing, "the engines' scores in it do not end it so"},
		{"score draw after the scores gave it", plies(0, "g1f3", "g8f6", "b1c3", "b8c6", "a1b1"), scoresDraw, drawing, "do not end it so"},
		{"score draw counted over a pawn move", plies(0, "g1f3", "g8f6", "b1c3", "e7e5"), scoresDraw, drawing, "do not end it so"},
		{"score draw in a run without it", plies(0, "g1f3", "g8f6", "b1c3", "b8c6"), scoresDraw, clock, "an adjudication this run does not configure"},
		{"resignation flipped", plies(0, "e2e4"), record.End{Outcome: record.BlackWins, Text: record.Resigns(record.Black).Text}, clock, "which is 1-0, not 0-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &record.GameRecord{Plies: tc.plies}
			rec.SetEnd(tc.end)
			_, err := checkPlay(rec, 0, tc.run, true)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want an error holding %q", err, tc.want)
			}
		})
	}
}

// Without a run (autoplay stats, which reads other tools' files too) the
// checker judges what the board decides and autoplay's own words only:
// another tool's words, no words, and play on after a repetition no one
// claimed are counted; a result a mate contradicts is not.
func TestRecordCheckerWithoutARunJudgesTheBoard(t *testing.T) {
	knights := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}
	mate := []string{"f2f3", "e7e5", "g2g4", "d8h4"}
	for _, tc := range []struct {
		name    string
		moves   []string
		outcome record.Outcome
		ending  string
		want    string
	}{
		{"cutechess's draw adjudication", []string{"e2e4"}, record.Draw, "Draw by adjudication", ""},
		{"no words", []string{"e2e4"}, record.WhiteWins, "", ""},
		{"play on after a repetition", append(knights, "e2e4"), record.BlackWins, "", ""},
		{"a loss in a repeated position", knights, record.WhiteWins, "Black resigns", ""},
		{"the repetition claimed", knights, record.Draw, "Draw by 3-fold repetition", ""},
		{"a mate in other words", mate, record.BlackWins, "Black wins", ""},
		{"a mate's result flipped", mate, record.WhiteWins, "", "but the rules end it 0-1 {Black mates} after 2...Qh4#"},
		{"a mate claimed where there is none", mate[:3], record.BlackWins, "Black mates", "it claims Black mates, but White is not mated after 2. g4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &record.GameRecord{Plies: plies(0, tc.moves...), Outcome: tc.outcome, Ending: tc.ending}
			_, err := checkPlay(rec, unknownOpening, endingRules{}, false)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want an error holding %q", err, tc.want)
			}
		})
	}
}
