package chess

import "math/bits"

// Attack tables. Sliding pieces use magic bitboards; the magic numbers are
// constants (magics_table.go) that magics_test.go finds again with a seeded
// search, so none of them is opaque.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// between[a][b] is the squares strictly between a and b on a shared
	// line, empty if they share none.
	between [64][64]Bitboard
	// line[a][b] is the whole board-wide line through a and b, empty if none.
	line [64][64]Bitboard

	rookMagics   [64]magic
	bishopMagics [64]magic
	slideTable   []Bitboard
)

type magic struct {
	mask  Bitboard
	magic uint64
	shift uint8
	off   uint32
}

func (m *magic) index(occ Bitboard) uint32 {
	return m.off + uint32((uint64(occ&m.mask)*m.magic)>>m.shift)
}

func rookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return slideTable[m.index(occ)]
}

func bishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return slideTable[m.index(occ)]
}

func queenAttacks(s Square, occ Bitboard) Bitboard {
	return rookAttacks(s, occ) | bishopAttacks(s, occ)
}

var rookDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// slowSlide walks the rays square by square; it builds the tables and
// checks them in tests.
func slowSlide(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := MakeSquare(f, r)
			a |= sqBB(t)
			if occ.has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return a
}

// raysFrom are a slider's four empty-board rays from every square, for
// filling the magic tables: slide cuts each ray at its first blocker with
// a bit scan where slowSlide walks it, a third of the start-up of every
// autoplay process (slot processes included) before.
type raysFrom struct {
	ray [4][64]Bitboard
	up  [4]bool // the ray runs to higher squares: its first blocker is its lowest
}

func (r *raysFrom) build(dirs [4][2]int) {
	for i, d := range dirs {
		r.up[i] = d[1] > 0 || d[1] == 0 && d[0] > 0
		for s := Square(0); s < 64; s++ {
			r.ray[i][s] = slowSlide(s, 0, [4][2]int{d, d, d, d})
		}
	}
}

func (r *raysFrom) slide(s Square, occ Bitboard) Bitboard {
	var a Bitboard
	for i := range r.ray {
		ray := r.ray[i][s]
		a |= ray
		if blockers := ray & occ; blockers != 0 {
			first := blockers.lsb()
			if !r.up[i] {
				first = Square(63 - bits.LeadingZeros64(uint64(blockers)))
			}
			a &^= r.ray[i][first]
		}
	}
	return a
}

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if ff, rr := f+d[0], r+d[1]; ff >= 0 && ff < 8 && rr >= 0 && rr < 8 {
				knightAttacks[s] |= sqBB(MakeSquare(ff, rr))
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if ff, rr := f+df, r+dr; (df != 0 || dr != 0) && ff >= 0 && ff < 8 && rr >= 0 && rr < 8 {
					kingAttacks[s] |= sqBB(MakeSquare(ff, rr))
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if ff := f + df; ff >= 0 && ff < 8 {
				if r < 7 {
					pawnAttacks[White][s] |= sqBB(MakeSquare(ff, r+1))
				}
				if r > 0 {
					pawnAttacks[Black][s] |= sqBB(MakeSquare(ff, r-1))
				}
			}
		}
	}
	initMagics()
	// The lines and the squares between, from the tables just built.
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			for _, attacks := range [2]func(Square, Bitboard) Bitboard{rookAttacks, bishopAttacks} {
				if attacks(a, 0).has(b) {
					line[a][b] = (attacks(a, 0) & attacks(b, 0)) | sqBB(a) | sqBB(b)
					between[a][b] = attacks(a, sqBB(b)) & attacks(b, sqBB(a))
				}
			}
		}
	}
}

// edgesFor returns the board edges that do not matter for a slider on s.
func edgesFor(s Square) Bitboard {
	return ((rank1 | rank8) &^ (rank1 << (8 * uint(s.Rank())))) |
		((fileA | fileH) &^ (fileA << uint(s.File())))
}

// slideTableSize is the entries of all squares' tables: 2^(mask bits) each.
const slideTableSize = 102400 + 5248

func initMagics() {
	slideTable = make([]Bitboard, 0, slideTableSize)
	for _, kind := range []struct {
		table   *[64]magic
		numbers *[64]uint64
		dirs    [4][2]int
	}{{&rookMagics, &rookMagicNumbers, rookDirs}, {&bishopMagics, &bishopMagicNumbers, bishopDirs}} {
		var rays raysFrom
		rays.build(kind.dirs)
		for s := Square(0); s < 64; s++ {
			m := &kind.table[s]
			m.mask = slowSlide(s, 0, kind.dirs) &^ edgesFor(s)
			m.shift = uint8(64 - m.mask.Count())
			m.off = uint32(len(slideTable))
			m.magic = kind.numbers[s]
			slideTable = append(slideTable, make([]Bitboard, 1<<m.mask.Count())...)
			for sub := Bitboard(0); ; sub = (sub - m.mask) & m.mask {
				slideTable[m.index(sub)] = rays.slide(s, sub)
				if sub == m.mask {
					break
				}
			}
		}
	}
}
