package chess

import (
	"testing"

	"github.com/autoplay/autoplay/internal/ucitest"
)

// Crazyhouse with full pockets has more moves than chess ever has (every
// piece dropped on every empty square): the list outgrows its array, and
// every move is still there, as Fairy-Stockfish counts them. (A game whose
// engines never dropped crashed the runner here.)
func TestCrazyhouseMovesOutgrowTheList(t *testing.T) {
	p, err := ParseVariantFEN(Crazyhouse, "4k3/8/8/8/8/8/8/4K3[QQRRBBNNPPPPqqrrbbnnpppp] w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if ml.Len() <= 256 {
		t.Fatalf("%d moves: the position should have more than the array holds", ml.Len())
	}
	sf := ucitest.FairyStockfish(t, "UCI_Variant=crazyhouse")
	compareDivide(t, sf, p, 2)
}
