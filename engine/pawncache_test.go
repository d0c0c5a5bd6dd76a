package engine

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// The cache changes no evaluation: over every position two plies from the
// bench positions, evaluated in walk order (so entries are reused, and
// found with the kings moved), the cached evaluation equals Evaluate.
func TestPawnCacheEvaluatesAsEvaluate(t *testing.T) {
	pc := new(pawnCache)
	checked, reused := 0, 0
	walkBenchPositions(t, 2, func(p *chess.Position) {
		if e := &pc[pawnKey(p)&(pawnCacheSize-1)]; e.gen == weightsGen &&
			e.pawns == [2]chess.Bitboard{p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)} {
			reused++
		}
		if got, want := evaluateWith(p, pc), Evaluate(p); got != want {
			t.Fatalf("%s: cached %d, Evaluate %d", p.FEN(), got, want)
		}
		checked++
	})
	if checked < 5000 || reused < checked/2 {
		t.Fatalf("checked %d positions, %d from the cache: the walk did not exercise it", checked, reused)
	}
}

// New weights make every entry stale: the cached evaluation follows them.
func TestPawnCacheFollowsNewWeights(t *testing.T) {
	p, err := chess.ParseFEN("4k3/pp4p1/8/3P4/8/8/P4PPP/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	pc := new(pawnCache)
	before := evaluateWith(p, pc)
	orig := CurrentWeights()
	defer SetWeights(orig)
	w := CurrentWeights()
	for i := range w.Pairs {
		if WeightName(i) == "isolatedPawn" {
			w.Pairs[i] = [2]int32{w.Pairs[i][0] - 100, w.Pairs[i][1] - 100}
		}
	}
	SetWeights(w)
	after, want := evaluateWith(p, pc), Evaluate(p)
	if after != want || after == before {
		t.Fatalf("after new weights: cached %d, Evaluate %d (before: %d)", after, want, before)
	}
}
