package engine

import "github.com/autoplay/autoplay/engine/chess"

// Terms that need both sides' attack maps, so they come after evalSide has
// walked both sides' pieces: pieces left hanging, and passed pawns whose
// way ahead is free.

// hangingCount is the number of their knights, bishops, rooks and queens
// we attack and they do not defend.
func hangingCount(p *chess.Position, us chess.Color, am *attackMaps) int32 {
	them := us.Other()
	pieces := p.ByColor(them) &^ p.Pieces(them, chess.Pawn) &^ p.Pieces(them, chess.King)
	return int32((pieces & am.all[us] &^ am.all[them]).Count())
}

// freePassedSteps sums, over our passed pawns (passed) from the 4th rank on
// whose square ahead is empty and not attacked by them, how many ranks
// beyond the 3rd each stands: the nearer promotion, the more a free path
// is worth.
func freePassedSteps(p *chess.Position, us chess.Color, am *attackMaps, passed chess.Bitboard) int32 {
	blocked := p.Occupied() | am.all[us.Other()]
	steps := int32(0)
	for b := passed; b != 0; {
		sq := b.Pop()
		if r := relativeRank(us, sq); r >= 3 && !blocked.Has(stopSquare(us, sq)) {
			steps += int32(r - 2)
		}
	}
	return steps
}

// threatTerms is us's bonus for both.
func threatTerms(p *chess.Position, us chess.Color, am *attackMaps, passed chess.Bitboard) score {
	return hangingPiece.mul(hangingCount(p, us, am)).add(passedFree.mul(freePassedSteps(p, us, am, passed)))
}
