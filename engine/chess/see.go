package chess

// SEEValue is the material value used by exchange evaluation and by a
// search's capture ordering (MVV-LVA).
var SEEValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// see returns the static exchange evaluation of move m: the material the
// mover expects to win on the destination square if both sides keep
// capturing there with their least valuable piece and may stop at any time.
func (p *Position) see(m Move) int {
	if m.IsCastle() {
		return 0
	}
	from, to := m.From(), m.To()
	var gain [32]int
	captured := p.board[to].Type()
	occ := p.occ() ^ sqBB(from)
	if m.IsEnPassant() {
		captured = Pawn
		occ ^= sqBB(to ^ 8)
	}
	gain[0] = SEEValue[captured]
	onSquare := p.board[from].Type()
	if pr := m.Promotion(); pr != NoPieceType {
		gain[0] += SEEValue[pr] - SEEValue[Pawn]
		onSquare = pr
	}
	rq := p.byType[Rook] | p.byType[Queen]
	bq := p.byType[Bishop] | p.byType[Queen]
	attackers := p.attackersTo(to, occ) & occ
	side := p.side.Other()
	d := 0
	for {
		mine := attackers & p.byColor[side]
		if mine == 0 {
			break
		}
		var pt PieceType
		var b Bitboard
		for pt = Pawn; pt <= King; pt++ {
			if b = mine & p.byType[pt]; b != 0 {
				break
			}
		}
		if pt == King && attackers&p.byColor[side.Other()] != 0 {
			break // the king cannot capture into a defended square
		}
		d++
		gain[d] = SEEValue[onSquare] - gain[d-1]
		onSquare = pt
		occ ^= sqBB(b.lsb())
		attackers |= bishopAttacks(to, occ)&bq | rookAttacks(to, occ)&rq
		attackers &= occ
		side = side.Other()
		if d == len(gain)-1 {
			break
		}
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
