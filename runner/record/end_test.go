package record

import (
	"errors"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

// Every ending autoplay writes reads back as the culprit and failure it was
// built with (resume, knockout resume, `autoplay stats` and `view` count
// failures from the PGN's final comments), whatever detail it carries.
func TestEveryEndingReadsBackAsItWasBuilt(t *testing.T) {
	// Details that hold other endings' words must not confuse the reader.
	tricky := "engine sf: handshake: disconnects (White loses on time's connection stalls)"
	for _, c := range []Color{White, Black} {
		for _, e := range []End{
			LossOnTime(c),
			IllegalMove(c, "e7e5"),
			IllegalMove(c, "(none)"),
			Disconnect(c),
			FailsToStart(c, errors.New(tricky)),
			FailsToStart(c, errors.New("cannot start /x: no such file")),
			Stall(c),
			Resigns(c),
			FalseClaim(c, Draw, "3-fold repetition"),
			FalseClaim(c, WhiteWins, ""),
			MovesOutOfTurn(c, "e7e5"),
			MovesOutOfTurn(c, tricky),
			RejectsLegalMove(c, "g1f3"),
		} {
			culprit, failure, ok := ParseEnding(e.Text)
			if !ok || culprit != e.Culprit || failure != e.Failure {
				t.Errorf("%q read back as %v %v %v, built as %v %v", e.Text, culprit, failure, ok, e.Culprit, e.Failure)
			}
			if e.Culprit != c || e.Outcome != WinFor(c.Other()) {
				t.Errorf("%q: culprit %v, outcome %v", e.Text, e.Culprit, e.Outcome)
			}
		}
	}
	// Endings no engine is to blame for read as no failure.
	for _, e := range []End{
		EndByRules(chess.Checkmate, Black), EndByRules(chess.Stalemate, White), EndByRules(chess.Repetition, White),
		EndByRules(chess.FiftyMoveRule, Black), EndByRules(chess.InsufficientMaterial, White),
		AdjudicatedLoss(White, 600, 3), AdjudicatedWin(Black, "SyzygyTB"), AdjudicatedDraw("move limit"),
	} {
		if _, failure, ok := ParseEnding(e.Text); ok || failure != NoFailure || e.Failure != NoFailure {
			t.Errorf("%q read back as failure %v (%v)", e.Text, failure, ok)
		}
	}
}

// The faults that must cost an engine its process are exactly the ones
// that leave it in an unknown state.
func TestWhichEndingsReplaceTheEngine(t *testing.T) {
	for _, tc := range []struct {
		e       End
		replace bool
		term    Termination
	}{
		{LossOnTime(White), false, TermTimeForfeit},
		{Resigns(White), false, TermNormal},
		{IllegalMove(White, "a1a1"), true, TermRulesInfraction},
		{Disconnect(White), true, TermAbandoned},
		{FailsToStart(White, errors.New("x")), true, TermAbandoned},
		{Stall(White), true, TermAbandoned},
		{FalseClaim(White, Draw, ""), true, TermRulesInfraction},
		{MovesOutOfTurn(White, "e2e4"), true, TermRulesInfraction},
		{RejectsLegalMove(White, "e2e4"), true, TermRulesInfraction},
	} {
		if tc.e.Replace != tc.replace || tc.e.Termination != tc.term {
			t.Errorf("%q: replace %v, termination %q; want %v, %q", tc.e.Text, tc.e.Replace, tc.e.Termination, tc.replace, tc.term)
		}
	}
}

// "mate 0" is written as the mated side's score, -M0.
func TestMateZeroIsWrittenAsMated(t *testing.T) {
	p := Ply{Info: MoveInfo{Score: protocol.Score{Kind: protocol.ScoreMate, Value: 0}, Depth: 1}}
	if got := p.ScoreText(); !strings.HasPrefix(got, "-M0/1") {
		t.Errorf("mate 0 written as %q", got)
	}
}
