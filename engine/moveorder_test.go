package engine

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// TestWinsOrTradesAgreesWithSEE checks the shortcut that spares the static
// exchange for captures of a piece worth at least the capturer: over every
// capture and promotion two plies deep from the bench positions, it must
// say what SEE >= 0 says.
func TestWinsOrTradesAgreesWithSEE(t *testing.T) {
	checked := 0
	walkBenchPositions(t, 1, func(p *chess.Position) {
		var ml chess.MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			victim := p.PieceAt(m.To()).Type()
			if m.IsEnPassant() {
				victim = chess.Pawn
			}
			if victim != chess.NoPieceType || m.Promotion() != chess.NoPieceType {
				checked++
				if got, want := winsOrTrades(p, m, victim), p.SEE(m) >= 0; got != want {
					t.Fatalf("%s %v: winsOrTrades %v, SEE %d", p.FEN(), m, got, p.SEE(m))
				}
			}
		}
	})
	if checked < 1000 {
		t.Fatalf("only %d captures checked", checked)
	}
}
