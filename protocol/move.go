// Package protocol holds the typed values that cross the boundary between a
// chess GUI (the runner) and a chess engine: moves, search info, scores.
// Protocol text lives in the subpackages uci and xboard.
package protocol

import (
	"bytes"
	"fmt"
)

// maxMoveLen is the longest coordinate move text: "e7e8q" is 5, Chess960
// king-takes-rook castling "e1h1" is 4; 7 leaves room for "(none)"-style
// markers without ever allocating.
const maxMoveLen = 7

// Move is a move in coordinate notation (e2e4, e7e8q, 0000), stored inline so
// that reading, copying and relaying it never allocates.
//
// A castling move checked by a board also knows its rook's file, so that it
// can be written in either convention engines use: the king's step (e1g1,
// standard UCI and XBoard) or king-takes-rook (e1h1, UCI_Chess960). Moves
// as engines send them carry no such mark.
type Move struct {
	text     [maxMoveLen]byte
	n        uint8
	rookFile uint8 // castling: 'a'..'h', the rook's file; otherwise 0
}

// ParseMove reads a move token. It checks only the shape (squares a1..h8, an
// optional promotion letter, or the null move 0000), not legality. The
// variants' moves have shapes of their own: a drop from the pocket
// ("N@f3", "P@e4") and a promotion to king ("a7a8k", antichess); only a
// variant's board finds them legal, so a chess game still refuses them.
func ParseMove(tok []byte) (Move, bool) {
	var m Move
	switch {
	case len(tok) == 4 && string(tok) == "0000":
	case len(tok) == 4 && tok[1] == '@' && isDropped(tok[0]) && isSquare(tok[2], tok[3]):
	case (len(tok) == 4 || len(tok) == 5) && isSquare(tok[0], tok[1]) && isSquare(tok[2], tok[3]):
		if len(tok) == 5 && !isPromotion(tok[4]) {
			return Move{}, false
		}
	default:
		return Move{}, false
	}
	m.n = uint8(copy(m.text[:], tok))
	return m, true
}

// MustParseMove is ParseMove for tests and tables; it panics on bad input.
func MustParseMove(s string) Move {
	m, ok := ParseMove([]byte(s))
	if !ok {
		panic("protocol: bad move " + s)
	}
	return m
}

// IsZero reports whether m is the zero value (no move).
func (m Move) IsZero() bool { return m.n == 0 }

// IsNull reports whether m is the null move 0000.
func (m Move) IsNull() bool { return m.n == 4 && string(m.text[:4]) == "0000" }

// String returns the move text, e.g. "e2e4".
func (m Move) String() string { return string(m.text[:m.n]) }

// AppendTo appends the move text to dst without allocating.
func (m Move) AppendTo(dst []byte) []byte { return append(dst, m.text[:m.n]...) }

// Castling marks m, written as the king's step, as castling with the rook
// on file rookFile ('a'..'h').
func (m Move) Castling(rookFile byte) Move {
	m.rookFile = rookFile
	return m
}

// IsCastling reports whether m was marked as castling by a board.
func (m Move) IsCastling() bool { return m.rookFile != 0 }

// AppendKingTakesRook appends m as king-takes-rook (e1h1) if it is castling,
// else as it is.
func (m Move) AppendKingTakesRook(dst []byte) []byte {
	if m.rookFile == 0 {
		return m.AppendTo(dst)
	}
	return append(dst, m.text[0], m.text[1], m.rookFile, m.text[1])
}

// AppendAs appends m in the castling convention a receiver expects.
func (m Move) AppendAs(dst []byte, kingTakesRook bool) []byte {
	if kingTakesRook {
		return m.AppendKingTakesRook(dst)
	}
	return m.AppendTo(dst)
}

// Drop is the piece letter a drop puts on the board (P, N, B, R, Q, as the
// engine wrote it), or 0 when m is not a drop.
func (m Move) Drop() byte {
	if m.n == 4 && m.text[1] == '@' {
		return m.text[0]
	}
	return 0
}

// Bytes returns the move text as a slice of a copy of m.
func (m *Move) Bytes() []byte { return m.text[:m.n] }

// From returns the origin square as file 0..7 and rank 0..7 (a drop's is
// its destination).
func (m Move) From() (file, rank int) {
	if m.Drop() != 0 {
		return m.To()
	}
	return int(m.text[0] - 'a'), int(m.text[1] - '1')
}

// To returns the destination square as file 0..7 and rank 0..7.
func (m Move) To() (file, rank int) { return int(m.text[2] - 'a'), int(m.text[3] - '1') }

// Promotion returns the promotion piece letter (q, r, b, n, or antichess's
// k) or 0.
func (m Move) Promotion() byte {
	if m.n == 5 {
		return m.text[4]
	}
	return 0
}

func isSquare(file, rank byte) bool { return file >= 'a' && file <= 'h' && rank >= '1' && rank <= '8' }

func isPromotion(c byte) bool { return c == 'q' || c == 'r' || c == 'b' || c == 'n' || c == 'k' }

// isDropped reports whether c names a piece a drop may put down.
func isDropped(c byte) bool {
	switch c | 0x20 { // either case
	case 'p', 'n', 'b', 'r', 'q':
		return true
	}
	return false
}

// MarshalText writes the move as its text, a castling move's rook file
// after a slash ("e1g1/h"), so that it reads back the same.
func (m Move) MarshalText() ([]byte, error) {
	b := m.AppendTo(nil)
	if m.rookFile != 0 {
		b = append(b, '/', m.rookFile)
	}
	return b, nil
}

// UnmarshalText reads what MarshalText wrote.
func (m *Move) UnmarshalText(b []byte) error {
	text, rook, castling := bytes.Cut(b, []byte("/"))
	mv, ok := ParseMove(text)
	if !ok || castling && (len(rook) != 1 || rook[0] < 'a' || rook[0] > 'h') {
		return fmt.Errorf("protocol: bad move %q", b)
	}
	if castling {
		mv = mv.Castling(rook[0])
	}
	*m = mv
	return nil
}
