package chess

// PolyglotKey returns the position's key in the Polyglot book format. Its
// en-passant rule differs from Hash: the file counts whenever a pawn of the
// side to move stands beside the pawn that just moved two squares.
func (p *Position) PolyglotKey() uint64 {
	var k uint64
	for b := p.occ(); b != 0; {
		sq := b.pop()
		pc := p.board[sq]
		kind := 2*(int(pc.Type())-1) + 1 - int(pc.Color()) // black pawn 0, white pawn 1, ...
		k ^= polyglotRandom[64*kind+int(sq)]
	}
	for i, bit := range []uint8{whiteOO, whiteOOO, blackOO, blackOOO} {
		if p.castle&bit != 0 {
			k ^= polyglotRandom[768+i]
		}
	}
	if ep := p.pseudoEnPassant(); ep != NoSquare {
		k ^= polyglotRandom[772+ep.File()]
	}
	if p.side == White {
		k ^= polyglotRandom[780]
	}
	return k
}

// pseudoEnPassant returns the square behind a pawn that just moved two
// squares when an enemy pawn stands beside it, legal capture or not.
func (p *Position) pseudoEnPassant() Square {
	if p.ep != NoSquare {
		return p.ep
	}
	n := len(p.hist)
	if n == 0 {
		return NoSquare
	}
	m := p.hist[n-1].move
	to := m.To()
	if m == NoMove || m&kindMask != kindNormal || p.board[to].Type() != Pawn || m.From()^to != 16 {
		return NoSquare
	}
	ep := (m.From() + to) / 2
	if pawnAttacks[p.side.Other()][ep]&p.pieces(p.side, Pawn) != 0 {
		return ep
	}
	return NoSquare
}

// PolyglotMove finds the legal move that a Polyglot move code denotes in p:
// to file, to rank, from file, from rank (3 bits each), promotion piece
// (none, n, b, r, q). Castling is coded king-takes-rook, as Move is.
func (p *Position) PolyglotMove(code uint16) (Move, bool) {
	to := MakeSquare(int(code&7), int(code>>3&7))
	from := MakeSquare(int(code>>6&7), int(code>>9&7))
	promo := PieceType(0)
	if pr := code >> 12 & 7; pr != 0 {
		promo = PieceType(pr) + Pawn // 1 = knight
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, true
		}
	}
	return NoMove, false
}
