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

// A drop resets the halfmove clock, a piece drop as a pawn drop: no
// position before it can come back, and cutechess-cli counts so too (a
// game it plays on would otherwise end by the fifty-move rule here first).
func TestDropResetsTheHalfmoveClock(t *testing.T) {
	for _, drop := range []string{"N@e4", "P@e4"} {
		p, err := ParseVariantFEN(Crazyhouse, "4k3/8/8/8/8/8/8/4K3[NPnp] w - - 37 60")
		if err != nil {
			t.Fatal(err)
		}
		m, ok := p.ParseUCI(drop)
		if !ok {
			t.Fatalf("%s: not a legal move", drop)
		}
		p.MakeMove(m)
		if p.HalfmoveClock() != 0 {
			t.Errorf("after %s the halfmove clock is %d", drop, p.HalfmoveClock())
		}
		p.UnmakeMove()
		if p.HalfmoveClock() != 37 {
			t.Errorf("unmaking %s leaves the halfmove clock at %d", drop, p.HalfmoveClock())
		}
	}
}
