package engine

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// walkBenchPositions calls visit on every position up to plies moves from
// each bench position, each before those after it (so a visit sees the
// positions just before it in search order).
func walkBenchPositions(t *testing.T, plies int, visit func(p *chess.Position)) {
	t.Helper()
	var walk func(p *chess.Position, plies int)
	walk = func(p *chess.Position, plies int) {
		visit(p)
		if plies == 0 {
			return
		}
		var ml chess.MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			p.MakeMove(m)
			walk(p, plies-1)
			p.UnmakeMove()
		}
	}
	for _, fen := range benchFENs {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(p, plies)
	}
}
