package pgn

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestPgnExtractReadsWrittenGamesCleanly writes games of every shape the
// runner produces and has the real pgn-extract re-read them: it must report
// nothing on stderr and find the same games with the same number of plies.
func TestPgnExtractReadsWrittenGamesCleanly(t *testing.T) {
	tool := pgnExtract(t)
	games := []Game{
		goldenGames["fools_mate"],
		goldenGames["fen_black_to_move"],
		goldenGames["escaped_tags_no_moves"],
		goldenGames["wrapped_comments"],
		playedGame(t, 1, "", 300, "+0.35/12 0.512s", "book", "", "a long comment that wraps over the end of the line, split at its spaces"),
		playedGame(t, 2, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 57", 250, "-0.01/30 10.000s"),
		playedGame(t, 3, "", 400),
		{Tags: []Tag{{"White", `Mr. "Quote" \ Backslash`}, {"Black", "Zoë Ünïcode"}, {"Event", "[bracket] {brace}"}},
			Moves: []Move{{"e4", "}{ braces in a comment"}}, Result: "0-1", Ending: "White makes an illegal move: e2e5"},
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	writeGames(t, path, games...)

	out := filepath.Join(t.TempDir(), "out.pgn")
	cmd := exec.Command(tool, "-s", "--plycount", "-o", out, path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, stderr.String())
	}
	if stderr.Len() > 0 {
		t.Errorf("pgn-extract complained:\n%s", stderr.String())
	}
	reread, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	counts := regexp.MustCompile(`\[PlyCount "(\d+)"\]`).FindAllSubmatch(reread, -1)
	if len(counts) != len(games) {
		t.Fatalf("pgn-extract re-read %d games, wrote %d", len(counts), len(games))
	}
	for i, c := range counts {
		if n, _ := strconv.Atoi(string(c[1])); n != len(games[i].Moves) {
			t.Errorf("game %d: pgn-extract read %d plies, wrote %d", i+1, n, len(games[i].Moves))
		}
	}
}
