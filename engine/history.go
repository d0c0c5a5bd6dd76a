package engine

import "github.com/autoplay/autoplay/engine/chess"

// Quiet moves have no material gain to order them by, so the search orders
// them by what refuted before: a butterfly table per side (from, to), and
// continuation tables keyed by the move one and two plies earlier, which
// learn answers to a particular move ("after Nf3, ...Nc6 was good").

// pieceTo names a move by the piece that moves and its destination: 12
// pieces x 64 squares. noPieceTo marks a ply that made no move (the root's
// parents, a null move).
type pieceTo uint16

const noPieceTo pieceTo = 12 * 64

func pieceToOf(pc chess.Piece, to chess.Square) pieceTo {
	return pieceTo((int(pc.Color())*6+int(pc.Type())-1)*64 + int(to))
}

// movePieceTo is m's pieceTo in p, before m is made.
func movePieceTo(p *chess.Position, m chess.Move) pieceTo {
	return pieceToOf(p.PieceAt(m.From()), m.To())
}

// contHistory scores a move (pieceTo) after an earlier one (pieceTo); the
// extra row is for noPieceTo and never updated.
type contHistory [noPieceTo + 1][noPieceTo]int16

// gravity returns v after a reward (bonus > 0) or a penalty (bonus < 0):
// the step shrinks as v nears ±16384, which bounds every entry (an int16
// holds it).
func gravity(v, bonus int32) int32 {
	return v + 32*bonus - v*abs32(bonus)/512
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// quietHistory is the ordering score of quiet move m for the side to move
// at ply.
func (s *Searcher) quietHistory(m chess.Move, pc chess.Piece, ply int) int32 {
	pt := pieceToOf(pc, m.To())
	h := s.history[pc.Color()][m.From()][m.To()]
	return h + int32(s.cont[s.prevMove(ply, 1)][pt]) + int32(s.cont[s.prevMove(ply, 2)][pt])
}

// prevMove is the move made back plies before the position at ply.
func (s *Searcher) prevMove(ply, back int) pieceTo {
	if ply < back {
		return noPieceTo
	}
	return s.moveAt[ply-back]
}
