package chess

import (
	"fmt"

	"github.com/autoplay/autoplay/protocol"
)

// Status is the state of the game in a position.
type Status uint8

// Game states; every one but Ongoing ends the game (FiftyMoveRule and
// Repetition are the automatic draws a GUI adjudicates).
const (
	Ongoing Status = iota
	Checkmate
	Stalemate
	InsufficientMaterial
	FiftyMoveRule
	Repetition // the position occurred for the third time

	// The variants' own endings (see Position.Outcome for who wins).
	KingExploded // atomic: a king was blown up
	PiecesLost   // antichess and horde: a side has no pieces left; losers: only its king
	ChecksGiven  // three-check, five-check: a side gave its last check
	KingOnHill   // king of the hill: a king reached d4, e4, d5 or e5
	KingRaced    // racing kings: a king reached the eighth rank
)

var statusNames = [...]string{"ongoing", "checkmate", "stalemate", "insufficient material", "fifty-move rule", "threefold repetition",
	"king exploded", "pieces lost", "checks given", "king on the hill", "king reached the eighth rank"}

// String names the status.
func (s Status) String() string { return statusNames[s] }

// Status reports whether the game is over in p and why. Checkmate takes
// precedence over the fifty-move rule.
func (p *Position) Status() Status {
	if p.variant != Standard {
		st, _ := p.Outcome()
		return st
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if ml.n == 0 {
		if p.InCheck() {
			return Checkmate
		}
		return Stalemate
	}
	if p.InsufficientMaterial() {
		return InsufficientMaterial
	}
	if p.rule50 >= 100 {
		return FiftyMoveRule
	}
	if p.RepetitionCount() >= 3 {
		return Repetition
	}
	return Ongoing
}

// RepetitionCount returns how many times the current position has occurred
// in the game so far, this occurrence included (only moves made on p count).
func (p *Position) RepetitionCount() int {
	n := 1
	for i := len(p.hist) - 2; i >= 0 && i >= len(p.hist)-p.rule50; i -= 2 {
		if p.hist[i].hash == p.hash {
			n++
		}
	}
	return n
}

// isRepeat reports whether the position occurred before within the search
// or game (one earlier occurrence is enough inside the search).
func (p *Position) isRepeat() bool {
	for i := len(p.hist) - 4; i >= 0 && i >= len(p.hist)-p.rule50; i -= 2 {
		if p.hist[i].hash == p.hash {
			return true
		}
	}
	return false
}

// InsufficientMaterial reports whether neither side can ever mate: bare
// kings, a single minor piece, or only bishops all on one square color.
func (p *Position) InsufficientMaterial() bool {
	// A pawn, rook or queen can still win in chess and in every variant:
	// the search's common case, answered where the call is inlined.
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	return p.insufficientMinors()
}

// insufficientMinors is InsufficientMaterial once no pawn, rook or queen
// is left, by the variant's rules.
func (p *Position) insufficientMinors() bool {
	if p.variant != Standard {
		return p.variantInsufficientMaterial()
	}
	return p.standardInsufficientMaterial()
}

func (p *Position) standardInsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if minors.Count() <= 1 {
		return true
	}
	if p.byType[Knight] == 0 {
		b := p.byType[Bishop]
		return b&darkSquares == 0 || b&^darkSquares == 0
	}
	return false
}

// Play checks that pm is legal in p and makes it, returning the engine move.
// It does not allocate once the history has grown to the game's length.
func (p *Position) Play(pm protocol.Move) (Move, error) {
	m, ok := p.FromProtocol(pm)
	if !ok {
		return NoMove, fmt.Errorf("move %s: illegal in %s", pm, p.FEN())
	}
	p.MakeMove(m)
	return m, nil
}

// PlayWithSAN checks that pm is legal in p, appends its SAN (as written
// before the move, with + or #) to dst and makes it: what a GUI does for each
// move of a game it records. It does not allocate when dst has room.
func (p *Position) PlayWithSAN(dst []byte, pm protocol.Move) ([]byte, error) {
	m, ok := p.FromProtocol(pm)
	if !ok {
		return dst, fmt.Errorf("move %s: illegal in %s", pm, p.FEN())
	}
	dst = p.AppendSAN(dst, m)
	p.MakeMove(m)
	return dst, nil
}

// LegalMoves appends the legal moves of p to dst and returns it.
func (p *Position) LegalMoves(dst []Move) []Move {
	var ml MoveList
	p.GenerateLegal(&ml)
	return append(dst, ml.Moves()...)
}
