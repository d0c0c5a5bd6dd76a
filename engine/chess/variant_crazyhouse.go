package chess

// Crazyhouse: a captured piece goes to the captor's pocket, and instead of
// moving a player may drop a piece from the pocket on any empty square
// (pawns not on the first or last rank). A promoted piece is captured as
// the pawn it was, so the board remembers which pieces were pawns.

// generateDrops adds every drop of us's pocket on the empty squares.
func (p *Position) generateDrops(ml *MoveList, us Color, empty Bitboard) {
	for pt := Pawn; pt <= Queen; pt++ {
		if p.pocket[us][pt] == 0 {
			continue
		}
		to := empty
		if pt == Pawn {
			to &^= rank1 | rank8
		}
		for to != 0 {
			ml.push(newDrop(pt, to.pop()))
		}
	}
}

// InPocket returns how many pieces of type pt c holds in its pocket.
func (p *Position) InPocket(c Color, pt PieceType) int {
	if pt < Pawn || pt > Queen {
		return 0
	}
	return int(p.pocket[c][pt])
}

// IsPromoted reports whether the piece on s was a pawn (crazyhouse).
func (p *Position) IsPromoted(s Square) bool { return p.promoted.has(s) }
