package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// An EPD book of variant positions is read with the variant's rules:
// crazyhouse's pockets and three-check's counters reach the engines and
// the PGN's FEN tag, and a line the variant cannot read is refused before
// the first game, naming the file and line.
func TestVariantBooksAreReadWithTheVariant(t *testing.T) {
	needEngine(t, fairyStockfishPath())
	dir := t.TempDir()
	fs := "cmd=" + fairyStockfishPath() + " nodes=500 option.Hash=4 timeout=60"
	for _, tc := range []struct {
		variant spec.Variant
		file    string
		book    string
		fen     string // the FEN tag, as Fairy-Stockfish reads it
		wantErr string
	}{
		{"crazyhouse", "zh.epd", "rnbqkb1r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R[Nn] w KQkq - 0 4\n",
			"rnbqkb1r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R[Nn] w KQkq - 0 4", ""},
		{"3check", "3check.epd", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 c0 \"a check given\";\n",
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 1", ""},
		{"crazyhouse", "bad.epd", "# a comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Zz] w KQkq - 0 1\n",
			"", "bad.epd:2"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			book := filepath.Join(dir, tc.file)
			if err := os.WriteFile(book, []byte(tc.book), 0o644); err != nil {
				t.Fatal(err)
			}
			run := runMatch(t, spec.Config{
				Engines:      []spec.EngineConfig{engineSpec(t, fs+" name=a"), engineSpec(t, fs+" name=b")},
				Schedule:     spec.Schedule{Variant: tc.variant, Games: 2, Openings: spec.OpeningsConfig{File: book}},
				Adjudication: spec.Adjudication{MaxMoves: 20},
			})
			if tc.wantErr != "" {
				if run.err == nil || !strings.Contains(run.err.Error(), tc.wantErr) || strings.Contains(run.pgn, "[Event") {
					t.Fatalf("error %v, want %q and no game", run.err, tc.wantErr)
				}
				return
			}
			if run.err != nil {
				t.Fatal(run.err)
			}
			games := parseGames(t, run.pgn)
			if len(games) != 2 {
				t.Fatalf("%d games", len(games))
			}
			for _, g := range games {
				if g.tags["FEN"] != tc.fen || g.tags["Variant"] != string(tc.variant) {
					t.Errorf("FEN %q variant %q, want %q %s", g.tags["FEN"], g.tags["Variant"], tc.fen, tc.variant)
				}
			}
		})
	}
}
