package record

import (
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

// Color is the chess core's: one declaration for the project.
type Color = chess.Color

// The two sides.
const (
	White = chess.White
	Black = chess.Black
)

// Outcome is a game's result.
type Outcome uint8

// Game outcomes.
const (
	NoResult Outcome = iota // abandoned, or not finished
	WhiteWins
	BlackWins
	Draw
)

// String gives the PGN result token.
func (o Outcome) String() string {
	switch o {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// ParseOutcome reads a PGN result; "*" and anything else is not a result.
func ParseOutcome(s string) (Outcome, bool) {
	switch s {
	case "1-0":
		return WhiteWins, true
	case "0-1":
		return BlackWins, true
	case "1/2-1/2":
		return Draw, true
	}
	return NoResult, false
}

// WinFor is the outcome in which c wins.
func WinFor(c Color) Outcome {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Termination is the PGN Termination tag: how the game ended, broadly.
type Termination string

// PGN terminations.
const (
	TermNormal          Termination = "normal"
	TermTimeForfeit     Termination = "time forfeit"
	TermAdjudication    Termination = "adjudication"
	TermRulesInfraction Termination = "rules infraction"
	TermAbandoned       Termination = "abandoned"
)

// Failure is what an engine did wrong, for the per-engine tallies.
type Failure uint8

// Engine failures.
const (
	NoFailure Failure = iota
	FailTime
	FailDisconnect
	FailStall
	FailIllegal // an illegal or malformed move, a false claim, a legal move rejected
)

// End is how a game ended: its result, the PGN Termination, the final
// comment ("White mates"), and the side whose engine failed, if one did.
type End struct {
	Outcome     Outcome
	Termination Termination
	Text        string
	Culprit     Color
	Failure     Failure
	// Replace: the culprit's engine misbehaved and must be replaced (a
	// time loss or a resignation leaves it in a state fit to play on).
	Replace bool
}

// A fault is one way an engine can lose a game by what it did: the words
// of its ending after the colour, and what it counts as. The endings are
// built from this table and read back by it (ParseEnding), so the two
// cannot drift apart.
type fault struct {
	phrase      string // after "White"/"Black"; ending in ": " when a detail follows
	termination Termination
	failure     Failure
	replace     bool
}

var (
	faultTime       = fault{" loses on time", TermTimeForfeit, FailTime, false}
	faultIllegal    = fault{" makes an illegal move: ", TermRulesInfraction, FailIllegal, true}
	faultDisconnect = fault{" disconnects", TermAbandoned, FailDisconnect, true}
	faultNoStart    = fault{" fails to start: ", TermAbandoned, FailDisconnect, true}
	faultStall      = fault{"'s connection stalls", TermAbandoned, FailStall, true}
	faultFalseClaim = fault{" makes a false result claim: ", TermRulesInfraction, FailIllegal, true}
	faultOutOfTurn  = fault{" moves out of turn: ", TermRulesInfraction, FailIllegal, true}
	faultRejects    = fault{" rejects a legal move: ", TermRulesInfraction, FailIllegal, true}
	faultResigns    = fault{" resigns", TermNormal, NoFailure, false}
)

// faults are every fault, for ParseEnding.
var faults = []fault{faultTime, faultIllegal, faultDisconnect, faultNoStart, faultStall, faultFalseClaim, faultOutOfTurn, faultRejects, faultResigns}

// lost is the ending of a game c lost by f; detail follows a phrase that
// ends in ": ". The detail is often the engine's own text (a move that is
// not one), so its controls are escaped before it reaches a terminal or a
// PGN file.
func lost(c Color, f fault, detail string) End {
	return End{Outcome: WinFor(c.Other()), Termination: f.termination, Text: c.String() + f.phrase + protocol.Escape(detail),
		Culprit: c, Failure: f.failure, Replace: f.replace}
}

// ParseEnding reads back from a game's final comment which side's engine
// ended it, and with what failure; ok is false for an ending no engine is
// to blame for (a mate, a draw, an adjudication).
func ParseEnding(text string) (culprit Color, failure Failure, ok bool) {
	rest, found := strings.CutPrefix(text, White.String())
	culprit = White
	if !found {
		if rest, found = strings.CutPrefix(text, Black.String()); !found {
			return White, NoFailure, false
		}
		culprit = Black
	}
	for _, f := range faults {
		if rest == f.phrase || strings.HasSuffix(f.phrase, ": ") && strings.HasPrefix(rest, f.phrase) {
			return culprit, f.failure, true
		}
	}
	return culprit, NoFailure, false
}

// EndByRules is the ending of a position the rules decide, toMove to move.
func EndByRules(status chess.Status, toMove Color) End {
	e := End{Outcome: Draw, Termination: TermNormal}
	switch status {
	case chess.Checkmate:
		e.Outcome, e.Text = WinFor(toMove.Other()), toMove.Other().String()+" mates"
	case chess.Stalemate:
		e.Text = "Draw by stalemate"
	case chess.InsufficientMaterial:
		e.Text = "Draw by insufficient mating material"
	case chess.FiftyMoveRule:
		e.Text = "Draw by fifty moves rule"
	case chess.Repetition:
		e.Text = "Draw by 3-fold repetition"
	}
	return e
}

// LossOnTime: c's flag fell.
func LossOnTime(c Color) End { return lost(c, faultTime, "") }

// IllegalMove: c played move, which is not legal (or not a move at all).
func IllegalMove(c Color, move string) End { return lost(c, faultIllegal, move) }

// Disconnect: c's engine exited or closed its output.
func Disconnect(c Color) End { return lost(c, faultDisconnect, "") }

// FailsToStart: c's engine could not be started for the game.
func FailsToStart(c Color, err error) End { return lost(c, faultNoStart, err.Error()) }

// Stall: c's engine did not answer in time where no clock runs.
func Stall(c Color) End { return lost(c, faultStall, "") }

// Resigns: c's engine resigned.
func Resigns(c Color) End { return lost(c, faultResigns, "") }

// FalseClaim: c claimed a result the position does not have.
func FalseClaim(c Color, claim Outcome, comment string) End {
	detail := claim.String()
	if comment != "" {
		detail += " " + strconv.Quote(comment)
	}
	return lost(c, faultFalseClaim, detail)
}

// MovesOutOfTurn: c sent a move while its opponent was to move.
func MovesOutOfTurn(c Color, move string) End { return lost(c, faultOutOfTurn, move) }

// RejectsLegalMove: c's engine called a legal move it was sent illegal.
func RejectsLegalMove(c Color, move string) End { return lost(c, faultRejects, move) }

// AdjudicatedLoss: loser's score stayed at or below -score for moves moves.
func AdjudicatedLoss(loser Color, score, moves int) End {
	return End{Outcome: WinFor(loser.Other()), Termination: TermAdjudication,
		Text: loser.Other().String() + " wins by adjudication: " + loser.String() + "'s score at or below -" +
			strconv.Itoa(score) + " cp for " + strconv.Itoa(moves) + " moves"}
}

// AdjudicatedWin: the tables (or another adjudicator named by reason) say c wins.
func AdjudicatedWin(c Color, reason string) End {
	return End{Outcome: WinFor(c), Termination: TermAdjudication, Text: c.String() + " wins by adjudication: " + reason}
}

// AdjudicatedDraw: a draw by adjudication, for reason.
func AdjudicatedDraw(reason string) End {
	return End{Outcome: Draw, Termination: TermAdjudication, Text: "Draw by adjudication: " + reason}
}
