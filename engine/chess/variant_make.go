package chess

// Make and unmake for variants. Unmaking restores a copy of the board taken
// before the move: an atomic capture clears up to nine squares and a
// crazyhouse capture fills a pocket, and a copy undoes all of them the same
// way. Standard chess never comes here (MakeMove checks once at its top).

// variantUndo is the board and variant state before a variant move.
type variantUndo struct {
	board      [64]Piece
	byType     [7]Bitboard
	byColor    [2]Bitboard
	pocket     [2][7]uint8
	promoted   Bitboard
	checksLeft [2]uint8
}

// Variant returns the rules p plays by.
func (p *Position) Variant() Variant { return p.variant }

// ChecksLeft returns how many more checks c must give to win in
// three-check and five-check (0 in other variants).
func (p *Position) ChecksLeft(c Color) int { return int(p.checksLeft[c]) }

func (p *Position) makeVariantMove(m Move) {
	if cap(p.vhist) == 0 {
		p.vhist = make([]variantUndo, 0, 256)
	}
	p.vhist = append(p.vhist, variantUndo{p.board, p.byType, p.byColor, p.pocket, p.promoted, p.checksLeft})
	p.record(m)
	p.hash ^= p.variantKey()
	us, them := p.side, p.side.Other()
	from, to := m.From(), m.To()
	if p.ep != NoSquare {
		p.hash ^= zEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.rule50++
	keep := p.castleKeep[from] & p.castleKeep[to]
	switch {
	case m.Drop() != NoPieceType:
		pt := m.Drop()
		p.pocket[us][pt]--
		p.put(MakePiece(us, pt), to)
		p.rule50 = 0 // no position before a drop comes back: cutechess-cli resets its count on every drop too
		keep = 15
	case m.IsCastle():
		kTo, rTo := m.castleSquares()
		p.remove(from)
		p.remove(to)
		p.put(MakePiece(us, King), kTo)
		p.put(MakePiece(us, Rook), rTo)
	case m.IsEnPassant():
		capSq := to ^ 8
		p.capture(us, capSq)
		p.remove(from)
		p.put(MakePiece(us, Pawn), to)
		p.rule50 = 0
		if p.variant == Atomic {
			keep &= p.explode(to)
		}
	default:
		pc := p.board[from]
		captured := p.board[to] != NoPiece
		if captured {
			p.capture(us, to)
			p.rule50 = 0
		}
		p.remove(from)
		if p.promoted.has(from) {
			p.promoted ^= sqBB(from) | sqBB(to)
		}
		if pt := m.Promotion(); pt != NoPieceType {
			pc = MakePiece(us, pt)
			if p.variant.hasPockets() {
				p.promoted |= sqBB(to)
			}
		}
		p.put(pc, to)
		if pc.Type() == Pawn || m.Promotion() != NoPieceType {
			p.rule50 = 0
		}
		if captured && p.variant == Atomic {
			keep &= p.explode(to)
		}
		if pc.Type() == Pawn && to^from == 16 {
			p.setVariantEP(us, (from+to)/2)
		}
	}
	if nc := p.castle & keep; nc != p.castle {
		p.hash ^= zCastle[p.castle] ^ zCastle[nc]
		p.castle = nc
	}
	p.side = them
	p.hash ^= zSide
	p.ply++
	if p.variant.checkLimit() != 0 && p.royalAttacked(them) {
		p.checksLeft[us]--
	}
	p.hash ^= p.variantKey()
}

// capture takes the piece on s off the board for us, into us's pocket in
// crazyhouse (a promoted piece goes back as the pawn it was).
func (p *Position) capture(us Color, s Square) {
	if p.variant.hasPockets() {
		pt := p.board[s].Type()
		if p.promoted.has(s) {
			pt = Pawn
			p.promoted &^= sqBB(s)
		}
		p.pocket[us][pt]++
	}
	p.remove(s)
}

// setVariantEP records the square a double step passed when an enemy pawn
// could take there (legality is checked when the capture is generated).
// Horde's pawns stepping twice from the first rank give no en passant,
// as Fairy-Stockfish's en-passant regions (ranks 3 and 6) say.
func (p *Position) setVariantEP(us Color, ep Square) {
	if r := ep.Rank(); r != 2 && r != 5 {
		return
	}
	if pawnAttacks[us][ep]&p.pieces(us.Other(), Pawn) != 0 {
		p.ep = ep
		p.hash ^= zEP[ep.File()]
	}
}

func (p *Position) unmakeVariantMove() {
	v := &p.vhist[len(p.vhist)-1]
	p.vhist = p.vhist[:len(p.vhist)-1]
	p.board, p.byType, p.byColor = v.board, v.byType, v.byColor
	p.pocket, p.promoted, p.checksLeft = v.pocket, v.promoted, v.checksLeft
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.side = p.side.Other()
	p.castle, p.ep, p.rule50, p.hash = u.castle, u.ep, u.rule50, u.hash
	p.ply--
}

// variantKey is the part of the hash that pockets and check counters add,
// so that repetitions compare them too. Keys come from a fixed mixer rather
// than a table: no start-up cost, and only variants pay the few multiplies.
func (p *Position) variantKey() uint64 {
	var k uint64
	for c := White; c <= Black; c++ {
		for pt := Pawn; pt <= Queen; pt++ {
			if n := p.pocket[c][pt]; n != 0 {
				k ^= mix64(uint64(c)<<16 | uint64(pt)<<8 | uint64(n))
			}
		}
		if n := p.checksLeft[c]; n != 0 {
			k ^= mix64(1<<20 | uint64(c)<<8 | uint64(n))
		}
	}
	return k
}

// mix64 is splitmix64's finaliser.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
