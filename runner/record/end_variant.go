package record

import (
	"strconv"

	"github.com/autoplay/autoplay/engine/chess"
)

// EndByOutcome is the ending of a position the rules of variant v decide
// (chess.Position.Outcome): status, the result they give, toMove to move.
// Chess's endings keep their words (EndByRules); a variant's own are
// worded as cutechess-cli words them where it has them ("Black's king
// exploded", "White checks 3 times"), and a mate or stalemate that wins
// for the side without a move says so.
func EndByOutcome(v chess.Variant, status chess.Status, result chess.Result, toMove Color) End {
	if v == chess.Standard || result == chess.Draw && status != chess.KingRaced {
		return EndByRules(status, toMove)
	}
	e := End{Outcome: Draw, Termination: TermNormal, Text: "Drawn race"}
	if result == chess.Draw || result == chess.NoResult {
		return e
	}
	w := White
	if result == chess.BlackWins {
		w = Black
	}
	e.Outcome = WinFor(w)
	switch status {
	case chess.Checkmate:
		if w == toMove.Other() {
			e.Text = w.String() + " mates"
		} else {
			e.Text = w.String() + " gets mated" // losers: the mated side wins
		}
	case chess.Stalemate:
		e.Text = w.String() + " wins by stalemate"
	case chess.KingExploded:
		e.Text = w.Other().String() + "'s king exploded"
	case chess.PiecesLost:
		if v == chess.Horde {
			e.Text = w.String() + " wins: " + w.Other().String() + " has no pieces left"
		} else {
			e.Text = w.String() + " wins by losing all pieces"
		}
	case chess.ChecksGiven:
		checks := 3
		if v == chess.FiveCheck {
			checks = 5
		}
		e.Text = w.String() + " checks " + strconv.Itoa(checks) + " times"
	case chess.KingOnHill:
		e.Text = w.String() + " wins with king in the center"
	case chess.KingRaced:
		e.Text = w.String() + " wins the race"
	default:
		e.Text = w.String() + " wins by the rules: " + status.String()
	}
	return e
}
