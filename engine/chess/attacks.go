package chess

// Attack tables. Sliding pieces use magic bitboards; the magic numbers are
// constants (magics_table.go) that magics_test.go finds again with a seeded
// search, so none of them is opaque. The tables themselves are Go literals
// (attacks_table.go, written by attacks_build_test.go): built at start-up
// they were 870 kB of memory written by every autoplay process, --help
// included, a quarter of its page faults; as literals they are pages of the
// program file, read only where a lookup lands.

//go:generate go test -run TestAttackTablesAreGenerated -update-tables .

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

// slideTableSize is the entries of all squares' tables: 2^(mask bits) each.
const slideTableSize = 102400 + 5248
