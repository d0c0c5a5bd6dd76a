package runner

import (
	"slices"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/runner/spec"
)

// The C++ standard fixes std::mt19937_64's 10000th number from the default
// seed 5489 ([rand.predef]): the generator is the one fastchess seeds.
func TestMT19937x64MatchesTheStandard(t *testing.T) {
	m := newMT19937x64(5489)
	var x uint64
	for range 10000 {
		x = m.next()
	}
	if x != 9981545732273789042 {
		t.Fatalf("10000th number %d, the standard says 9981545732273789042", x)
	}
}

// The orders below are what fastchess 1.8.2's shuffle made of 12, 8 and 20
// openings (std::mt19937_64 from libstdc++, g++ 12) and what cutechess-cli
// 1.2.0's Mersenne::random (its mersenne.cpp compiled alone) and its
// OpeningSuite shuffle make of 12, 8 and 20, 0-based.
func TestShuffledSuiteAsTheToolsShuffle(t *testing.T) {
	for _, c := range []struct {
		tool string
		seed uint64
		n    int
		want []int32
	}{
		{spec.ShuffleFastchess, 42, 12, []int32{6, 1, 2, 9, 3, 11, 10, 5, 0, 8, 7, 4}},
		{spec.ShuffleFastchess, 1, 8, []int32{0, 3, 2, 4, 1, 5, 6, 7}},
		{spec.ShuffleFastchess, 18446744073709551615, 20, []int32{0, 13, 7, 10, 3, 14, 4, 16, 18, 6, 9, 1, 19, 15, 2, 11, 5, 17, 8, 12}},
		{spec.ShuffleCutechess, 42, 12, []int32{6, 11, 7, 9, 4, 3, 0, 2, 8, 1, 10, 5}},
		{spec.ShuffleCutechess, 1, 8, []int32{1, 4, 7, 3, 2, 5, 0, 6}},
		{spec.ShuffleCutechess, 4294967295, 20, []int32{16, 9, 4, 18, 14, 15, 13, 3, 0, 5, 6, 7, 12, 11, 19, 10, 2, 8, 17, 1}},
	} {
		if got := shuffledSuite(c.tool, c.n, c.seed); !slices.Equal(got, c.want) {
			t.Errorf("%s -srand %d, %d openings: %v, want %v", c.tool, c.seed, c.n, got, c.want)
		}
	}
	if got := shuffledSuite("", 5, 1); got != nil {
		t.Errorf("autoplay's own order shuffled the suite: %v", got)
	}
}

// cutechess-cli 1.2.0 -variant fischerandom without a suite: the back ranks
// its FrcBoard placed from these seeds (Mersenne::random compiled alone,
// the draws as defaultFenString makes them).
func TestCutechessChess960AsCutechessDraws(t *testing.T) {
	for seed, want := range map[uint32][]string{
		7:     {"RNKRQBBN", "RNBNKRQB", "QNRKBNRB", "QRBKNBNR", "NQNRBBKR", "NRKBBQNR"},
		12345: {"RKRBBNNQ", "QNBNRBKR", "NRKRQNBB", "NNRQBKRB", "RBNKBNRQ", "BQNBRNKR"},
	} {
		m := newCutechessMersenne(seed)
		var got []string
		for range want {
			got = append(got, chess.Chess960Array(m.cutechessChess960()))
		}
		if !slices.Equal(got, want) {
			t.Errorf("-srand %d: %v, want %v", seed, got, want)
		}
	}
}

// A run in cutechess-cli's way without a suite starts from the arrays that
// tool draws, one a new opening, from the run's seed.
func TestPickerDrawsChess960AsCutechess(t *testing.T) {
	p, err := newOpeningPicker(spec.OpeningsConfig{Random: spec.RandomFRC, Shuffle: spec.ShuffleCutechess}, 7, spec.Chess960)
	if err != nil {
		t.Fatal(err)
	}
	for round := range 2 { // a fresh picker starts over
		q := p.fresh()
		for _, want := range []string{"RNKRQBBN", "RNBNKRQB", "QNRKBNRB"} {
			o, err := q.opening(q.next())
			if err != nil {
				t.Fatal(err)
			}
			if got := o.FEN; !strings.HasSuffix(strings.Fields(got)[0], "/"+want) {
				t.Errorf("pass %d: %s, want White's rank %s", round, got, want)
			}
		}
	}
}
