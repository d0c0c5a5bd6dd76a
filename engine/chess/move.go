package chess

import "github.com/autoplay/autoplay/protocol"

// Move is a move packed into 16 bits: from (6), to (6), promotion piece (2),
// kind (2). Castling is stored as "king takes own rook" (to is the rook's
// square) so that standard chess and Chess960 share one code path. The top
// four bits, read together as the move's code, also hold what only variants
// play (see variant_move.go): drops and promotion to king.
type Move uint16

// NoMove is the zero Move; it is never a legal move.
const NoMove Move = 0

const (
	kindNormal    = 0 << 14
	kindPromotion = 1 << 14
	kindEnPassant = 2 << 14
	kindCastle    = 3 << 14
	kindMask      = 3 << 14
)

func newMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

func newPromotion(from, to Square, pt PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(pt-Knight)<<12 | kindPromotion
}

// From returns the origin square (the king's square for castling).
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling, the castling rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the piece promoted to, or NoPieceType.
func (m Move) Promotion() PieceType { return promotionOfCode[m>>12] }

// IsCastle reports whether m is a castling move.
func (m Move) IsCastle() bool { return m>>12 == kindCastle>>12 }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m>>12 == kindEnPassant>>12 }

// kingCastleTarget returns where the king ends after castling move m.
func (m Move) castleSquares() (kingTo, rookTo Square) {
	rank := m.From().Rank() * 8
	if m.To() > m.From() {
		return Square(rank + 6), Square(rank + 5)
	}
	return Square(rank + 2), Square(rank + 3)
}

// AppendUCI appends the move in UCI coordinates to dst. Castling is written
// as the king's two-square step in standard chess and as king-takes-rook
// when chess960 is set, as UCI_Chess960 requires.
func (m Move) AppendUCI(dst []byte, chess960 bool) []byte {
	if m == NoMove {
		return append(dst, "0000"...)
	}
	if pt := m.Drop(); pt != NoPieceType {
		return append(dst, " PNBRQK"[pt], '@', byte('a'+m.To().File()), byte('1'+m.To().Rank()))
	}
	to := m.To()
	if m.IsCastle() && !chess960 {
		to, _ = m.castleSquares()
	}
	from := m.From()
	dst = append(dst, byte('a'+from.File()), byte('1'+from.Rank()), byte('a'+to.File()), byte('1'+to.Rank()))
	if p := m.Promotion(); p != NoPieceType {
		dst = append(dst, " pnbrqk"[p])
	}
	return dst
}

// UCI returns the move in standard-chess UCI coordinates, e.g. "e1g1".
func (m Move) UCI() string { return string(m.AppendUCI(nil, false)) }

// String returns the move in UCI coordinates.
func (m Move) String() string { return m.UCI() }

// ProtocolMove converts m to the protocol's move value for position p (the
// position m is played from), honoring p's Chess960 mode.
func (p *Position) ProtocolMove(m Move) protocol.Move {
	var buf [8]byte
	pm, _ := protocol.ParseMove(m.AppendUCI(buf[:0], p.chess960))
	return pm
}

// CanonicalMove is m as a GUI keeps and forwards it: coordinates, castling
// written as the king's step and marked with its rook's file, so that it
// can be written in either castling convention (protocol.Move.Castling).
func (p *Position) CanonicalMove(m Move) protocol.Move {
	var buf [8]byte
	pm, _ := protocol.ParseMove(m.AppendUCI(buf[:0], false))
	if m.IsCastle() {
		rook := m.AppendUCI(buf[:0], true)
		pm = pm.Castling(rook[2])
	}
	return pm
}

// ParseUCI finds the legal move written s in UCI coordinates. Castling is
// accepted both as the king's step (e1g1) and as king-takes-rook (e1h1).
func (p *Position) ParseUCI(s string) (Move, bool) {
	pm, ok := protocol.ParseMove([]byte(s))
	if !ok {
		return p.parseVariantUCI(s)
	}
	return p.FromProtocol(pm)
}

// FromProtocol finds the legal move that pm denotes in p. An exact match wins;
// a castle written as the king's step (e1g1) is the fallback, so a Chess960
// king move like b1c1 is not mistaken for castling.
//
// A move a board marked as castling (protocol.Move.Castling) is castling and
// nothing else, whatever squares its text names.
func (p *Position) FromProtocol(pm protocol.Move) (Move, bool) {
	// Squares, not text, are compared: formatting every legal move to
	// find one was most of the cost of checking an engine's move.
	var ml MoveList
	p.GenerateLegal(&ml)
	return ml.find(pm)
}

// find is the move of the list that pm denotes (see FromProtocol).
func (ml *MoveList) find(pm protocol.Move) (Move, bool) {
	if d := pm.Drop(); d != 0 {
		return ml.findDrop(pm)
	}
	from, to, promo, ok := coordinates(pm.Bytes())
	if !ok {
		return NoMove, false
	}
	if pm.IsCastling() {
		var rook [4]byte
		_, rookSq, _, ok := coordinates(pm.AppendKingTakesRook(rook[:0]))
		for _, m := range ml.Moves() {
			if ok && m.IsCastle() && m.From() == from && m.To() == rookSq {
				return m, true
			}
		}
		return NoMove, false
	}
	var plainCastle Move
	for _, m := range ml.Moves() {
		if m.From() != from {
			continue
		}
		if m.IsCastle() {
			if promo != NoPieceType {
				continue
			}
			if m.To() == to { // king takes rook
				return m, true
			}
			if kingTo, _ := m.castleSquares(); kingTo == to {
				plainCastle = m
			}
			continue
		}
		if m.To() == to && m.Promotion() == promo {
			return m, true
		}
	}
	return plainCastle, plainCastle != NoMove
}

// coordinates reads a coordinate move (e2e4, e7e8q); ok is false for the
// null move and anything else.
func coordinates(b []byte) (from, to Square, promo PieceType, ok bool) {
	if len(b) != 4 && len(b) != 5 {
		return 0, 0, NoPieceType, false
	}
	for i := 0; i < 4; i += 2 {
		if b[i] < 'a' || b[i] > 'h' || b[i+1] < '1' || b[i+1] > '8' {
			return 0, 0, NoPieceType, false
		}
	}
	from = MakeSquare(int(b[0]-'a'), int(b[1]-'1'))
	to = MakeSquare(int(b[2]-'a'), int(b[3]-'1'))
	if len(b) == 5 {
		switch b[4] {
		case 'n':
			promo = Knight
		case 'b':
			promo = Bishop
		case 'r':
			promo = Rook
		case 'q':
			promo = Queen
		case 'k':
			promo = King // antichess; no chess move has it
		default:
			return 0, 0, NoPieceType, false
		}
	}
	return from, to, promo, true
}

// MoveList holds generated moves without allocating in chess, whose
// positions have at most 218 moves. A crazyhouse position with full
// pockets can have several hundred (every drop on every empty square):
// those outgrow the array into more, allocated once for the list. Only the
// variants' generator can outgrow it (push); chess's adds with add, as
// short as it was before variants, so that it stays inlined in the
// generator's loops.
type MoveList struct {
	moves [256]Move
	n     int
	more  []Move // every move once the array was outgrown; nil until then
}

// Moves returns the generated moves; the slice aliases the list.
func (l *MoveList) Moves() []Move {
	if l.more != nil {
		return l.more[:l.n]
	}
	return l.moves[:l.n]
}

// Len returns the number of moves.
func (l *MoveList) Len() int { return l.n }

// add adds a move of chess's generator, which never has more than the
// array holds.
func (l *MoveList) add(m Move) { l.moves[l.n] = m; l.n++ }

// push adds a move of a variant's generator, past the array's end when
// it is full (a crazyhouse position's many drops).
func (l *MoveList) push(m Move) {
	if l.more == nil && l.n < len(l.moves) {
		l.add(m)
		return
	}
	l.pushMore(m)
}

// pushMore adds m past the array's end.
func (l *MoveList) pushMore(m Move) {
	if l.more == nil {
		l.more = append(make([]Move, 0, 2*len(l.moves)), l.moves[:l.n]...)
	}
	l.more = append(l.more[:l.n], m)
	l.n++
}
