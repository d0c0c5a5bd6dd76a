package game

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// A drop and a promotion to king are moves only a variant's board finds
// legal: a chess game refuses them as illegal, crazyhouse and antichess
// play them, and each game ends by its variant's rules with its words.
func TestVariantMovesAreLegalOnlyInTheirVariant(t *testing.T) {
	const dropFEN = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 2"
	const kingPromotionFEN = "8/P7/8/8/8/8/7p/8 w - - 0 1"
	for _, tc := range []struct {
		variant spec.Variant
		fen     string
		move    string
		legal   bool
	}{
		{spec.Standard, "", "P@e4", false},
		{spec.Standard, "8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8k", false},
		{"crazyhouse", dropFEN, "P@e4", true},
		{"crazyhouse", dropFEN, "N@e4", false}, // no knight in the pocket
		{"antichess", kingPromotionFEN, "a7a8k", true},
	} {
		b, err := NewVariantBoard(tc.variant, tc.fen)
		if err != nil {
			t.Fatalf("%s %q: %v", tc.variant, tc.fen, err)
		}
		m, ok := protocol.ParseMove([]byte(tc.move))
		if !ok {
			t.Fatalf("%s does not read as a move", tc.move)
		}
		_, err = b.Play(m)
		if legal := err == nil; legal != tc.legal {
			t.Errorf("%s: %s from %q: legal %v, want %v (%v)", tc.variant, tc.move, tc.fen, legal, tc.legal, err)
		}
	}
}

// The variants' endings: who wins and in what words, as the game loop
// builds them from the board.
func TestVariantEndingsHaveTheirWords(t *testing.T) {
	for _, tc := range []struct {
		variant spec.Variant
		fen     string
		outcome record.Outcome
		text    string
	}{
		{"3check", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+0 0 3", record.BlackWins, "Black checks 3 times"},
		{"antichess", "8/8/8/8/8/8/7P/8 b - - 0 10", record.BlackWins, "Black wins by losing all pieces"},
		{"kingofthehill", "8/8/8/3K4/8/8/8/7k b - - 0 10", record.WhiteWins, "White wins with king in the center"},
		{"racingkings", "1K6/8/8/8/8/8/8/7k b - - 0 10", record.WhiteWins, "White wins the race"},
		{"horde", "rnbqkbnr/pppppppp/8/8/8/8/8/8 w kq - 0 10", record.BlackWins, "Black wins: White has no pieces left"},
		{"crazyhouse", "7k/6Q1/6K1/8/8/8/8/8[] b - - 0 10", record.WhiteWins, "White mates"},
		{"losers", "7k/6Q1/6K1/8/8/p7/P7/8 b - - 0 10", record.BlackWins, "Black gets mated"},
	} {
		b, err := NewVariantBoard(tc.variant, tc.fen)
		if err != nil {
			t.Fatalf("%s %q: %v", tc.variant, tc.fen, err)
		}
		status, result := b.Outcome()
		if status == chess.Ongoing {
			t.Errorf("%s %q: the game goes on", tc.variant, tc.fen)
			continue
		}
		end := record.EndByOutcome(tc.variant.Rules(), status, result, b.Turn())
		if end.Outcome != tc.outcome || end.Text != tc.text {
			t.Errorf("%s %q: %s {%s}, want %s {%s}", tc.variant, tc.fen, end.Outcome, end.Text, tc.outcome, tc.text)
		}
	}
}
