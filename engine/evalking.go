package engine

import (
	"math/bits"

	"github.com/autoplay/autoplay/engine/chess"
)

// King safety. Two parts:
//   - danger, middlegame only: the attacker's pieces on the king's zone, the
//     zone squares the defender holds only with king or queen (weak), and
//     the safe checks each piece type has, weighed in "units" whose sum
//     enters squared (kingAttackDanger), so attacks that come together
//     count for more than their parts. It needs both sides' attack maps,
//     gathered in attackMaps while evalSide walks the pieces.
//   - shelter and storm, linear: for the three files around the king, how
//     far ahead the nearest own pawn stands and how near the nearest enemy
//     pawn has come, and whether our pawn blocks it.

// attackMaps holds what each side attacks, by piece type (King included).
type attackMaps struct {
	by    [2][7]chess.Bitboard
	all   [2]chess.Bitboard
	twice [2]chess.Bitboard // attacked by two or more pieces (pawns counted apart)
}

func (am *attackMaps) add(c chess.Color, pt chess.PieceType, a chess.Bitboard) {
	am.twice[c] |= am.all[c] & a
	am.all[c] |= a
	am.by[c][pt] |= a
}

// addPawns records c's pawn attacks, a square two pawns attack counting twice.
func (am *attackMaps) addPawns(c chess.Color, pawns chess.Bitboard) {
	const fileH = chess.FileA << 7
	left, right := pawns&^chess.FileA, pawns&^fileH
	var l, r chess.Bitboard
	if c == chess.White {
		l, r = left<<7, right<<9
	} else {
		l, r = left>>9, right>>7
	}
	am.twice[c] |= am.all[c]&(l|r) | l&r
	am.all[c] |= l | r
	am.by[c][chess.Pawn] |= l | r
}

// kingZone is the king's square and the squares around it.
func kingZone(k chess.Square) chess.Bitboard { return chess.KingAttacks(k) | chess.SquareSet(k) }

// kingThreats counts, for us attacking them, the weak squares of their
// king's zone and our safe checks by piece type: squares from which a piece
// of that type would give check, that one of ours attacks, holding no piece
// of ours, and that they do not defend (or defend only with king or queen
// where we attack twice).
func kingThreats(p *chess.Position, us chess.Color, am *attackMaps) (weak int32, checks [7]int32) {
	them := us.Other()
	ek := p.KingSquare(them)
	weakSet := am.all[us] &^ am.twice[them] & (^am.all[them] | am.by[them][chess.King] | am.by[them][chess.Queen])
	weak = int32((weakSet & kingZone(ek)).Count())
	safe := ^p.ByColor(us) & (^am.all[them] | weakSet&am.twice[us])
	occ := p.Occupied()
	diag, straight := chess.BishopAttacks(ek, occ)&safe, chess.RookAttacks(ek, occ)&safe
	checks[chess.Knight] = int32((chess.KnightAttacks(ek) & safe & am.by[us][chess.Knight]).Count())
	checks[chess.Bishop] = int32((diag & am.by[us][chess.Bishop]).Count())
	checks[chess.Rook] = int32((straight & am.by[us][chess.Rook]).Count())
	checks[chess.Queen] = int32(((diag | straight) & am.by[us][chess.Queen]).Count())
	return weak, checks
}

// kingDangerOn is our middlegame bonus for the attack on their king: zone is
// the sum of our zone attacks' weights (kingAttackWeight), attackers the
// number of our pieces in them. Only with a queen and two attackers.
func kingDangerOn(p *chess.Position, us chess.Color, am *attackMaps, zone, attackers int32) int32 {
	if attackers < 2 || p.Pieces(us, chess.Queen) == 0 {
		return 0
	}
	weak, checks := kingThreats(p, us, am)
	w := zone + kingWeakSquare*weak
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		w += kingSafeCheck[pt] * checks[pt]
	}
	return kingAttackDanger(w, attackers)
}

// forwardRanks[c][r] is every square on the ranks ahead of rank r, from c's side.
var forwardRanks [2][8]chess.Bitboard

func init() {
	for r := 0; r < 8; r++ {
		for ahead := r + 1; ahead < 8; ahead++ {
			forwardRanks[chess.White][r] |= chess.Rank1 << uint(8*ahead)
			forwardRanks[chess.Black][7-r] |= chess.Rank1 << uint(8*(7-ahead))
		}
	}
}

// shelterFiles are the three files around a king on file f, the edge files'
// kings taking the three nearest.
func shelterFiles(f int) (lo, hi int) {
	f = min(max(f, 1), 6)
	return f - 1, f + 1
}

// nearest is the square of c's pawn in set that is nearest c's first rank.
func nearest(c chess.Color, set chess.Bitboard) chess.Square {
	if c == chess.White {
		return set.Lsb()
	}
	return chess.Square(63 - bits.LeadingZeros64(uint64(set)))
}

// shelterIndex says, for file f around our king: how many ranks ahead of
// the king our nearest pawn there stands (0: none), how many ranks ahead
// their nearest pawn there stands (0: none) and whether our pawn stops it.
func shelterIndex(p *chess.Position, us chess.Color, k chess.Square, f int) (own, storm int, blocked bool) {
	kr := relativeRank(us, k)
	ahead := forwardRanks[us][k.Rank()] & fileMask[f]
	ourPawns := p.Pieces(us, chess.Pawn)
	if b := ourPawns & ahead; b != 0 {
		own = relativeRank(us, nearest(us, b)) - kr
	}
	if b := p.Pieces(us.Other(), chess.Pawn) & ahead; b != 0 {
		sq := nearest(us, b)
		storm = relativeRank(us, sq) - kr
		blocked = ourPawns.Has(stopSquare(us.Other(), sq))
	}
	return own, storm, blocked
}

// kingShelterScore is our king's pawn shelter and the enemy pawn storm.
func kingShelterScore(p *chess.Position, us chess.Color) score {
	k := p.KingSquare(us)
	var sc score
	lo, hi := shelterFiles(k.File())
	for f := lo; f <= hi; f++ {
		own, storm, blocked := shelterIndex(p, us, k, f)
		sc = sc.add(kingShelter[b2i(f == k.File())][own]).add(kingStorm[b2i(blocked)][storm])
	}
	return sc
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
