package engine

import (
	"testing"
	"unsafe"

	"github.com/autoplay/autoplay/engine/chess"
)

// Two entries must share one 32-byte half of a cache line, and the Hash
// option must mean what it says.
func TestTTEntryIsSixteenBytes(t *testing.T) {
	if n := unsafe.Sizeof(ttEntry{}); n != 16 {
		t.Fatalf("ttEntry is %d bytes, want 16", n)
	}
	tt := NewTT(16)
	tt.Warm()
	if got := uintptr(len(tt.entries)) * unsafe.Sizeof(ttEntry{}); got != 16<<20 {
		t.Fatalf("a 16 MB table holds %d bytes", got)
	}
}

func TestTTKeepsBoundAndAgeApart(t *testing.T) {
	tt := NewTT(1)
	const key = 0x9E3779B97F4A7C15
	for range ageLimit + 3 { // the age wraps past its six bits
		tt.newSearch()
	}
	for _, b := range []uint8{boundUpper, boundLower, boundExact} {
		tt.store(key, chess.Move(77), -123, 45, 9, b)
		e, ok := tt.probe(key)
		if !ok || e.bound() != b || e.age() != tt.age || e.move != 77 || e.score != -123 || e.eval != 45 || e.depth != 9 {
			t.Fatalf("stored bound %d at age %d, probed %+v (bound %d, age %d, found %v)", b, tt.age, e, e.bound(), e.age(), ok)
		}
	}
	if _, ok := tt.probe(key ^ 1<<40); ok {
		t.Fatal("a different key was found")
	}
}

// A resized table is left for Warm (at isready) to write, so that the
// engine answers uci without touching its memory; Warm writes it once.
func TestResizedTableIsWrittenByWarmOnce(t *testing.T) {
	tt := NewTT(1)
	if !tt.cold || tt.entries != nil {
		t.Fatal("a new table was made or written before isready")
	}
	tt.newSearch() // a search without isready makes the table
	tt.store(42, chess.Move(1), 10, 10, 3, boundExact)
	tt.Warm()
	if tt.cold {
		t.Fatal("Warm left the table cold")
	}
	if _, ok := tt.probe(42); ok {
		t.Error("Warm on a cold table kept an entry: it must clear what it writes")
	}
	tt.store(42, chess.Move(1), 10, 10, 3, boundExact)
	tt.Warm()
	if _, ok := tt.probe(42); !ok {
		t.Error("Warm on a warm table cleared it")
	}
}
