package chess

// Move generation for variants: every pseudo-legal move, each tried on the
// board and kept when the variant allows the position it leaves, then the
// forced-capture rule. Simpler than the standard generator's pins and
// check masks, and slower, which a judge of engines' moves can afford;
// standard chess never comes here (generate checks once at its top).

// generateVariant fills ml with the legal moves of a variant position; none
// once the variant's own rules ended the game (as Fairy-Stockfish counts).
// With capturesOnly, out of check, it keeps the captures and queen
// promotions, as chess's generator does for a quiescence search.
func (p *Position) generateVariant(ml *MoveList, capturesOnly bool) {
	if st, _ := p.variantEnding(); st != Ongoing {
		return
	}
	var pseudo MoveList
	p.generatePseudo(&pseudo)
	captures := 0
	for _, m := range pseudo.Moves() {
		if p.variantLegal(m) {
			ml.push(m)
			if p.isCapture(m) {
				captures++
			}
		}
	}
	if captures > 0 && p.variant.mustCapture() {
		ml.keep(p.isCapture)
	}
	if capturesOnly && !p.InCheck() {
		ml.keep(func(m Move) bool { return p.isCapture(m) || m.Promotion() == Queen })
	}
}

// keep leaves in ml only the moves ok accepts, in their order.
func (ml *MoveList) keep(ok func(Move) bool) {
	n := 0
	moves := ml.Moves()
	for _, m := range moves {
		if ok(m) {
			moves[n] = m
			n++
		}
	}
	ml.n = n
}

// variantLegal plays m and judges the position it leaves.
func (p *Position) variantLegal(m Move) bool {
	us := p.side
	p.makeVariantMove(m)
	ok := p.legalAfter(us)
	p.unmakeVariantMove()
	return ok
}

// legalAfter reports whether the move us just made is allowed.
func (p *Position) legalAfter(us Color) bool {
	switch {
	case p.variant == Atomic:
		return p.atomicLegalAfter(us)
	case !p.variant.royal():
		return true
	case p.variant == RacingKings && p.royalAttacked(us.Other()):
		return false // giving check is not allowed
	}
	k := p.pieces(us, King)
	return k == 0 || !p.attacked(k.lsb(), us.Other(), p.occ())
}

// royalAttacked reports whether c's king is in check by the variant's
// rules: never in antichess or without a king, and in atomic only by
// pieces that could take it while both kings stand and do not touch.
func (p *Position) royalAttacked(c Color) bool {
	k := p.pieces(c, King)
	if k == 0 || !p.variant.royal() {
		return false
	}
	if p.variant == Atomic && (p.atomicKingsTouch() || p.pieces(c.Other(), King) == 0) {
		return false // touching kings are immune; with one exploded the game is over
	}
	return p.attacked(k.lsb(), c.Other(), p.occ())
}

// generatePseudo adds every move of the side to move's pieces that obeys
// how they move, castling through empty and (for a royal king) unattacked
// squares, and drops.
func (p *Position) generatePseudo(ml *MoveList) {
	us := p.side
	occ := p.occ()
	own := p.byColor[us]
	targets := ^own
	for b := p.pieces(us, Knight); b != 0; {
		from := b.pop()
		addAll(ml, from, knightAttacks[from]&targets)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & own; b != 0; {
		from := b.pop()
		addAll(ml, from, bishopAttacks(from, occ)&targets)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & own; b != 0; {
		from := b.pop()
		addAll(ml, from, rookAttacks(from, occ)&targets)
	}
	kingTargets := targets
	if p.variant == Atomic {
		kingTargets &^= p.occ() // a king that captures explodes itself
	}
	for b := p.pieces(us, King); b != 0; {
		from := b.pop()
		addAll(ml, from, kingAttacks[from]&kingTargets)
	}
	p.generateVariantPawns(ml, us, occ)
	p.generateVariantCastling(ml, us, occ)
	if p.variant.hasPockets() {
		p.generateDrops(ml, us, ^occ)
	}
}

func addAll(ml *MoveList, from Square, to Bitboard) {
	for to != 0 {
		ml.push(newMove(from, to.pop()))
	}
}

func (p *Position) generateVariantPawns(ml *MoveList, us Color, occ Bitboard) {
	enemy := p.byColor[us.Other()]
	up, promo, doubleFrom := Square(8), rank8, rank2
	if us == Black {
		up, promo, doubleFrom = -8, rank1, rank7
	} else if p.variant == Horde {
		doubleFrom |= rank1
	}
	for b := p.pieces(us, Pawn); b != 0; {
		from := b.pop()
		one := from + up
		if !occ.has(one) {
			p.addPawnMove(ml, from, one, promo)
			if two := one + up; doubleFrom.has(from) && !occ.has(two) {
				ml.push(newMove(from, two))
			}
		}
		for t := pawnAttacks[us][from] & enemy; t != 0; {
			p.addPawnMove(ml, from, t.pop(), promo)
		}
		if p.ep != NoSquare && pawnAttacks[us][from].has(p.ep) {
			ml.push(newMove(from, p.ep) | kindEnPassant)
		}
	}
}

// addPawnMove adds a pawn's move to to, as every promotion the variant
// allows when to is on the last rank.
func (p *Position) addPawnMove(ml *MoveList, from, to Square, promo Bitboard) {
	if !promo.has(to) {
		ml.push(newMove(from, to))
		return
	}
	for pt := Queen; pt >= Knight; pt-- {
		ml.push(newPromotion(from, to, pt))
	}
	if p.variant.antichessFamily() {
		ml.push(newKingPromotion(from, to))
	}
}

func (p *Position) generateVariantCastling(ml *MoveList, us Color, occ Bitboard) {
	rights := p.castle & (3 << (2 * uint(us)))
	if rights == 0 {
		return
	}
	k := p.pieces(us, King)
	if k == 0 {
		return
	}
	from := k.lsb()
	royal := p.variant.royal()
	if royal && p.royalAttacked(us) {
		return
	}
	for i := 2 * int(us); i < 2*int(us)+2; i++ {
		if rights&(1<<i) == 0 || p.castlePath[i]&occ != 0 || p.castleRook[i] == NoSquare || p.board[p.castleRook[i]] != MakePiece(us, Rook) {
			continue
		}
		rook := p.castleRook[i]
		if royal && !p.castlePathSafe(i, from, rook, us, occ) {
			continue
		}
		ml.push(Move(from) | Move(rook)<<6 | kindCastle)
	}
}

// castlePathSafe reports whether no square the king crosses is attacked
// (its destination is judged after the move, with the rook in place).
func (p *Position) castlePathSafe(i int, k, rook Square, us Color, occ Bitboard) bool {
	if p.variant == Atomic {
		for path := p.kingPath[i]; path != 0; {
			if !p.atomicCastlePathSafe(path.pop(), us, occ^sqBB(k)) {
				return false
			}
		}
		return true
	}
	o := occ ^ sqBB(k) ^ sqBB(rook)
	for path := p.kingPath[i]; path != 0; {
		if p.attacked(path.pop(), us.Other(), o) {
			return false
		}
	}
	return true
}
