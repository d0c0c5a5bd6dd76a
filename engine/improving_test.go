package engine

import "testing"

// A side improves when its static evaluation beats the one at its previous
// turn, or at the turn before when it was in check then; in check it does
// not; with no earlier turn to compare, it does.
func TestImprovingComparesTheSidesOwnEarlierTurn(t *testing.T) {
	for _, c := range []struct {
		name  string
		evals []int // plies 0..ply
		want  bool
	}{
		{"the root", []int{30}, true},
		{"no turn of its own before", []int{30, -50}, true},
		{"better than two plies back", []int{30, -50, 40}, true},
		{"no better than two plies back", []int{30, -50, 30}, false},
		{"in check", []int{30, -50, noEval}, false},
		{"in check two plies back: four back decides", []int{30, -50, noEval, 0, 20}, false},
		{"in check two and four plies back", []int{noEval, -50, noEval, 0, 20}, true},
		{"the opponent's evaluation is not compared", []int{30, 500, 40}, true},
	} {
		s := NewSearcher(1)
		copy(s.evals[:], c.evals)
		if got := s.improving(len(c.evals) - 1); got != c.want {
			t.Errorf("%s: improving %v, want %v", c.name, got, c.want)
		}
	}
}

// Fewer quiet moves are searched at a node whose side is not improving.
func TestLateMovesPrunesMoreWhenNotImproving(t *testing.T) {
	for depth := 1; depth <= lmpDepth; depth++ {
		if lateMoves(depth, false) >= lateMoves(depth, true) {
			t.Errorf("depth %d: %d quiet moves when not improving, %d when improving", depth, lateMoves(depth, false), lateMoves(depth, true))
		}
	}
}
