package chess

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"math/bits"
	"os"
	"testing"
)

// The builder of attacks_table.go: the attack tables and Zobrist keys
// computed from their definitions, written as Go literals.

var updateTables = flag.Bool("update-tables", false, "write attacks_table.go from the builder")

const attackTablesFile = "attacks_table.go"

// attackTables is everything attacks_table.go holds.
type attackTables struct {
	knight, king             [64]Bitboard
	pawn                     [2][64]Bitboard
	between, line            [64][64]Bitboard
	rookMagics, bishopMagics [64]magic
	slide                    []Bitboard
	zPiece                   [16][64]uint64
	zCastle                  [16]uint64
	zEP                      [8]uint64
	zSide                    uint64
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

// raysFrom are a slider's four empty-board rays from every square: slide
// cuts each ray at its first blocker with a bit scan where slowSlide walks it.
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

// edgesFor returns the board edges that do not matter for a slider on s.
func edgesFor(s Square) Bitboard {
	return ((rank1 | rank8) &^ (rank1 << (8 * uint(s.Rank())))) |
		((fileA | fileH) &^ (fileA << uint(s.File())))
}

func buildAttackTables() *attackTables {
	t := &attackTables{}
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if ff, rr := f+d[0], r+d[1]; ff >= 0 && ff < 8 && rr >= 0 && rr < 8 {
				t.knight[s] |= sqBB(MakeSquare(ff, rr))
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if ff, rr := f+df, r+dr; (df != 0 || dr != 0) && ff >= 0 && ff < 8 && rr >= 0 && rr < 8 {
					t.king[s] |= sqBB(MakeSquare(ff, rr))
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if ff := f + df; ff >= 0 && ff < 8 {
				if r < 7 {
					t.pawn[White][s] |= sqBB(MakeSquare(ff, r+1))
				}
				if r > 0 {
					t.pawn[Black][s] |= sqBB(MakeSquare(ff, r-1))
				}
			}
		}
	}
	t.buildMagics()
	// The lines and the squares between, from the rays.
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			for _, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
				if slowSlide(a, 0, dirs).has(b) {
					t.line[a][b] = (slowSlide(a, 0, dirs) & slowSlide(b, 0, dirs)) | sqBB(a) | sqBB(b)
					t.between[a][b] = slowSlide(a, sqBB(b), dirs) & slowSlide(b, sqBB(a), dirs)
				}
			}
		}
	}
	t.buildZobrist()
	return t
}

func (t *attackTables) buildMagics() {
	t.slide = make([]Bitboard, 0, slideTableSize)
	for _, kind := range []struct {
		table   *[64]magic
		numbers *[64]uint64
		dirs    [4][2]int
	}{{&t.rookMagics, &rookMagicNumbers, rookDirs}, {&t.bishopMagics, &bishopMagicNumbers, bishopDirs}} {
		var rays raysFrom
		rays.build(kind.dirs)
		for s := Square(0); s < 64; s++ {
			m := &kind.table[s]
			m.mask = slowSlide(s, 0, kind.dirs) &^ edgesFor(s)
			m.shift = uint8(64 - m.mask.Count())
			m.off = uint32(len(t.slide))
			m.magic = kind.numbers[s]
			t.slide = append(t.slide, make([]Bitboard, 1<<m.mask.Count())...)
			for sub := Bitboard(0); ; sub = (sub - m.mask) & m.mask {
				t.slide[m.index(sub)] = rays.slide(s, sub)
				if sub == m.mask {
					break
				}
			}
		}
	}
}

// buildZobrist draws the Zobrist keys from a fixed seed (splitmix64), so
// hashes are the same in every run.
func (t *attackTables) buildZobrist() {
	s := uint64(0x2545F4914F6CDD1D)
	next := func() uint64 {
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for p := range t.zPiece {
		for sq := range t.zPiece[p] {
			t.zPiece[p][sq] = next()
		}
	}
	for i := range t.zCastle {
		t.zCastle[i] = next()
	}
	for i := range t.zEP {
		t.zEP[i] = next()
	}
	t.zSide = next()
}

// source is attacks_table.go's text for t.
func (t *attackTables) source() []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by attacks_build_test.go (go generate ./engine/chess); DO NOT EDIT.\n\n")
	b.WriteString("package chess\n")
	values := func(vals []uint64) {
		for i, v := range vals {
			if i%8 == 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "%#x,", v)
		}
	}
	// table writes var name = typ{...} of one row, or of rows each in braces.
	table := func(doc, name, typ string, rows ...[]uint64) {
		fmt.Fprintf(&b, "\n// %s\nvar %s = %s{", doc, name, typ)
		if len(rows) == 1 {
			values(rows[0])
		} else {
			for _, r := range rows {
				b.WriteString("\n{")
				values(r)
				b.WriteString("},")
			}
		}
		b.WriteString("\n}\n")
	}
	u := func(bbs []Bitboard) []uint64 {
		out := make([]uint64, len(bbs))
		for i, v := range bbs {
			out[i] = uint64(v)
		}
		return out
	}
	squares := func(t *[64][64]Bitboard) [][]uint64 {
		var rows [][]uint64
		for a := range t {
			rows = append(rows, u(t[a][:]))
		}
		return rows
	}
	table("knightAttacks[s] is the squares a knight on s attacks.", "knightAttacks", "[64]Bitboard", u(t.knight[:]))
	table("kingAttacks[s] is the squares a king on s attacks.", "kingAttacks", "[64]Bitboard", u(t.king[:]))
	table("pawnAttacks[c][s] is the squares a pawn of color c on s attacks.", "pawnAttacks", "[2][64]Bitboard", u(t.pawn[White][:]), u(t.pawn[Black][:]))
	table("between[a][b] is the squares strictly between a and b on a shared line, empty if they share none.", "between", "[64][64]Bitboard", squares(&t.between)...)
	table("line[a][b] is the whole board-wide line through a and b, empty if none.", "line", "[64][64]Bitboard", squares(&t.line)...)
	for _, m := range []struct {
		name, piece string
		ms          *[64]magic
	}{{"rookMagics", "rook", &t.rookMagics}, {"bishopMagics", "bishop", &t.bishopMagics}} {
		fmt.Fprintf(&b, "\n// %s: a %s's relevant blockers, magic, shift and offset in slideTable, by square.\nvar %s = [64]magic{", m.name, m.piece, m.name)
		for _, x := range m.ms {
			fmt.Fprintf(&b, "\n{%#x, %#x, %d, %d},", uint64(x.mask), x.magic, x.shift, x.off)
		}
		b.WriteString("\n}\n")
	}
	table("slideTable holds every square's sliding attacks for every blocker subset, at its magic's offset.", "slideTable", "[slideTableSize]Bitboard", u(t.slide))
	var zPiece [][]uint64
	for p := range t.zPiece {
		zPiece = append(zPiece, t.zPiece[p][:])
	}
	table("Zobrist keys of a piece on a square, drawn from a fixed seed so hashes are the same in every run (splitmix64).", "zPiece", "[16][64]uint64", zPiece...)
	table("Zobrist keys of the castling rights.", "zCastle", "[16]uint64", t.zCastle[:])
	table("Zobrist keys of the en passant file.", "zEP", "[8]uint64", t.zEP[:])
	fmt.Fprintf(&b, "\n// zSide is the Zobrist key of black to move.\nvar zSide uint64 = %#x\n", t.zSide)
	src, err := format.Source(b.Bytes())
	if err != nil {
		panic(err)
	}
	return src
}

// attacks_table.go is what the builder writes today: a change to a
// definition above, or to the file by hand, fails here until the file is
// written again (go generate ./engine/chess).
func TestAttackTablesAreGenerated(t *testing.T) {
	want := buildAttackTables().source()
	if *updateTables {
		if err := os.WriteFile(attackTablesFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(attackTablesFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the builder writes: run go generate ./engine/chess", attackTablesFile)
	}
}
