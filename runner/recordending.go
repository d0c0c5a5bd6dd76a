package runner

import (
	"errors"
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// endingKind is what a game's final comment says ended it, as the record
// checker tells endings apart.
type endingKind uint8

const (
	endRules endingKind = iota // mate, stalemate, repetition, 50 moves, material
	endTime
	endStall
	endDisconnect
	endNoStart
	endIllegal
	endOutOfTurn
	endRejects
	endFalseClaim
	endResigns
	endScoreDraw // draw adjudication by the engines' scores
	endScoreLoss // resign adjudication
	endMoveLimit
	endTBWin
	endTBDraw
	endOtherAdjudication // an adjudication of no kind autoplay has
)

// claimedEnd reads what a final comment claims: the kind of ending, the
// side it names, and the End a game builds with those words (built by the
// same constructors, so the words cannot drift from the game's).
func claimedEnd(text string) (kind endingKind, side record.Color, end record.End, ok bool) {
	for _, s := range []chess.Status{chess.Checkmate, chess.Stalemate, chess.InsufficientMaterial, chess.FiftyMoveRule, chess.Repetition} {
		for _, c := range []record.Color{record.White, record.Black} {
			if e := record.EndByRules(s, c); text == e.Text {
				return endRules, c.Other(), e, true
			}
		}
	}
	for _, c := range []record.Color{record.White, record.Black} {
		exact := []struct {
			kind endingKind
			end  record.End
		}{
			{endTime, record.LossOnTime(c)}, {endStall, record.Stall(c)}, {endDisconnect, record.Disconnect(c)},
			{endResigns, record.Resigns(c)}, {endTBWin, record.AdjudicatedWin(c, "SyzygyTB")},
		}
		for _, x := range exact {
			if text == x.end.Text {
				return x.kind, c, x.end, true
			}
		}
		detailed := []struct {
			kind endingKind
			make func(detail string) record.End
		}{
			{endIllegal, func(d string) record.End { return record.IllegalMove(c, d) }},
			{endNoStart, func(d string) record.End { return record.FailsToStart(c, errors.New(d)) }},
			{endOutOfTurn, func(d string) record.End { return record.MovesOutOfTurn(c, d) }},
			{endRejects, func(d string) record.End { return record.RejectsLegalMove(c, d) }},
			{endFalseClaim, func(d string) record.End {
				e := record.FalseClaim(c, record.NoResult, "")
				e.Text = strings.TrimSuffix(e.Text, record.NoResult.String()) + d
				return e
			}},
		}
		for _, x := range detailed {
			if prefix := x.make("").Text; strings.HasPrefix(text, prefix) {
				return x.kind, c, x.make(text[len(prefix):]), true
			}
		}
		if loss := record.AdjudicatedLoss(c, 0, 0); strings.HasPrefix(text, loss.Text[:strings.Index(loss.Text, "-")]) {
			loss.Text = text
			return endScoreLoss, c, loss, true
		}
	}
	for _, c := range []record.Color{record.White, record.Black} {
		if win := record.AdjudicatedWin(c, ""); strings.HasPrefix(text, win.Text) {
			win.Text = text
			return endOtherAdjudication, c, win, true
		}
	}
	switch draw := record.AdjudicatedDraw(""); {
	case text == record.AdjudicatedDraw("move limit").Text:
		return endMoveLimit, record.White, record.AdjudicatedDraw("move limit"), true
	case text == record.AdjudicatedDraw("SyzygyTB").Text:
		return endTBDraw, record.White, record.AdjudicatedDraw("SyzygyTB"), true
	case strings.HasPrefix(text, draw.Text+"scores within "):
		draw.Text = text
		return endScoreDraw, record.White, draw, true
	case strings.HasPrefix(text, draw.Text):
		draw.Text = text
		return endOtherAdjudication, record.White, draw, true
	}
	return endRules, record.White, record.End{}, false
}

// endingRules is what a run lets its games end by, for the record
// checker; known false (autoplay stats, which has no run) leaves the
// rules' own checks alone.
type endingRules struct {
	known    bool
	timed    [2]bool   // by colour: a clock or a time per move
	limit    [2]string // by colour: its time control's words, for messages
	draw     *spec.DrawAdjudication
	resign   *spec.ResignAdjudication
	maxMoves int
	tb       string // the Syzygy adjudication's mode; "" without tables
	tbPieces int    // the most pieces it adjudicates; 0: all the tables hold
}

// runEndings is what a run's adjudication lets a game of white and black
// (indices of engines) end by.
func runEndings(adj *spec.Adjudication, engines []spec.EngineConfig, white, black int) endingRules {
	r := endingRules{known: true, draw: adj.Draw, resign: adj.Resign, maxMoves: adj.MaxMoves}
	if adj.TB != "" {
		r.tb, r.tbPieces = adj.TBMode(), adj.TBPieces
	}
	for c, e := range [2]int{white, black} {
		tc := engines[e].TC
		r.timed[c] = tc.HasClock() || tc.MoveTime > 0
		r.limit[c] = limitWords(tc)
	}
	return r
}

// runEndingsByName is runEndings for a game read back from a PGN, its
// engines found by name; a game of an engine the run does not have gets
// no rules (its record is checked without them).
func runEndingsByName(cfg *spec.Config) func(*pgn.GameResult) endingRules {
	index := map[string]int{}
	for i, e := range cfg.Engines {
		index[e.Name] = i
	}
	return func(g *pgn.GameResult) endingRules {
		w, okw := index[g.White]
		b, okb := index[g.Black]
		if !okw || !okb {
			return endingRules{}
		}
		return runEndings(&cfg.Adjudication, cfg.Engines, w, b)
	}
}

// limitWords names what limits an engine without a clock, as its spec does.
func limitWords(tc spec.TimeControl) string {
	switch {
	case tc.Nodes > 0 && tc.Depth > 0:
		return "nodes and depth limits only"
	case tc.Nodes > 0:
		return "a node limit only"
	case tc.Depth > 0:
		return "a depth limit only"
	}
	return "no limit at all"
}
