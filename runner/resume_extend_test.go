package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// A finished match extended with more games continues the same schedule:
// the games played first keep their numbers and the new ones are those an
// uninterrupted longer run would have played. Fewer games than were played
// is refused.
func TestFinishedMatchCanBeExtended(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	book := filepath.Join(dir, "book.epd")
	os.WriteFile(book, []byte(strings.Join([]string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
	}, "\n")+"\n"), 0o644)
	cfg := func(games int, pgnPath string) spec.Config {
		return spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, "cmd="+stockfishPath+" name=a nodes=300 option.Hash=4 option.Threads=1"),
				engineSpec(t, "cmd="+stockfishPath+" name=b nodes=400 option.Hash=4 option.Threads=1"),
			},
			Schedule:     spec.Schedule{Games: games, Seed: 7, Openings: spec.OpeningsConfig{File: book, Order: "random"}},
			Adjudication: spec.Adjudication{MaxMoves: 12},
			Outputs:      spec.Outputs{PGNOut: pgnPath},
		}
	}
	extended := filepath.Join(dir, "extended.pgn")
	if run := runMatch(t, cfg(2, extended)); run.err != nil {
		t.Fatal(run.err)
	}
	run := runMatch(t, cfg(4, extended))
	if run.err != nil {
		t.Fatalf("extending 2 games to 4: %v", run.err)
	}
	if run.res.Resumed != 2 {
		t.Errorf("resumed %d games, want 2", run.res.Resumed)
	}
	straight := filepath.Join(dir, "straight.pgn")
	if run := runMatch(t, cfg(4, straight)); run.err != nil {
		t.Fatal(run.err)
	}
	a, _ := os.ReadFile(extended)
	b, _ := os.ReadFile(straight)
	ga, gb := parseGames(t, string(a)), parseGames(t, string(b))
	if len(ga) != 4 || len(gb) != 4 {
		t.Fatalf("%d and %d games, want 4 each", len(ga), len(gb))
	}
	for i := range ga {
		ma, mb := sanOnly(ga[i].moves), sanOnly(gb[i].moves)
		if ga[i].tags["Round"] != gb[i].tags["Round"] || ga[i].tags["FEN"] != gb[i].tags["FEN"] || ma != mb {
			t.Errorf("game %d differs between the extended and the straight run:\n%s\n%s", i+1, ma, mb)
		}
	}
	run = runMatch(t, cfg(3, extended))
	if run.err == nil || !strings.Contains(run.err.Error(), "game 4 was played, but the run now has only 3 games") {
		t.Errorf("shrinking below the games played: error %v", run.err)
	}
}

var commentRe = regexp.MustCompile(`\{[^}]*\}`)

// sanOnly is a movetext without its comments (times differ between runs).
func sanOnly(movetext string) string {
	return strings.Join(strings.Fields(commentRe.ReplaceAllString(movetext, "")), " ")
}
