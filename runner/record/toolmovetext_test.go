package record

import (
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/spec"
)

// The drop-in modes end a game in the tools' words, inside the last
// move's comment, with no number for a Black move after a comment;
// autoplay's own mode keeps its detail, its own final comment and the PGN
// standard's "1... e5".
func TestDropinMovetextIsTheTools(t *testing.T) {
	score := func(cp int) MoveInfo {
		return MoveInfo{Depth: 7, Score: protocol.Score{Kind: protocol.ScoreCP, Value: cp}}
	}
	rec := &GameRecord{Number: 1, White: "a", Black: "b", Started: time.Now(), Plies: []Ply{
		{Move: protocol.MustParseMove("e2e4"), Info: score(27), Elapsed: 230 * time.Millisecond},
		{Move: protocol.MustParseMove("e7e5"), Info: score(-30), Elapsed: 45 * time.Millisecond},
		{Move: protocol.MustParseMove("g1f3"), Info: score(0), Elapsed: 1500 * time.Millisecond},
		{Move: protocol.MustParseMove("b8c6"), Info: MoveInfo{Depth: 9, Score: protocol.Score{Kind: protocol.ScoreMate, Value: -3}}, Elapsed: 12500 * time.Millisecond},
		{Move: protocol.MustParseMove("f1c4"), Info: MoveInfo{Depth: 9, Score: protocol.Score{Kind: protocol.ScoreMate, Value: 5}}},
	}}
	rec.SetEnd(AdjudicatedDraw("scores within ±10 cp for 3 moves"))
	for _, tc := range []struct {
		style spec.PGNStyle
		want  string
	}{
		{spec.PGNAutoplay, "1. e4 {+0.27/7 0.230s} 1... e5 {-0.30/7 0.045s} 2. Nf3 {+0.00/7 1.500s} 2...\nNc6 {-M3/9 12.500s} 3. Bc4 {+M5/9 0.000s} {Draw by adjudication: scores within\n±10 cp for 3 moves} 1/2-1/2"},
		{spec.PGNCutechess, "1. e4 {+0.27/7 0.23s} e5 {-0.30/7 0.045s} 2. Nf3 {0.00/7 1.5s} Nc6 {-M6/9 13s}\n3. Bc4 {+M9/9 0s, Draw by adjudication} 1/2-1/2"},
		{spec.PGNFastchess, "1. e4 {+0.27/7 0.230s} e5 {-0.30/7 0.045s} 2. Nf3 {0.00/7 1.500s} Nc6 {-M6/9\n12.500s} 3. Bc4 {+M9/9 0.000s, Draw by adjudication} 1/2-1/2"},
	} {
		g, err := rec.PGN(&spec.Outputs{PGNStyle: tc.style})
		if err != nil {
			t.Fatal(err)
		}
		text := string(g.AppendTo(nil))
		movetext := strings.TrimSpace(text[strings.Index(text, "\n\n"):])
		if movetext != tc.want {
			t.Errorf("style %q:\n%s\nwant:\n%s", tc.style, movetext, tc.want)
		}
	}
}

// cutechess-cli writes a move's time with fewer decimals as it grows, and
// rounds as Qt does (a tie away from zero).
func TestCutechessMoveTimes(t *testing.T) {
	for _, tc := range []struct {
		ms   int
		want string
	}{{0, "0s"}, {1, "0.001s"}, {99, "0.099s"}, {100, "0.10s"}, {125, "0.13s"}, {235, "0.23s"}, {999, "1.00s"},
		{1000, "1.0s"}, {1250, "1.3s"}, {9999, "10.0s"}, {10000, "10s"}, {12500, "13s"}, {125400, "125s"}} {
		if got := cutechessSeconds(time.Duration(tc.ms) * time.Millisecond); got != tc.want {
			t.Errorf("%d ms: %q, want %q", tc.ms, got, tc.want)
		}
	}
}

// Only autoplay's detail goes: the tables' reason is the tools' own, and
// every other ending is their words already.
func TestToolEnding(t *testing.T) {
	for text, want := range map[string]string{
		"Draw by adjudication: move limit":                                          "Draw by adjudication",
		"Draw by adjudication: scores within ±10 cp for 3 moves":                    "Draw by adjudication",
		"White wins by adjudication: Black's score at or below -600 cp for 3 moves": "White wins by adjudication",
		"Black wins by adjudication: White's score at or below -600 cp for 3 moves": "Black wins by adjudication",
		"Draw by adjudication: SyzygyTB":                                            "Draw by adjudication: SyzygyTB",
		"Black wins by adjudication: SyzygyTB":                                      "Black wins by adjudication: SyzygyTB",
		"White mates":                                                               "White mates",
		"Black resigns":                                                             "Black resigns",
	} {
		if got := ToolEnding(text); got != want {
			t.Errorf("ToolEnding(%q) = %q, want %q", text, got, want)
		}
	}
}

// A game adjudicated before its first move: cutechess-cli writes the
// ending as the movetext's only comment, fastchess the result alone.
func TestDropinGameWithoutMoves(t *testing.T) {
	rec := &GameRecord{Number: 1, White: "a", Black: "b", Started: time.Now(), StartFEN: "8/3r4/3k4/8/8/8/1R6/4K3 w - - 0 1"}
	rec.SetEnd(AdjudicatedDraw("SyzygyTB"))
	for style, want := range map[spec.PGNStyle]string{
		spec.PGNAutoplay:  "{Draw by adjudication: SyzygyTB} 1/2-1/2",
		spec.PGNCutechess: "{Draw by adjudication: SyzygyTB} 1/2-1/2",
		spec.PGNFastchess: "1/2-1/2",
	} {
		g, err := rec.PGN(&spec.Outputs{PGNStyle: style})
		if err != nil {
			t.Fatal(err)
		}
		text := string(g.AppendTo(nil))
		if movetext := strings.TrimSpace(text[strings.Index(text, "\n\n"):]); movetext != want {
			t.Errorf("style %q: %q, want %q", style, movetext, want)
		}
	}
}
