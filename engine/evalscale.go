package engine

import "github.com/autoplay/autoplay/engine/chess"

// Endgame scaling: some material balances look won to the piece-square sum
// but are known draws (a lone minor piece, a rook against a minor, opposite
// bishops, the wrong bishop with a rook pawn). Evaluate multiplies the
// endgame half of its score by endgameScale/scaleNormal, so the search stops
// steering into these endings as if they were wins. Only popcounts and table
// lookups: it runs at every node.

// scaleNormal leaves the endgame score unchanged.
const scaleNormal = 64

const (
	scaleDraw            = 0  // cannot win at all
	scaleMinorUp         = 6  // up at most a minor without pawns: rarely won
	scaleOppositeBishops = 22 // bishops on opposite colours: often drawn
)

// darkSquares holds a1, c1, ..., the squares a dark-squared bishop controls.
const darkSquares chess.Bitboard = 0xaa55aa55aa55aa55

// nonPawnMaterial counts c's pieces in the textbook units N=B=3, R=5, Q=9:
// the drawn classes are defined by those, not by the tuned values.
func nonPawnMaterial(p *chess.Position, c chess.Color) int {
	return 3*(p.Pieces(c, chess.Knight)|p.Pieces(c, chess.Bishop)).Count() +
		5*p.Pieces(c, chess.Rook).Count() + 9*p.Pieces(c, chess.Queen).Count()
}

// endgameScale returns the factor, in 64ths, for the endgame score eg
// (White's point of view); the strong side is the one eg favours.
func endgameScale(p *chess.Position, eg int32) int32 {
	strong := chess.White
	if eg < 0 {
		strong = chess.Black
	}
	weak := strong.Other()
	strongPawns := p.Pieces(strong, chess.Pawn)
	strongMat, weakMat := nonPawnMaterial(p, strong), nonPawnMaterial(p, weak)

	if strongPawns == 0 {
		// A lone king or a king and one minor piece cannot mate.
		if strongMat <= 3 {
			return scaleDraw
		}
		// Rook against minor, rook and minor against rook, and the like.
		if strongMat-weakMat <= 3 {
			return scaleMinorUp
		}
		return scaleNormal
	}

	// The remaining rules want the strong side's only piece to be a bishop.
	strongBishops := p.Pieces(strong, chess.Bishop)
	if strongMat != 3 || strongBishops == 0 {
		return scaleNormal
	}

	// Opposite bishops and nothing else: the defender blockades on the
	// squares the attacker's bishop cannot touch.
	weakBishops := p.Pieces(weak, chess.Bishop)
	if weakMat == 3 && weakBishops != 0 &&
		(strongBishops&darkSquares == 0) != (weakBishops&darkSquares == 0) {
		return scaleOppositeBishops
	}

	// Wrong bishop and rook pawn(s): a king in front of the corner the
	// bishop does not control cannot be driven out.
	if weakMat != 0 {
		return scaleNormal
	}
	var file int
	switch {
	case strongPawns&^fileMask[0] == 0:
		file = 0
	case strongPawns&^fileMask[7] == 0:
		file = 7
	default:
		return scaleNormal
	}
	promo := chess.MakeSquare(file, 7)
	if strong == chess.Black {
		promo = chess.MakeSquare(file, 0)
	}
	if darkSquares.Has(promo) == (strongBishops&darkSquares != 0) {
		return scaleNormal // the bishop covers the corner
	}
	if (chess.KingAttacks(promo) | chess.SquareSet(promo)).Has(p.KingSquare(weak)) {
		return scaleDraw
	}
	return scaleNormal
}
