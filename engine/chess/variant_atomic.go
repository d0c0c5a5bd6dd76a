package chess

// Atomic chess: a capture explodes the capturing piece, the captured one
// and every piece but pawns on the squares around the capture. Exploding
// the enemy king wins; a move that explodes one's own king is illegal,
// kings cannot capture, and kings standing side by side cannot be checked
// (neither may take the other without exploding itself).

// explode clears the capture square and the pieces other than pawns around
// it, and returns the castling rights the cleared squares leave.
func (p *Position) explode(s Square) uint8 {
	keep := p.castleKeep[s]
	p.remove(s)
	for b := kingAttacks[s] & p.occ() &^ p.byType[Pawn]; b != 0; {
		t := b.pop()
		keep &= p.castleKeep[t]
		p.remove(t)
	}
	return keep
}

// atomicKingsTouch reports whether the two kings stand side by side.
func (p *Position) atomicKingsTouch() bool {
	wk, bk := p.pieces(White, King), p.pieces(Black, King)
	return wk != 0 && bk != 0 && kingAttacks[wk.lsb()]&bk != 0
}

// atomicLegalAfter judges the move us just made: our king must survive
// and not be attacked, unless the enemy king exploded (that wins at once)
// or the kings touch.
func (p *Position) atomicLegalAfter(us Color) bool {
	if p.pieces(us, King) == 0 {
		return false
	}
	if p.pieces(us.Other(), King) == 0 || p.atomicKingsTouch() {
		return true
	}
	return !p.attacked(p.kingSq(us), us.Other(), p.occ())
}

// atomicCastlePathSafe reports whether the king may pass over s when
// castling: no enemy piece attacks it, with the king lifted from its
// square, unless s touches the enemy king.
func (p *Position) atomicCastlePathSafe(s Square, us Color, occ Bitboard) bool {
	if kingAttacks[s]&p.pieces(us.Other(), King) != 0 {
		return true
	}
	return !p.attacked(s, us.Other(), occ)
}
