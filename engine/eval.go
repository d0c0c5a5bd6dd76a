package engine

import "github.com/autoplay/autoplay/engine/chess"

// Evaluation: tapered between middlegame and endgame by the material left.
// Every weight lives in evalweights.go, which "autoplay engine tune"
// regenerates (Texel tuning on self-play positions); evaltrace.go lists them
// for the tuner and traces a position as a sum of weights, and its test keeps
// that trace equal to Evaluate.

type score struct{ mg, eg int32 }

func (a score) add(b score) score { return score{a.mg + b.mg, a.eg + b.eg} }
func (a score) sub(b score) score { return score{a.mg - b.mg, a.eg - b.eg} }
func (a score) mul(n int32) score { return score{a.mg * n, a.eg * n} }

var phaseWeight = [7]int32{0, 0, 1, 1, 2, 4, 0}

const totalPhase = 24

// pst[piece][square] holds material plus placement, from that piece's color
// point of view (already mirrored for black): pieceValue plus psqt.
var pst [16][64]score

func init() { buildPST() }

// buildPST fills pst from pieceValue and psqt.
func buildPST() {
	for pt := Pawn; pt <= King; pt++ {
		for sq := Square(0); sq < 64; sq++ {
			v := pieceValue[pt].add(psqt[pt][sq])
			pst[MakePiece(White, pt)][sq] = v
			pst[MakePiece(Black, pt)][sq^56] = v
		}
	}
}

// kingAttackDanger is the middlegame bonus for attacking the enemy king
// with attackers pieces whose attacks on its zone weigh w (kingAttackWeight,
// in quarters): it grows with the square of w.
func kingAttackDanger(w, attackers int32) int32 { return w * w / 32 * attackers / 3 }

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

// pieceAttacks are the squares a knight, bishop, rook or queen on sq attacks.
func pieceAttacks(pt PieceType, sq Square, occ Bitboard) Bitboard {
	switch pt {
	case Knight:
		return chess.KnightAttacks(sq)
	case Bishop:
		return chess.BishopAttacks(sq, occ)
	case Rook:
		return chess.RookAttacks(sq, occ)
	}
	return chess.QueenAttacks(sq, occ)
}

// material is the sum of the pieces' values and placements, White's point
// of view, and the game phase they make.
func material(p *Position) (total score, phase int32) {
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
	return total, phase
}

// Evaluate returns the static evaluation in centipawns from the side to
// move's point of view.
func Evaluate(p *Position) int {
	total, phase := material(p)
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
			a := pieceAttacks(pt, sq, occ)
			if pt == Rook {
				f := fileMask[sq.File()]
				if f&ourPawns == 0 {
					if f&theirPawns == 0 {
						sc = sc.add(rookOpenFile)
					} else {
						sc = sc.add(rookHalfOpen)
					}
				}
			}
			sc = sc.add(mobilityBonus[pt][(a & safe).Count()])
			if n := (a & zone).Count(); n > 0 {
				attackers++
				weight += kingAttackWeight[pt] * int32(n)
			}
		}
	}
	if attackers >= 2 && p.Pieces(us, Queen) != 0 {
		sc.mg += kingAttackDanger(weight, attackers)
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
