package runner

import "testing"

// An opening's en-passant square stays only where a capture can use it;
// cutechess-cli's EPD reading keeps it for a pawn that stands beside,
// pinned or not, as its recorded FEN tags show.
func TestOpeningEnPassantAsTheToolsWriteIt(t *testing.T) {
	for _, tc := range []struct{ fen, legal, cutechess string }{
		// 2...d5 with no white pawn beside: no capture at all.
		{"rnbqkbnr/pp2pppp/2p5/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq d6 0 3",
			"rnbqkbnr/pp2pppp/2p5/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3",
			"rnbqkbnr/pp2pppp/2p5/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3"},
		// e5 takes d6 en passant.
		{"rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
			"rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
			"rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"},
		// b5xc6 would open the fifth rank to the rook on h5: illegal.
		{"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", "8/8/8/KPp4r/8/8/8/4k3 w - - 0 1", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1"},
		// Black takes on e3.
		{"8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1", "8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1", "8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1"},
		{"8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1", "8/8/8/3k4/4P3/8/8/4K3 b - - 0 1", "8/8/8/3k4/4P3/8/8/4K3 b - - 0 1"},
	} {
		if got := enPassantAsTools(tc.fen, false); got != tc.legal {
			t.Errorf("%s: %s, want %s", tc.fen, got, tc.legal)
		}
		if got := enPassantAsTools(tc.fen, true); got != tc.cutechess {
			t.Errorf("%s as cutechess-cli reads it: %s, want %s", tc.fen, got, tc.cutechess)
		}
	}
}
