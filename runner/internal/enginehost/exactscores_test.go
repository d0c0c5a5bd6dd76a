package enginehost

import (
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

// fastchess scores a move by the engine's last exact score, a bound only
// when none came; cutechess-cli (and autoplay) by the last score sent.
// Stockfish stopped by a node limit often ends on a bound of a deeper
// iteration: "-2.94/7" in fastchess's PGN where the last line said
// "-3.18/8 upperbound".
func TestExactScoresKeepTheLastExactOne(t *testing.T) {
	output := []string{
		"info depth 6 score cp -250 nodes 900 pv h2h4",
		"info depth 7 score cp -294 nodes 1800 pv h5h6",
		"info depth 8 score cp -318 upperbound nodes 2900 pv h5h6",
		"bestmove h5h6",
	}
	boundOnly := []string{
		"info depth 1 score cp 20 lowerbound nodes 20 pv e2e4",
		"info depth 2 score cp 35 lowerbound nodes 90 pv e2e4",
		"bestmove e2e4",
	}
	for _, tc := range []struct {
		exact     bool
		lines     []string
		wantDepth int32
		wantCP    int
		wantBound protocol.Bound
	}{
		{true, output, 7, -294, protocol.BoundExact},
		{false, output, 8, -318, protocol.BoundUpper},
		{true, boundOnly, 2, 35, protocol.BoundLower},
	} {
		d := &uciDecoder{extras: extras{Capture: Capture{ExactScores: tc.exact}}}
		var ev Event
		for _, l := range tc.lines {
			if d.decode([]byte(l), &ev) {
				break
			}
		}
		if ev.Kind != KindMove || ev.Info.Depth != tc.wantDepth || ev.Info.Score.Value != tc.wantCP || ev.Info.Score.Bound != tc.wantBound {
			t.Errorf("exact scores %v: move scored %+v at depth %d, want %d cp (bound %d) at depth %d",
				tc.exact, ev.Info.Score, ev.Info.Depth, tc.wantCP, tc.wantBound, tc.wantDepth)
		}
	}
}
