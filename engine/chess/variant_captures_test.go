package chess

import (
	"slices"
	"testing"
)

// A quiescence search's captures in a variant position are the variant's
// own: its generator answers, never chess's, which knows neither a horde
// without a king (it indexed a table by the missing king's square) nor
// atomic's explosions.
func TestVariantCapturesFollowTheVariantsRules(t *testing.T) {
	for _, c := range []struct {
		v    Variant
		fen  string
		want []string
	}{
		{Horde, Horde.StartFEN(), nil},
		// White's pawns can take on c6 and e6; Black's king is far.
		{Horde, "4k3/8/2p1p3/3P4/8/8/8/8 w - - 0 1", []string{"d5c6", "d5e6"}},
		// Qxd2 would blow up White's own king, and an atomic king never
		// takes: only Rxh7 is left.
		{Atomic, "4k3/7p/8/8/8/8/3n4/3QK2R w - - 0 1", []string{"h1h7"}},
	} {
		p, err := ParseVariantFEN(c.v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		var ml MoveList
		p.GenerateCaptures(&ml)
		var got []string
		for _, m := range ml.Moves() {
			got = append(got, m.UCI())
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %q: captures %v, want %v", c.v, c.fen, got, c.want)
		}
	}
}
