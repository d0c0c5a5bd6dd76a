package runner

import (
	"errors"
	"fmt"
	"strconv"
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

// winFor is the outcome in which c wins.
func winFor(c Color) Outcome {
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

// failure is what an engine did wrong, for the per-engine tallies.
type failure uint8

// Engine failures.
const (
	noFailure failure = iota
	failTime
	failDisconnect
	failStall
	failIllegal // an illegal or malformed move, a false claim, a legal move rejected
)

// ending is how a game ended: its result, the PGN Termination, the final
// comment ("White mates"), and the side whose engine failed, if one did.
type ending struct {
	outcome     Outcome
	termination Termination
	text        string
	culprit     Color
	failed      bool // culprit's engine misbehaved and must be replaced
	failure     failure
}

func endByRules(status Status, toMove Color) ending {
	e := ending{outcome: Draw, termination: TermNormal}
	switch status {
	case Checkmate:
		e.outcome, e.text = winFor(toMove.Other()), toMove.Other().String()+" mates"
	case Stalemate:
		e.text = "Draw by stalemate"
	case InsufficientMaterial:
		e.text = "Draw by insufficient mating material"
	case FiftyMoves:
		e.text = "Draw by fifty moves rule"
	case ThreefoldRepetition:
		e.text = "Draw by 3-fold repetition"
	}
	return e
}

func lossOnTime(c Color) ending {
	return ending{outcome: winFor(c.Other()), termination: TermTimeForfeit, text: c.String() + " loses on time", culprit: c, failure: failTime}
}

func illegalMove(c Color, move string) ending {
	return ending{outcome: winFor(c.Other()), termination: TermRulesInfraction,
		text: c.String() + " makes an illegal move: " + move, culprit: c, failed: true, failure: failIllegal}
}

func disconnect(c Color) ending {
	return ending{outcome: winFor(c.Other()), termination: TermAbandoned, text: c.String() + " disconnects", culprit: c, failed: true, failure: failDisconnect}
}

// failsToStart is the loss of an engine that could not be started for the game.
func failsToStart(c Color, err error) ending {
	return ending{outcome: winFor(c.Other()), termination: TermAbandoned, text: c.String() + " fails to start: " + err.Error(), culprit: c, failed: true, failure: failDisconnect}
}

func stall(c Color) ending {
	return ending{outcome: winFor(c.Other()), termination: TermAbandoned, text: c.String() + "'s connection stalls", culprit: c, failed: true, failure: failStall}
}

// engineFailure maps an engine error to the ending it causes.
func engineFailure(c Color, err error) ending {
	if errors.Is(err, errStalled) {
		return stall(c)
	}
	return disconnect(c)
}

func resigns(c Color) ending {
	return ending{outcome: winFor(c.Other()), termination: TermNormal, text: c.String() + " resigns", culprit: c}
}

func falseClaim(c Color, claim Outcome, comment string) ending {
	text := c.String() + " makes a false result claim: " + claim.String()
	if comment != "" {
		text += " " + strconv.Quote(comment)
	}
	return ending{outcome: winFor(c.Other()), termination: TermRulesInfraction, text: text, culprit: c, failed: true, failure: failIllegal}
}

// movesOutOfTurn is the loss of an engine that sent a move while its
// opponent was to move.
func movesOutOfTurn(c Color, ev Event) ending {
	move := ev.Text
	if move == "" {
		move = moveText(ev.Move)
	}
	return ending{outcome: winFor(c.Other()), termination: TermRulesInfraction,
		text: c.String() + " moves out of turn: " + move, culprit: c, failed: true, failure: failIllegal}
}

func rejectsLegalMove(c Color, move string) ending {
	return ending{outcome: winFor(c.Other()), termination: TermRulesInfraction,
		text: c.String() + " rejects a legal move: " + move, culprit: c, failed: true, failure: failIllegal}
}

func adjudicatedLoss(loser Color, score, moves int) ending {
	return ending{outcome: winFor(loser.Other()), termination: TermAdjudication,
		text: fmt.Sprintf("%s wins by adjudication: %s's score at or below -%d cp for %d moves", loser.Other(), loser, score, moves)}
}

func adjudicatedDraw(reason string) ending {
	return ending{outcome: Draw, termination: TermAdjudication, text: "Draw by adjudication: " + reason}
}
