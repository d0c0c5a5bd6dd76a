package xboard

import "github.com/autoplay/autoplay/protocol"

// maxMoveText is room for any SAN move ("exf8=Q+", "Qh4xe1#") and the longer
// fairy and long-algebraic forms ("Pe7-e8=Q+"), stored inline.
const maxMoveText = 15

// MoveText is a move exactly as an engine wrote it, coordinate (e2e4, e7e8q)
// or SAN (Nf3, exf8=Q+, O-O) when the engine declared san=1. It is stored
// inline so reading it never allocates; the driver converts SAN.
type MoveText struct {
	b [maxMoveText]byte
	n uint8
}

// newMoveText copies tok, reporting false when it is empty or too long.
func newMoveText(tok []byte) (MoveText, bool) {
	var m MoveText
	if len(tok) == 0 || len(tok) > maxMoveText {
		return m, false
	}
	m.n = uint8(copy(m.b[:], tok))
	return m, true
}

// MoveTextOf returns s as a MoveText, for tests and tables; s is cut to the
// maximum length.
func MoveTextOf(s string) MoveText {
	var m MoveText
	m.n = uint8(copy(m.b[:], s))
	return m
}

// IsZero reports whether m holds no move.
func (m MoveText) IsZero() bool { return m.n == 0 }

// String returns the move text.
func (m MoveText) String() string { return string(m.b[:m.n]) }

// AppendTo appends the move text to dst.
func (m MoveText) AppendTo(dst []byte) []byte { return append(dst, m.b[:m.n]...) }

// Coord returns m as a coordinate move, with false when it is not one (SAN).
func (m MoveText) Coord() (protocol.Move, bool) { return protocol.ParseMove(m.b[:m.n]) }
