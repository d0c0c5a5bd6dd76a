package chess

// GenerateLegal fills ml with every legal move of the side to move.
func (p *Position) GenerateLegal(ml *MoveList) {
	ml.n = 0
	p.generate(ml, false)
}

// generateCaptures fills ml with legal captures and queen promotions (for
// quiescence); when in check it generates all evasions instead.
func (p *Position) generateCaptures(ml *MoveList) {
	ml.n = 0
	p.generate(ml, true)
}

// generate adds legal moves to ml. It computes checkers and pinned pieces
// first, so every move it emits is legal without trying it. A variant
// position goes to its own generator from here rather than from
// GenerateLegal, which stays small enough to be inlined in the search.
func (p *Position) generate(ml *MoveList, capturesOnly bool) {
	if p.variant != Standard {
		p.generateVariant(ml, capturesOnly)
		return
	}
	us, them := p.side, p.side.Other()
	occ := p.occ()
	own, enemy := p.byColor[us], p.byColor[them]
	k := p.kingSq(us)
	checkers := p.attackersTo(k, occ) & enemy
	if checkers != 0 {
		capturesOnly = false
	}

	targets := ^own
	if capturesOnly {
		targets = enemy
	}
	occNoKing := occ ^ sqBB(k)
	for b := kingAttacks[k] & targets; b != 0; {
		to := b.pop()
		if !p.attacked(to, them, occNoKing) {
			ml.add(newMove(k, to))
		}
	}
	if checkers.more() {
		return
	}
	mask := targets
	if checkers != 0 {
		mask &= between[k][checkers.lsb()] | checkers
	}

	var pinned Bitboard
	rq := p.byType[Rook] | p.byType[Queen]
	bq := p.byType[Bishop] | p.byType[Queen]
	for snipers := (rookAttacks(k, enemy)&rq | bishopAttacks(k, enemy)&bq) & enemy; snipers != 0; {
		s := snipers.pop()
		if b := between[k][s] & occ; b != 0 && !b.more() {
			pinned |= b & own
		}
	}

	for b := p.pieces(us, Knight) &^ pinned; b != 0; {
		from := b.pop()
		for t := knightAttacks[from] & mask; t != 0; {
			ml.add(newMove(from, t.pop()))
		}
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & own; b != 0; {
		from := b.pop()
		t := bishopAttacks(from, occ) & mask
		if pinned.has(from) {
			t &= line[k][from]
		}
		for t != 0 {
			ml.add(newMove(from, t.pop()))
		}
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & own; b != 0; {
		from := b.pop()
		t := rookAttacks(from, occ) & mask
		if pinned.has(from) {
			t &= line[k][from]
		}
		for t != 0 {
			ml.add(newMove(from, t.pop()))
		}
	}

	p.genPawns(ml, us, k, occ, enemy, mask, pinned, capturesOnly)

	if checkers == 0 && !capturesOnly {
		for i := 0; i < 4; i++ {
			bit := uint8(1) << i
			if p.castle&bit == 0 || (i >= 2) != (us == Black) {
				continue
			}
			rook := p.castleRook[i]
			if p.castlePath[i]&occ != 0 {
				continue
			}
			o := occ ^ sqBB(k) ^ sqBB(rook)
			ok := true
			for path := p.kingPath[i]; path != 0 && ok; {
				ok = !p.attacked(path.pop(), them, o)
			}
			if ok {
				ml.add(Move(k) | Move(rook)<<6 | kindCastle)
			}
		}
	}
}

func (p *Position) genPawns(ml *MoveList, us Color, k Square, occ, enemy, mask, pinned Bitboard, capturesOnly bool) {
	pawns := p.pieces(us, Pawn)
	empty := ^occ
	// In captures-only mode mask holds only enemy squares, but promotions
	// by push are still wanted there.
	pushMask := mask
	if capturesOnly {
		pushMask = rank1 | rank8
	}
	capMask := mask & enemy
	var up Square
	var promo, third Bitboard
	if us == White {
		up, promo, third = 8, rank8, rank3
	} else {
		up, promo, third = -8, rank1, rank6
	}
	shift := func(b Bitboard, d Square) Bitboard {
		if d > 0 {
			return b << uint(d)
		}
		return b >> uint(-d)
	}
	free := pawns &^ pinned
	one := shift(free, up) & empty
	two := shift(one&third, up) & empty & pushMask
	one &= pushMask
	addTargets := func(t Bitboard, delta Square) {
		for t != 0 {
			to := t.pop()
			from := to - delta
			if promo.has(to) {
				p.addPromotions(ml, from, to, capturesOnly)
			} else if !capturesOnly || enemy.has(to) {
				ml.add(newMove(from, to))
			}
		}
	}
	addTargets(one, up)
	for two != 0 {
		to := two.pop()
		ml.add(newMove(to-2*up, to))
	}
	left := shift(free&^fileA, up-1) & capMask
	right := shift(free&^fileH, up+1) & capMask
	addTargets(left, up-1)
	addTargets(right, up+1)

	// Pinned pawns may move only along the pin line.
	for b := pawns & pinned; b != 0; {
		from := b.pop()
		l := line[k][from]
		t := pawnAttacks[us][from] & capMask & l
		if s := from + up; !occ.has(s) && l.has(s) {
			t |= sqBB(s) & pushMask
			if s2 := s + up; sqBB(s)&third != 0 && !occ.has(s2) && l.has(s2) {
				t |= sqBB(s2) & pushMask
			}
		}
		for t != 0 {
			to := t.pop()
			if promo.has(to) {
				p.addPromotions(ml, from, to, capturesOnly)
			} else if !capturesOnly || enemy.has(to) {
				ml.add(newMove(from, to))
			}
		}
	}

	if p.ep != NoSquare {
		for b := pawnAttacks[us.Other()][p.ep] & pawns; b != 0; {
			from := b.pop()
			if p.epMoveLegal(from, p.ep) {
				ml.add(newMove(from, p.ep) | kindEnPassant)
			}
		}
	}
}

func (p *Position) addPromotions(ml *MoveList, from, to Square, queenOnly bool) {
	ml.add(newPromotion(from, to, Queen))
	if !queenOnly {
		ml.add(newPromotion(from, to, Rook))
		ml.add(newPromotion(from, to, Bishop))
		ml.add(newPromotion(from, to, Knight))
	}
}

// epMoveLegal tests an en-passant capture by looking for attacks on the king
// once both pawns are gone, which covers pins along the rank as well.
func (p *Position) epMoveLegal(from, ep Square) bool {
	us, them := p.side, p.side.Other()
	capSq := ep ^ 8
	k := p.kingSq(us)
	occ := p.occ() ^ sqBB(from) ^ sqBB(capSq) | sqBB(ep)
	att := bishopAttacks(k, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		rookAttacks(k, occ)&(p.byType[Rook]|p.byType[Queen]) |
		knightAttacks[k]&p.byType[Knight] |
		pawnAttacks[us][k]&p.byType[Pawn]&^sqBB(capSq)
	return att&p.byColor[them] == 0
}
