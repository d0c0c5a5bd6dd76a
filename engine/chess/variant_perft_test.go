package chess

import (
	"testing"
)

// variantPerftTable holds hand-picked positions of each variant with their
// perft as Fairy-Stockfish counts it (TestVariantPerftTableMatchesFairyStockfish
// asks it again where it is installed; atomic's counts come from a build of
// its source of 2026, Debian's 11.1 has no atomic): drops that check, block and mate,
// promoted pieces going back to the pocket, forced captures that promote
// to a king, explosions beside the kings, the variants' own ends.
var variantPerftTable = []struct {
	variant string
	fen     string
	depth   int
	nodes   uint64
	why     string
}{
	{"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 3, 8902, "start"},
	{"crazyhouse", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 0 1", 2, 33473, "full pockets"},
	{"crazyhouse", "r3k3/8/8/8/8/8/8/Q~3K3[] b q - 0 1", 3, 4297, "a promoted queen taken goes to the pocket as a pawn"},
	{"crazyhouse", "6k1/5ppp/8/8/8/8/5PPP/6K1[Rr] w - - 0 1", 3, 82622, "rook drops that mate on the back rank"},
	{"crazyhouse", "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1", 3, 3705, "drops that block a check"},
	{"crazyhouse", "4k3/8/8/8/8/8/8/4K2R[Pp] w K - 0 1", 2, 3121, "pawn drops never on the first or last rank"},
	{"antichess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 4, 153299, "start"},
	{"antichess", "8/8/8/8/8/8/6p1/5N1R b - - 0 1", 3, 152, "a forced capture that promotes, to a king too"},
	{"antichess", "1r6/P7/8/8/8/8/8/7N w - - 0 1", 1, 5, "the capture is forced over the push"},
	{"antichess", "8/8/8/8/8/8/8/8 w - - 0 1", 1, 0, "no pieces: the game is over"},
	{"giveaway", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", 3, 14860, "castling"},
	{"suicide", "8/5p2/8/8/8/8/1P6/8 w - - 0 1", 6, 4, "pawns race to give themselves away"},
	{"losers", "4k3/8/8/8/8/8/3q4/4KN2 w - - 0 1", 1, 2, "captures are forced, and either leaves Black a bare king, which has won"}, {"losers", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", 1, 0, "a bare king has won"},
	{"losers", "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", 3, 46, "forced captures with check"},
	{"atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197326, "start"},
	{"atomic", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 3, 27247, "the first capture explodes"},
	{"atomic", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", 3, 278, "en passant explodes on the square passed"},
	{"atomic", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3, 14295, "rooks exploding with castling rights"},
	{"atomic", "8/8/8/3kK3/8/8/8/8 w - - 0 1", 3, 397, "touching kings cannot check"},
	{"atomic", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3", 2, 1061, "Qxf7 explodes the king"},
	{"atomic", "4k3/8/8/8/8/8/3q4/3QK3 w - - 0 1", 2, 28, "the king may not take; a capture beside it explodes it"},
	{"3check", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 1+3 0 2", 3, 27053, "White's last check ends the game"},
	{"3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", 3, 8902, "start"},
	{"5check", "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2+5 2 3", 3, 28464, "checks counted down"},
	{"kingofthehill", "rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1BNR b kq - 0 1", 1, 0, "a king on the hill has won"},
	{"kingofthehill", "8/8/8/8/8/2K5/8/k7 w - - 0 1", 3, 90, "one step from the hill"},
	{"racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", 3, 11264, "start"},
	{"racingkings", "1K6/8/8/8/8/8/6k1/8 b - - 0 1", 1, 0, "White arrived and Black cannot follow"},
	{"racingkings", "1K6/6k1/8/8/8/8/8/8 b - - 0 1", 2, 0, "Black may follow to draw"},
	{"horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", 4, 23310, "start"},
	{"horde", "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", 3, 23, "a double step from the first rank gives no en passant"},
	{"nocastle", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3, 11522, "castling rights in the FEN are dropped"},
}

func TestVariantPerftTable(t *testing.T) {
	for _, tc := range variantPerftTable {
		v, err := ParseVariant(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParseVariantFEN(v, tc.fen)
		if err != nil {
			t.Fatalf("%s %q: %v", tc.variant, tc.fen, err)
		}
		before := p.FEN()
		if got := p.Perft(tc.depth); got != tc.nodes {
			t.Errorf("%s %q (%s): perft(%d) = %d, want %d", tc.variant, tc.fen, tc.why, tc.depth, got, tc.nodes)
		}
		if after := p.FEN(); after != before {
			t.Errorf("%s %q: perft changed the position to %q", tc.variant, before, after)
		}
	}
}
