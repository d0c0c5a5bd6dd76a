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
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		for sq := chess.Square(0); sq < 64; sq++ {
			v := pieceValue[pt].add(psqt[pt][sq])
			pst[chess.MakePiece(chess.White, pt)][sq] = v
			pst[chess.MakePiece(chess.Black, pt)][sq^56] = v
		}
	}
}

// kingAttackDanger is the middlegame bonus for attacking the enemy king
// with attackers pieces whose attacks on its zone weigh w (kingAttackWeight,
// in quarters): it grows with the square of w.
func kingAttackDanger(w, attackers int32) int32 { return w * w / 32 * attackers / 3 }

var (
	fileMask     [8]chess.Bitboard
	adjacentMask [8]chess.Bitboard
	passedMask   [2][64]chess.Bitboard // squares ahead on own and adjacent files
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
	for sq := chess.Square(0); sq < 64; sq++ {
		span := fileMask[sq.File()] | adjacentMask[sq.File()]
		for r := 0; r < 8; r++ {
			if r > sq.Rank() {
				passedMask[chess.White][sq] |= span & (chess.Rank1 << uint(8*r))
			}
			if r < sq.Rank() {
				passedMask[chess.Black][sq] |= span & (chess.Rank1 << uint(8*r))
			}
		}
	}
}

// pieceAttacks are the squares a knight, bishop, rook or queen on sq attacks.
func pieceAttacks(pt chess.PieceType, sq chess.Square, occ chess.Bitboard) chess.Bitboard {
	switch pt {
	case chess.Knight:
		return chess.KnightAttacks(sq)
	case chess.Bishop:
		return chess.BishopAttacks(sq, occ)
	case chess.Rook:
		return chess.RookAttacks(sq, occ)
	}
	return chess.QueenAttacks(sq, occ)
}

// material is the sum of the pieces' values and placements, White's point
// of view, and the game phase they make.
func material(p *chess.Position) (total score, phase int32) {
	for b := p.Occupied(); b != 0; {
		sq := b.Pop()
		pc := p.PieceAt(sq)
		if pc.Color() == chess.White {
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
func Evaluate(p *chess.Position) int { return evaluateWith(p, nil) }

// evaluateWith is Evaluate, taking the terms that depend on the pawns (and
// kings) alone from pc when it holds them (nil: none).
func evaluateWith(p *chess.Position, pc *pawnCache) int {
	total, phase := unscaled(p, pc)
	if phase > totalPhase {
		phase = totalPhase
	}
	total.eg = total.eg * endgameScale(p, total.eg) / scaleNormal
	v := (total.mg*phase + total.eg*(totalPhase-phase)) / totalPhase
	if p.SideToMove() == chess.Black {
		v = -v
	}
	return int(v + tempo)
}

// zoneAttack is one side's pieces attacking the enemy king's zone.
type zoneAttack struct {
	weight    int32 // kingAttackWeight of each attack on a zone square
	attackers int32 // pieces attacking the zone
}

func (z zoneAttack) danger(p *chess.Position, us chess.Color, am *attackMaps) int32 {
	return kingDangerOn(p, us, am, z.weight, z.attackers)
}

// unscaled is the sum of every term, White's point of view, before the
// endgame scale and the taper, and the game phase.
func unscaled(p *chess.Position, pc *pawnCache) (total score, phase int32) {
	total, phase = material(p)
	pe := pc.lookup(p)
	var am attackMaps
	white, whiteAttack := evalSide(p, chess.White, &am, pe.passed[chess.White])
	black, blackAttack := evalSide(p, chess.Black, &am, pe.passed[chess.Black])
	total = total.add(white).sub(black).add(pe.structure)
	total = total.add(threatTerms(p, chess.White, &am, pe.passed[chess.White])).sub(threatTerms(p, chess.Black, &am, pe.passed[chess.Black]))
	total.mg += whiteAttack.danger(p, chess.White, &am) - blackAttack.danger(p, chess.Black, &am)
	return total.add(pe.shelter), phase
}

// pawnStructure is us's pawn terms that depend on the pawns alone, and its
// passed pawns.
func pawnStructure(p *chess.Position, us chess.Color) (sc score, passed chess.Bitboard) {
	them := us.Other()
	ourPawns, theirPawns := p.Pieces(us, chess.Pawn), p.Pieces(them, chess.Pawn)
	ourPawnAtt := pawnAttacks(us, ourPawns)
	theirPawnAtt := pawnAttacks(them, theirPawns)
	for b := ourPawns; b != 0; {
		sq := b.Pop()
		f := sq.File()
		r := relativeRank(us, sq)
		if adjacentMask[f]&ourPawns == 0 {
			sc = sc.add(isolatedPawn)
		} else if backward(us, sq, ourPawns, theirPawns|theirPawnAtt) {
			sc = sc.add(backwardPawn)
		}
		if (fileMask[f] & ourPawns).More() && passedMask[us][sq]&fileMask[f]&ourPawns != 0 {
			sc = sc.add(doubledPawn)
		}
		if connected(sq, ourPawns, ourPawnAtt) {
			sc = sc.add(connectedPawn[r])
		}
		if passedMask[us][sq]&theirPawns == 0 {
			sc = sc.add(passedBonus[r])
			passed |= 1 << uint(sq)
		}
	}
	return sc, passed
}

// evalSide is us's passed pawns' terms beyond pawnStructure (passed: us's
// passed pawns), pieces and threats, recording in am what us attacks and
// returning its attack on the enemy king's zone.
func evalSide(p *chess.Position, us chess.Color, am *attackMaps, passed chess.Bitboard) (score, zoneAttack) {
	them := us.Other()
	var sc score
	occ := p.Occupied()
	own := p.ByColor(us)
	ourPawns, theirPawns := p.Pieces(us, chess.Pawn), p.Pieces(them, chess.Pawn)

	ourPawnAtt := pawnAttacks(us, ourPawns)
	ourKing, theirKing := p.KingSquare(us), p.KingSquare(them)
	am.addPawns(us, ourPawns)
	am.add(us, chess.King, chess.KingAttacks(ourKing))

	// Passed pawns: what the pieces around them change.
	for b := passed; b != 0; {
		sq := b.Pop()
		stop := stopSquare(us, sq)
		if occ.Has(stop) {
			sc = sc.add(passedBlocked)
		}
		if relativeRank(us, sq) >= 3 {
			sc = sc.add(passedKingDistance.mul(int32(distance(theirKing, stop) - distance(ourKing, stop))))
		}
	}
	if p.Pieces(us, chess.Bishop).More() {
		sc = sc.add(bishopPair)
	}
	if n := minorsBehindPawns(p, us); n > 0 {
		sc = sc.add(minorBehindPawn.mul(n))
	}

	// Mobility and attacks near the enemy king.
	safe := ^own &^ pawnAttacks(them, theirPawns)
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		if n := (p.Pieces(them, pt) & ourPawnAtt).Count(); n > 0 {
			sc = sc.add(threatByPawn[pt].mul(int32(n)))
		}
	}
	zone := kingZone(theirKing)
	var za zoneAttack
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		for b := p.Pieces(us, pt); b != 0; {
			sq := b.Pop()
			a := pieceAttacks(pt, sq, occ)
			am.add(us, pt, a)
			if pt == chess.Rook {
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
			if pt == chess.Knight || pt == chess.Bishop {
				for t := chess.Rook; t <= chess.Queen; t++ {
					if n := (a & p.Pieces(them, t)).Count(); n > 0 {
						sc = sc.add(threatByMinor[t].mul(int32(n)))
					}
				}
				if outpost(us, sq, ourPawnAtt, theirPawns) {
					sc = sc.add(minorOutpost[pt])
				}
				if pt == chess.Bishop {
					sc = sc.add(bishopPawns.mul(pawnsOnColourOf(sq, ourPawns)))
				}
			}
			if n := (a & zone).Count(); n > 0 {
				za.attackers++
				za.weight += kingAttackWeight[pt] * int32(n)
			}
		}
	}
	return sc, za
}

// pawnAttacks is the set of squares c's pawns attack: the whole set shifted
// one rank forward and one file aside, the edge files masked off first.
func pawnAttacks(c chess.Color, pawns chess.Bitboard) chess.Bitboard {
	const fileH = chess.FileA << 7
	left, right := pawns&^chess.FileA, pawns&^fileH
	if c == chess.White {
		return left<<7 | right<<9
	}
	return left>>9 | right>>7
}

// relativeRank is sq's rank from c's side: 0 is c's first rank.
func relativeRank(c chess.Color, sq chess.Square) int {
	if c == chess.Black {
		return 7 - sq.Rank()
	}
	return sq.Rank()
}

// stopSquare is the square in front of c's pawn on sq.
func stopSquare(c chess.Color, sq chess.Square) chess.Square {
	if c == chess.Black {
		return sq - 8
	}
	return sq + 8
}

// distance is the number of king moves between a and b.
func distance(a, b chess.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

// connected reports whether the pawn on sq is defended by an own pawn or
// stands beside one.
func connected(sq chess.Square, ourPawns, ourPawnAtt chess.Bitboard) bool {
	beside := adjacentMask[sq.File()] & (chess.Rank1 << uint(8*sq.Rank()))
	return ourPawnAtt.Has(sq) || beside&ourPawns != 0
}

// backward reports whether our pawn on sq, not isolated, has no own pawn
// beside or behind it on the adjacent files to defend it as it advances,
// while its square ahead is blocked or attacked by their pawns (stoppers:
// their pawns and the squares they attack).
func backward(us chess.Color, sq chess.Square, ourPawns, stoppers chess.Bitboard) bool {
	support := adjacentMask[sq.File()] & ourPawns &^ forwardRanks[us][sq.Rank()]
	return support == 0 && stoppers.Has(stopSquare(us, sq))
}

// minorsBehindPawns is the number of our knights and bishops with a pawn
// (either side's) right in front of them, which shields them from attacks
// along the file.
func minorsBehindPawns(p *chess.Position, us chess.Color) int32 {
	pawns := p.Pieces(chess.White, chess.Pawn) | p.Pieces(chess.Black, chess.Pawn)
	behind := pawns >> 8 // the squares just below White's view of each pawn
	if us == chess.Black {
		behind = pawns << 8
	}
	return int32(((p.Pieces(us, chess.Knight) | p.Pieces(us, chess.Bishop)) & behind).Count())
}

// pawnsOnColourOf is the number of our pawns on the squares of the colour
// of sq, which a bishop there can never attack past its own pawns.
func pawnsOnColourOf(sq chess.Square, ourPawns chess.Bitboard) int32 {
	if darkSquares.Has(sq) {
		return int32((ourPawns & darkSquares).Count())
	}
	return int32((ourPawns &^ darkSquares).Count())
}

// outpost reports whether a piece of us on sq stands in the enemy half (its
// 4th to 6th rank), defended by an own pawn, where no enemy pawn can ever
// attack it.
func outpost(us chess.Color, sq chess.Square, ourPawnAtt, theirPawns chess.Bitboard) bool {
	r := relativeRank(us, sq)
	return r >= 3 && r <= 5 && ourPawnAtt.Has(sq) && passedMask[us][sq]&adjacentMask[sq.File()]&theirPawns == 0
}
