package chess

import (
	"strings"
	"testing"
)

// The FEN forms of Fairy-Stockfish, cutechess-cli and lichess read, and
// written back in Fairy-Stockfish's.
func TestVariantFENForms(t *testing.T) {
	tests := []struct {
		variant Variant
		in      string
		out     string
	}{
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		{Crazyhouse, "r3k3/8/8/8/8/8/8/Q~3K3/pNqPb b q - 0 1", "r3k3/8/8/8/8/8/8/Q~3K3[NPqbp] b q - 0 1"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1"},
		{FiveCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1"},
		{Horde, Horde.StartFEN(), Horde.StartFEN()},
		{Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
		{Giveaway, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{Antichess, "8/8/8/8/8/8/2k1k3/8 w - - 0 1", "8/8/8/8/8/8/2k1k3/8 w - - 0 1"},
	}
	for _, tc := range tests {
		p, err := ParseVariantFEN(tc.variant, tc.in)
		if err != nil {
			t.Errorf("%s %q: %v", tc.variant, tc.in, err)
			continue
		}
		if got := p.FEN(); got != tc.out {
			t.Errorf("%s %q: FEN %q, want %q", tc.variant, tc.in, got, tc.out)
		}
	}
	// Positions that differ only in a pocket or a counter are not the same.
	a, _ := ParseVariantFEN(Crazyhouse, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
	b, _ := ParseVariantFEN(Crazyhouse, "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1")
	c, _ := ParseVariantFEN(ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1")
	d, _ := ParseVariantFEN(ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 3+2 0 1")
	if a.Hash() == b.Hash() || c.Hash() == d.Hash() {
		t.Error("pockets or check counters do not reach the hash")
	}
}

// Bad variant FENs are refused with what was wrong.
func TestVariantFENErrors(t *testing.T) {
	tests := []struct {
		variant Variant
		fen     string
		want    string
	}{
		{Standard, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "only crazyhouse has pockets"},
		{Standard, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/P w KQkq - 0 1", "placement has 9 ranks"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1", "not a piece that can be dropped"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1", "not a piece that can be dropped"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+3 0 1", "not a count from 0 to 3"},
		{Standard, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", "want 4 to 6 fields"},
		{Atomic, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w - - 0 1", "White has 2 kings"},
		{Horde, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1", "Black has 0 kings"},
		{RacingKings, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", ""},
		{RacingKings, "8/8/8/8/8/8/k6R/7K b - - 0 1", "racing kings never allows"},
	}
	for _, tc := range tests {
		_, err := ParseVariantFEN(tc.variant, tc.fen)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s %q: %v", tc.variant, tc.fen, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s %q: error %v, want one saying %q", tc.variant, tc.fen, err, tc.want)
		}
	}
	if _, err := ParseVariant("bughouse"); err == nil || !strings.Contains(err.Error(), "crazyhouse") {
		t.Errorf("ParseVariant(bughouse): %v, want an error listing the known variants", err)
	}
	for _, v := range Variants() {
		if w, err := ParseVariant(strings.ToUpper(v.String())); err != nil || w != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v, w, err)
		}
	}
}
