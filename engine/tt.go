package engine

import "github.com/autoplay/autoplay/engine/chess"

// TT is the transposition table: a power-of-two array of two-entry buckets
// indexed by the position hash. A new entry replaces the same position's,
// else the shallower or older of the two.
//
// An entry is 16 bytes, so a bucket is 32 and never straddles a 64-byte
// cache line (the array is allocated page-aligned): a probe costs one
// memory access, the search's most frequent miss.
type TT struct {
	entries []ttEntry // nil until first used: see Resize
	mask    uint64    // entries to hold, less one
	age     uint8     // of the current search, modulo ageLimit
	cold    bool      // fresh memory not yet written: see Warm
}

type ttEntry struct {
	key      uint64
	move     chess.Move
	score    int16
	eval     int16
	depth    int8
	ageBound uint8 // the search's age in the high six bits, the bound in the low two
}

// ageLimit is where the age of searches wraps: six bits of ageBound.
const ageLimit = 64

func (e *ttEntry) bound() uint8 { return e.ageBound & 3 }
func (e *ttEntry) age() uint8   { return e.ageBound >> 2 }

// decides reports whether the entry's score sc (from this ply's view) is
// the node's value for a window (alpha, beta): exact, or a bound beyond it.
func (e *ttEntry) decides(sc, alpha, beta int) bool {
	b := e.bound()
	return b == boundExact || (b == boundLower && sc >= beta) || (b == boundUpper && sc <= alpha)
}

const (
	boundNone  = 0
	boundUpper = 1
	boundLower = 2
	boundExact = 3
)

// NewTT returns a table using about mb megabytes (at least one entry).
func NewTT(mb int) *TT {
	t := &TT{}
	t.Resize(mb)
	return t
}

// Resize sizes the table to about mb megabytes, empty. It is allocated on
// first use (Warm, Clear or a search), not here: 16 MB allocated at start
// set off a garbage collection (the heap's first goal is 4 MB), 170 of
// the 540 page faults of an engine that answers uci and quits.
func (t *TT) Resize(mb int) {
	n := uint64(2)
	for n*2*16 <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	t.entries = nil
	t.mask = n - 1
	t.cold = true
}

// allocate makes the table Resize sized, if it has not been made yet.
func (t *TT) allocate() {
	if t.entries == nil {
		t.entries = make([]ttEntry, t.mask+1)
	}
}

// Warm writes a freshly allocated table's memory, which the system maps
// on first touch: done at isready, it spares the first search thousands
// of page faults on the clock.
func (t *TT) Warm() {
	if t.cold {
		t.Clear()
	}
}

// Clear empties the table, for a new game.
func (t *TT) Clear() {
	t.allocate()
	clear(t.entries)
	t.age = 0
	t.cold = false
}

// newSearch starts a search's age, on a table made if none was (a search
// without isready, or bench's).
func (t *TT) newSearch() {
	t.allocate()
	t.age = (t.age + 1) % ageLimit
}

func (t *TT) probe(key uint64) (ttEntry, bool) {
	i := key & t.mask &^ 1
	if e := t.entries[i]; e.key == key && e.bound() != boundNone {
		return e, true
	}
	e := t.entries[i+1]
	return e, e.key == key && e.bound() != boundNone
}

func (t *TT) store(key uint64, m chess.Move, sc, eval, depth int, bound uint8) {
	i := key & t.mask &^ 1
	e := &t.entries[i]
	if e.key != key {
		if o := &t.entries[i+1]; o.key == key || t.worth(o) < t.worth(e) {
			e = o
		}
	}
	if e.key == key && e.age() == t.age && int(e.depth) > depth+2 && bound != boundExact {
		return
	}
	if m == chess.NoMove && e.key == key {
		m = e.move
	}
	*e = ttEntry{key: key, move: m, score: int16(sc), eval: int16(eval), depth: int8(max(min(depth, 127), -1)), ageBound: t.age<<2 | bound}
}

// worth ranks entries for replacement: deep entries of this search stay.
func (t *TT) worth(e *ttEntry) int {
	if e.bound() == boundNone {
		return -1000
	}
	w := int(e.depth)
	if e.age() != t.age {
		w -= 100
	}
	return w
}

// HashFull returns the permille of the first thousand entries used by the
// current search, as UCI's hashfull reports.
func (t *TT) HashFull() int {
	n := min(1000, len(t.entries))
	used := 0
	for i := 0; i < n; i++ {
		if e := &t.entries[i]; e.bound() != boundNone && e.age() == t.age {
			used++
		}
	}
	return used * 1000 / n
}
