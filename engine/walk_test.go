package engine

import "testing"

// walkBenchPositions calls visit on every position up to plies moves from
// each bench position, each before those after it (so a visit sees the
// positions just before it in search order).
func walkBenchPositions(t *testing.T, plies int, visit func(p *Position)) {
	t.Helper()
	var walk func(p *Position, plies int)
	walk = func(p *Position, plies int) {
		visit(p)
		if plies == 0 {
			return
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			p.MakeMove(m)
			walk(p, plies-1)
			p.UnmakeMove()
		}
	}
	for _, fen := range benchFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(p, plies)
	}
}
