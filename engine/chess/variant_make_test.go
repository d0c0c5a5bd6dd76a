package chess

import (
	"math/rand/v2"
	"testing"
)

// A variant game's moves allocate nothing once the history has room, as
// chess's do: the runner checks every move of every game with them.
func TestVariantMovesDoNotAllocate(t *testing.T) {
	for _, v := range Variants()[1:] {
		p := NewVariantPosition(v)
		p.Reserve(400)
		rng := rand.New(rand.NewPCG(1, uint64(v)))
		allocs := testing.AllocsPerRun(50, func() {
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.n == 0 {
				return
			}
			p.MakeMove(ml.Moves()[rng.IntN(ml.n)])
			p.Outcome()
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations a move", v, allocs)
		}
	}
}

// Unmaking restores every variant's position exactly, pockets, counters
// and hash included.
func TestVariantUnmakeRestores(t *testing.T) {
	for _, v := range Variants()[1:] {
		p := NewVariantPosition(v)
		rng := rand.New(rand.NewPCG(2, uint64(v)))
		var fens []string
		var hashes []uint64
		for ply := 0; ply < 120; ply++ {
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.n == 0 {
				break
			}
			fens, hashes = append(fens, p.FEN()), append(hashes, p.Hash())
			p.MakeMove(ml.Moves()[rng.IntN(ml.n)])
			if q, err := ParseVariantFEN(v, p.FEN()); err != nil || q.Hash() != p.Hash() {
				t.Fatalf("%s: after %d plies %q reads back with error %v or another hash", v, ply+1, p.FEN(), err)
			}
		}
		for i := len(fens) - 1; i >= 0; i-- {
			p.UnmakeMove()
			if p.FEN() != fens[i] || p.Hash() != hashes[i] {
				t.Fatalf("%s: unmaking to ply %d gives %q, want %q", v, i, p.FEN(), fens[i])
			}
		}
	}
}
