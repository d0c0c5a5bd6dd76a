package chess

import "testing"

// findMagics is the seeded search the constants in magics_table.go came
// from: for each square, sparse candidates from one xorshift stream, the
// first that maps every blocker subset to a slot without a wrong collision.
func findMagics(dirs [4][2]int) [64]uint64 {
	rng := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng
	}
	var found [64]uint64
	var occs, refs, used [4096]Bitboard
	var epoch [4096]int
	// One stream for rooks then bishops, as the numbers were first drawn.
	for _, d := range [][4][2]int{rookDirs, bishopDirs} {
		for s := Square(0); s < 64; s++ {
			mask := slowSlide(s, 0, d) &^ edgesFor(s)
			shift := 64 - mask.Count()
			size := 0
			for sub := Bitboard(0); ; sub = (sub - mask) & mask {
				occs[size], refs[size] = sub, slowSlide(s, sub, d)
				size++
				if sub == mask {
					break
				}
			}
			for i := range epoch {
				epoch[i] = 0
			}
			for try := 1; ; try++ {
				a, b, c := next(), next(), next() // sparse candidates, drawn in order
				mg := a & b & c
				if Bitboard((uint64(mask)*mg)>>56).Count() < 6 {
					continue
				}
				ok := true
				for i := 0; i < size && ok; i++ {
					idx := (uint64(occs[i]) * mg) >> shift
					if epoch[idx] != try {
						epoch[idx], used[idx] = try, refs[i]
					} else if used[idx] != refs[i] {
						ok = false
					}
				}
				if ok {
					if d == dirs {
						found[s] = mg
					}
					break
				}
			}
		}
	}
	return found
}

func TestMagicNumbersAreTheSearchsOwn(t *testing.T) {
	if got := findMagics(rookDirs); got != rookMagicNumbers {
		t.Errorf("rook magics differ from the search's")
	}
	if got := findMagics(bishopDirs); got != bishopMagicNumbers {
		t.Errorf("bishop magics differ from the search's")
	}
}

// Every blocker subset of every square looks up the attacks a ray walk finds.
func TestMagicTablesMatchRayWalks(t *testing.T) {
	if len(slideTable) != slideTableSize || cap(slideTable) != slideTableSize {
		t.Errorf("slide table: %d entries, capacity %d; slideTableSize says %d", len(slideTable), cap(slideTable), slideTableSize)
	}
	for s := Square(0); s < 64; s++ {
		for _, c := range []struct {
			m       *magic
			dirs    [4][2]int
			attacks func(Square, Bitboard) Bitboard
		}{{&rookMagics[s], rookDirs, rookAttacks}, {&bishopMagics[s], bishopDirs, bishopAttacks}} {
			for sub := Bitboard(0); ; sub = (sub - c.m.mask) & c.m.mask {
				if got, want := c.attacks(s, sub|^c.m.mask&0x8100000000000081), slowSlide(s, sub, c.dirs); got != want {
					t.Fatalf("square %d occupancy %x: %x, want %x", s, uint64(sub), uint64(got), uint64(want))
				}
				if sub == c.m.mask {
					break
				}
			}
		}
	}
}
