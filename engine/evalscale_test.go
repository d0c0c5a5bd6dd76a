package engine

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// scaleOf parses fen and returns its endgame scale factor as Evaluate
// computes it: for the side its endgame score favours.
func scaleOf(t *testing.T, fen string) int32 {
	t.Helper()
	p := mustFEN(t, fen)
	return endgameScale(p, endgameScore(p))
}

func mustFEN(t *testing.T, fen string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// endgameScore is Evaluate's unscaled endgame half, White's point of view.
func endgameScore(p *chess.Position) int32 {
	total, _ := unscaled(p, nil)
	return total.eg
}

func TestEndgameScaleFactors(t *testing.T) {
	tests := []struct {
		name, fen string
		want      int32
	}{
		{"start position", chess.StartFEN, scaleNormal},
		{"middlegame", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", scaleNormal},
		{"rook ending a pawn up", "8/5k2/8/3p4/3P1P2/2K5/8/R6r w - - 0 1", scaleNormal},

		// Rule 1: no pawns and at most a minor piece.
		{"KB v K", "8/8/4k3/8/8/3BK3/8/8 w - - 0 1", scaleDraw},
		{"KN v KP", "8/8/4k3/4p3/8/3NK3/8/8 w - - 0 1", scaleDraw},
		{"black KB v K", "8/8/4k3/4b3/8/4K3/8/8 b - - 0 1", scaleDraw},

		// Rule 2: no pawns, up at most a minor.
		{"KR v KB", "8/8/4k3/8/2b5/8/3RK3/8 w - - 0 1", scaleMinorUp},
		{"KR v KN", "8/8/4k3/8/2n5/8/3RK3/8 w - - 0 1", scaleMinorUp},
		{"KRB v KR", "8/8/3rk3/8/8/8/3RK1B1/8 w - - 0 1", scaleMinorUp},
		{"black KR v KB", "8/8/3rk3/8/8/8/4K3/6B1 b - - 0 1", scaleMinorUp},
		{"KR v K is a win", "8/8/4k3/8/8/8/3RK3/8 w - - 0 1", scaleNormal},
		{"KQ v KR is a win", "8/8/4k3/3r4/8/8/3QK3/8 w - - 0 1", scaleNormal},
		{"KBN v K is a win", "8/8/4k3/8/8/8/3BK1N1/8 w - - 0 1", scaleNormal},

		// Rule 3: opposite-coloured bishops (Bc4 light, Bd6 dark).
		{"opposite bishops", "8/6k1/3b4/p7/P1B1P3/1P6/5K2/8 w - - 0 1", scaleOppositeBishops},
		{"same-coloured bishops", "8/6k1/4b3/p7/P1B1P3/1P6/5K2/8 w - - 0 1", scaleNormal},
		{"opposite bishops and a rook each", "3r4/6k1/3b4/p7/P1B1P3/1P6/5K2/3R4 w - - 0 1", scaleNormal},

		// Rule 4: wrong bishop and rook pawn (a8 is light, e1 dark).
		{"wrong bishop, king in the corner", "k7/8/2K5/P7/8/8/8/4B3 w - - 0 1", scaleDraw},
		{"wrong bishop, king beside the corner", "8/1k6/8/P7/8/2K5/8/4B3 w - - 0 1", scaleDraw},
		{"wrong bishop, defender has pawns", "k7/7p/2K5/P7/8/8/8/4B3 w - - 0 1", scaleDraw},
		{"wrong bishop, two a-pawns", "k7/8/2K5/P7/P7/8/8/4B3 w - - 0 1", scaleDraw},
		{"wrong bishop, h-pawn", "7k/8/5K2/7P/8/8/8/3B4 w - - 0 1", scaleDraw},
		{"black wrong bishop, a-pawn", "4b3/8/8/8/p7/2k5/8/K7 b - - 0 1", scaleDraw},
		{"right bishop", "k7/8/2K5/P7/8/8/8/3B4 w - - 0 1", scaleNormal},
		{"wrong bishop, king far away", "8/8/8/P7/4k3/8/2K5/4B3 w - - 0 1", scaleNormal},
		{"wrong bishop, pawns on two files", "k7/8/2K5/P7/8/6P1/8/4B3 w - - 0 1", scaleNormal},
		{"wrong bishop, defender has a knight", "k7/8/2K5/P7/8/8/8/4B2n w - - 0 1", scaleNormal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := scaleOf(t, tc.fen); got != tc.want {
				t.Errorf("scale = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestEvaluateScalesDrawnEndings(t *testing.T) {
	eval := func(fen string) int { return Evaluate(mustFEN(t, fen)) }
	abs := func(v int) int { return max(v, -v) }

	// A rook against a bishop is near equal; a rook alone wins.
	if v := eval("8/8/4k3/8/2b5/8/3RK3/8 w - - 0 1"); abs(v) > 100 {
		t.Errorf("KR v KB = %d, want within 100 of 0", v)
	}
	if v := eval("8/8/4k3/8/8/8/3RK3/8 w - - 0 1"); v < 400 {
		t.Errorf("KR v K = %d, want at least 400", v)
	}

	// The same pawn up counts for much less with opposite bishops.
	ocb := eval("8/6k1/3b4/p7/P1B1P3/1P6/5K2/8 w - - 0 1")
	same := eval("8/6k1/4b3/p7/P1B1P3/1P6/5K2/8 w - - 0 1")
	if ocb <= 0 || ocb*2 > same {
		t.Errorf("opposite bishops = %d, same-coloured = %d: want positive and under half", ocb, same)
	}

	// Wrong bishop with the defender in the corner is a draw; the right
	// bishop wins. With the tempo bonus and the small middlegame weight
	// left, "draw" is a few dozen centipawns.
	if v := eval("k7/8/2K5/P7/8/8/8/4B3 w - - 0 1"); abs(v) > 50 {
		t.Errorf("wrong bishop = %d, want within 50 of 0", v)
	}
	if v := eval("k7/8/2K5/P7/8/8/8/3B4 w - - 0 1"); v < 300 {
		t.Errorf("right bishop = %d, want at least 300", v)
	}
	// Black to move, Black the strong side: the sign is the mover's.
	if v := eval("4b3/8/8/8/p7/2k5/8/K7 b - - 0 1"); abs(v) > 50 {
		t.Errorf("black wrong bishop = %d, want within 50 of 0", v)
	}
}
