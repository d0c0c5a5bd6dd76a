// Package protocol holds the typed values that cross the boundary between a
// chess GUI (the runner) and a chess engine: moves, search info, scores.
// Protocol text lives in the subpackages uci and xboard.
package protocol

// maxMoveLen is the longest coordinate move text: "e7e8q" is 5, Chess960
// king-takes-rook castling "e1h1" is 4; 7 leaves room for "(none)"-style
// markers without ever allocating.
const maxMoveLen = 7

// Move is a move in coordinate notation (e2e4, e7e8q, 0000), stored inline so
// that reading, copying and relaying it never allocates.
type Move struct {
	text [maxMoveLen]byte
	n    uint8
}

// ParseMove reads a move token. It checks only the shape (squares a1..h8, an
// optional promotion letter, or the null move 0000), not legality.
func ParseMove(tok []byte) (Move, bool) {
	var m Move
	switch {
	case len(tok) == 4 && string(tok) == "0000":
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

// Bytes returns the move text as a slice of a copy of m.
func (m *Move) Bytes() []byte { return m.text[:m.n] }

// From returns the origin square as file 0..7 and rank 0..7.
func (m Move) From() (file, rank int) { return int(m.text[0] - 'a'), int(m.text[1] - '1') }

// To returns the destination square as file 0..7 and rank 0..7.
func (m Move) To() (file, rank int) { return int(m.text[2] - 'a'), int(m.text[3] - '1') }

// Promotion returns the promotion piece letter (q, r, b, n) or 0.
func (m Move) Promotion() byte {
	if m.n == 5 {
		return m.text[4]
	}
	return 0
}

func isSquare(file, rank byte) bool { return file >= 'a' && file <= 'h' && rank >= '1' && rank <= '8' }

func isPromotion(c byte) bool { return c == 'q' || c == 'r' || c == 'b' || c == 'n' }
