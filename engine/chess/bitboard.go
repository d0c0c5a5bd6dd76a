package chess

import "math/bits"

// Bitboard is a set of squares, bit i for square i (a1=0, h8=63).
type Bitboard uint64

// Square is a board square, a1=0, b1=1, ..., h8=63.
type Square int8

// NoSquare marks "no square", e.g. no en-passant target.
const NoSquare Square = -1

// File returns the file 0..7 (a..h).
func (s Square) File() int { return int(s) & 7 }

// Rank returns the rank 0..7 (1..8).
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the square's name, e.g. "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// MakeSquare returns the square on file f and rank r (both 0..7).
func MakeSquare(f, r int) Square { return Square(r*8 + f) }

func (b Bitboard) has(s Square) bool { return b&(1<<uint(s)) != 0 }

func sqBB(s Square) Bitboard { return 1 << uint(s) }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// lsb returns the lowest square in b, which must not be empty.
func (b Bitboard) lsb() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// pop removes and returns the lowest square of *b.
func (b *Bitboard) pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// more reports whether b has more than one square.
func (b Bitboard) more() bool { return b&(b-1) != 0 }

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xff
	rank2 Bitboard = rank1 << 8
	rank3 Bitboard = rank1 << 16
	rank6 Bitboard = rank1 << 40
	rank7 Bitboard = rank1 << 48
	rank8 Bitboard = rank1 << 56

	darkSquares Bitboard = 0xaa55aa55aa55aa55
)
