package engine

import "github.com/autoplay/autoplay/engine/chess"

// Evaluation: tapered between middlegame and endgame by the material left.
// Piece-square tables are built from simple formulas (centralization,
// advancement, king shelter) rather than tuned tables; improve by measuring.

type score struct{ mg, eg int32 }

func (a score) add(b score) score { return score{a.mg + b.mg, a.eg + b.eg} }
func (a score) sub(b score) score { return score{a.mg - b.mg, a.eg - b.eg} }
func (a score) mul(n int32) score { return score{a.mg * n, a.eg * n} }
func s(mg, eg int32) score        { return score{mg, eg} }

var pieceValue = [7]score{{}, {90, 120}, {320, 300}, {330, 320}, {480, 540}, {950, 1000}, {}}

var phaseWeight = [7]int32{0, 0, 1, 1, 2, 4, 0}

const totalPhase = 24

// pst[piece][square] holds material plus placement, from that piece's color
// point of view (already mirrored for black).
var pst [16][64]score

var passedBonus = [8]score{{}, {5, 10}, {8, 15}, {15, 30}, {30, 55}, {50, 90}, {80, 140}, {}}

var (
	doubledPawn  = s(-10, -20)
	isolatedPawn = s(-10, -12)
	bishopPair   = s(30, 50)
	rookOpenFile = s(25, 10)
	rookHalfOpen = s(12, 6)
	shieldPawn   = s(12, 0)
	tempo        = int32(10)
	// Mobility per reachable square above a typical count.
	mobilityWeight = [7]score{{}, {}, {4, 4}, {5, 5}, {2, 4}, {1, 2}, {}}
	mobilityBase   = [7]int32{0, 0, 4, 6, 6, 12, 0}
	// Weight of attacks on the squares around the enemy king.
	kingAttackWeight = [7]int32{0, 0, 2, 2, 3, 5, 0}
)

func init() {
	for sq := Square(0); sq < 64; sq++ {
		f, r := int32(sq.File()), int32(sq.Rank())
		fc := min(f, 7-f) // 0 at the edge, 3 in the center
		rc := min(r, 7-r)
		center := fc + rc // 0..6
		var t [7]score
		t[Pawn] = s(fc*3*(r-1)/2+(r-1)*2, (r-1)*8)
		t[Knight] = s(center*8-22, center*6-18)
		t[Bishop] = s(center*4-10, center*4-12)
		if r == 0 {
			t[Bishop].mg -= 10
		}
		t[Rook] = s(0, 0)
		if r == 6 {
			t[Rook] = s(20, 15)
		}
		if f == 3 || f == 4 {
			t[Rook].mg += 6
		}
		t[Queen] = s(center*2-5, center*4-10)
		if r == 0 {
			t[King] = s([8]int32{10, 25, 15, -5, 0, -5, 25, 10}[f], center*10-25)
		} else {
			t[King] = s(-20*r-10, center*10-25)
		}
		for pt := Pawn; pt <= King; pt++ {
			v := pieceValue[pt].add(t[pt])
			pst[MakePiece(White, pt)][sq] = v
			pst[MakePiece(Black, pt)][sq^56] = v
		}
	}
}

var (
	fileMask     [8]Bitboard
	adjacentMask [8]Bitboard
	passedMask   [2][64]Bitboard // squares ahead on own and adjacent files
)

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = chess.FileA << uint(f)
		if f > 0 {
			adjacentMask[f] |= chess.FileA << uint(f-1)
		}
		if f < 7 {
			adjacentMask[f] |= chess.FileA << uint(f+1)
		}
	}
	for sq := Square(0); sq < 64; sq++ {
		span := fileMask[sq.File()] | adjacentMask[sq.File()]
		for r := 0; r < 8; r++ {
			if r > sq.Rank() {
				passedMask[White][sq] |= span & (chess.Rank1 << uint(8*r))
			}
			if r < sq.Rank() {
				passedMask[Black][sq] |= span & (chess.Rank1 << uint(8*r))
			}
		}
	}
}

// Evaluate returns the static evaluation in centipawns from the side to
// move's point of view.
func Evaluate(p *Position) int {
	var total score
	phase := int32(0)
	for b := p.Occupied(); b != 0; {
		sq := b.Pop()
		pc := p.PieceAt(sq)
		if pc.Color() == White {
			total = total.add(pst[pc][sq])
		} else {
			total = total.sub(pst[pc][sq])
		}
		phase += phaseWeight[pc.Type()]
	}
	total = total.add(evalSide(p, White)).sub(evalSide(p, Black))
	if phase > totalPhase {
		phase = totalPhase
	}
	total.eg = total.eg * endgameScale(p, total.eg) / scaleNormal
	v := (total.mg*phase + total.eg*(totalPhase-phase)) / totalPhase
	if p.SideToMove() == Black {
		v = -v
	}
	return int(v + tempo)
}

func evalSide(p *Position, us Color) score {
	them := us.Other()
	var sc score
	occ := p.Occupied()
	own := p.ByColor(us)
	ourPawns, theirPawns := p.Pieces(us, Pawn), p.Pieces(them, Pawn)

	// Pawn structure.
	for b := ourPawns; b != 0; {
		sq := b.Pop()
		f := sq.File()
		if adjacentMask[f]&ourPawns == 0 {
			sc = sc.add(isolatedPawn)
		}
		if (fileMask[f] & ourPawns).More() && passedMask[us][sq]&fileMask[f]&ourPawns != 0 {
			sc = sc.add(doubledPawn)
		}
		if passedMask[us][sq]&theirPawns == 0 {
			r := sq.Rank()
			if us == Black {
				r = 7 - r
			}
			sc = sc.add(passedBonus[r])
		}
	}
	if p.Pieces(us, Bishop).More() {
		sc = sc.add(bishopPair)
	}

	// Mobility and attacks near the enemy king.
	var enemyPawnAtt Bitboard
	for b := theirPawns; b != 0; {
		enemyPawnAtt |= chess.PawnAttacks(them, b.Pop())
	}
	safe := ^own &^ enemyPawnAtt
	ek := p.KingSquare(them)
	zone := chess.KingAttacks(ek) | chess.SquareSet(ek)
	attackers, weight := int32(0), int32(0)
	for pt := Knight; pt <= Queen; pt++ {
		for b := p.Pieces(us, pt); b != 0; {
			sq := b.Pop()
			var a Bitboard
			switch pt {
			case Knight:
				a = chess.KnightAttacks(sq)
			case Bishop:
				a = chess.BishopAttacks(sq, occ)
			case Rook:
				a = chess.RookAttacks(sq, occ)
				f := fileMask[sq.File()]
				if f&ourPawns == 0 {
					if f&theirPawns == 0 {
						sc = sc.add(rookOpenFile)
					} else {
						sc = sc.add(rookHalfOpen)
					}
				}
			case Queen:
				a = chess.QueenAttacks(sq, occ)
			}
			sc = sc.add(mobilityWeight[pt].mul(int32((a & safe).Count()) - mobilityBase[pt]))
			if n := (a & zone).Count(); n > 0 {
				attackers++
				weight += kingAttackWeight[pt] * int32(n)
			}
		}
	}
	if attackers >= 2 && p.Pieces(us, Queen) != 0 {
		sc.mg += weight * weight / 2 * attackers / 3
	}

	// Pawn shield in front of our own castled king.
	k := p.KingSquare(us)
	if kr := k.Rank(); (us == White && kr == 0) || (us == Black && kr == 7) {
		sc = sc.add(shieldPawn.mul(int32((kingFront(us, k) & ourPawns).Count())))
	}
	return sc
}

// kingFront returns the three squares directly in front of a king on its
// first rank, plus the three beyond them.
func kingFront(us Color, k Square) Bitboard {
	files := fileMask[k.File()] | adjacentMask[k.File()]
	if us == White {
		return files & (chess.Rank1<<8 | chess.Rank1<<16)
	}
	return files & (chess.Rank1<<48 | chess.Rank1<<40)
}
