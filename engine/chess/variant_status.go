package chess

// The end of a game in any variant: who won and why.

// Result is how a game ended.
type Result uint8

// Results; NoResult while the game goes on.
const (
	NoResult Result = iota
	WhiteWins
	BlackWins
	Draw
)

var resultNames = [...]string{"*", "1-0", "0-1", "1/2-1/2"}

// String is the result as PGN writes it.
func (r Result) String() string { return resultNames[r] }

// winner is the result of c winning.
func winner(c Color) Result { return WhiteWins + Result(c) }

// Outcome reports whether the game is over in p, why, and who won, by the
// rules of p's variant: its own endings first (an exploded king, three
// checks, a king on the hill), then no legal move (checkmate and stalemate,
// which some variants score for the side that cannot move), then
// insufficient material as the variant defines it, the fifty-move rule and
// threefold repetition, which every variant here keeps.
func (p *Position) Outcome() (Status, Result) {
	if st, r := p.variantEnding(); st != Ongoing {
		return st, r
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	us := p.side
	if ml.n == 0 {
		checked := p.InCheck()
		st := Stalemate
		if checked {
			st = Checkmate
		}
		switch {
		case p.variant == Losers || p.variant == Antichess || p.variant == Giveaway:
			return st, winner(us) // losing everything is the aim
		case p.variant == Suicide:
			mine, theirs := p.byColor[us].Count(), p.byColor[us.Other()].Count()
			switch {
			case mine < theirs:
				return st, winner(us)
			case mine > theirs:
				return st, winner(us.Other())
			}
			return st, Draw
		case checked:
			return Checkmate, winner(us.Other())
		}
		return Stalemate, Draw
	}
	switch {
	case p.InsufficientMaterial():
		return InsufficientMaterial, Draw
	case p.rule50 >= 100:
		return FiftyMoveRule, Draw
	case p.RepetitionCount() >= 3:
		return Repetition, Draw
	}
	return Ongoing, NoResult
}

// variantEnding is the variant's own end of the game in p, decided before
// any move is generated (Fairy-Stockfish's "immediate game end"): there are
// no legal moves after it.
func (p *Position) variantEnding() (Status, Result) {
	us, them := p.side, p.side.Other()
	switch p.variant {
	case Atomic:
		for _, c := range [2]Color{them, us} {
			if p.pieces(c, King) == 0 {
				return KingExploded, winner(c.Other())
			}
		}
	case Antichess, Giveaway, Suicide:
		for _, c := range [2]Color{them, us} {
			if p.byColor[c] == 0 {
				return PiecesLost, winner(c)
			}
		}
	case Losers:
		for _, c := range [2]Color{them, us} {
			if p.byColor[c].Count() <= 1 {
				return PiecesLost, winner(c)
			}
		}
	case Horde:
		for _, c := range [2]Color{them, us} {
			if p.byColor[c] == 0 {
				return PiecesLost, winner(c.Other())
			}
		}
	case ThreeCheck, FiveCheck:
		if p.checksLeft[them] == 0 {
			return ChecksGiven, winner(them)
		}
	case KingOfTheHill:
		if p.pieces(them, King)&hill != 0 {
			return KingOnHill, winner(them)
		}
	case RacingKings:
		return p.racingKingsEnding()
	}
	return Ongoing, NoResult
}

// hill is king of the hill's goal: d4, e4, d5, e5.
const hill Bitboard = 0x0000001818000000

// racingKingsEnding: a king on the eighth rank wins, but when White gets
// there first Black has one move to follow, which draws.
func (p *Position) racingKingsEnding() (Status, Result) {
	us, them := p.side, p.side.Other()
	reached := func(c Color) bool { return p.pieces(c, King)&rank8 != 0 }
	if reached(us) {
		if us == White && reached(Black) {
			return KingRaced, Draw
		}
		return KingRaced, winner(us)
	}
	if !reached(them) {
		return Ongoing, NoResult
	}
	if us == Black && p.canRaceHome(us) {
		return Ongoing, NoResult
	}
	return KingRaced, winner(them)
}

// canRaceHome reports whether c's king has a legal move to the eighth rank.
func (p *Position) canRaceHome(c Color) bool {
	k := p.pieces(c, King)
	if k == 0 || p.royalAttacked(c) {
		return false
	}
	from := k.lsb()
	for t := kingAttacks[from] & rank8 &^ p.byColor[c]; t != 0; {
		if p.variantLegal(newMove(from, t.pop())) {
			return true
		}
	}
	return false
}

// variantInsufficientMaterial is InsufficientMaterial by the variant's
// rules: only where no sequence of legal moves can end the game other
// than in a draw, and never where the pieces left can still win by the
// variant's own aims (a bare king can still reach the hill or the
// eighth rank, a lone piece can still be given away).
func (p *Position) variantInsufficientMaterial() bool {
	kingsOnly := p.occ() == p.byType[King]
	switch p.variant {
	case Crazyhouse:
		return kingsOnly && p.pocket == [2][7]uint8{}
	case ThreeCheck, FiveCheck, Atomic:
		// Atomic: bare kings cannot explode each other either.
		return kingsOnly
	case NoCastling:
		return p.standardInsufficientMaterial()
	}
	return false
}
