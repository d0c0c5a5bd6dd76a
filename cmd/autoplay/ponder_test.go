package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The built-in engine ponders (UCI go ponder / ponderhit / stop) against a
// pondering stockfish, through the cutechess command line's bare "ponder";
// nobody is charged anything.
func TestBuiltinEnginePondersThroughTheCutechessCommandLine(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	dir := t.TempDir()
	out, stderr, code := runTool(t, dir, buildAutoplay(t), "cutechess",
		"-engine", "cmd=builtin", "name=ap", "ponder",
		"-engine", "cmd="+stockfish, "name=sf", "nodes=3000", "option.Hash=8", "ponder",
		"-each", "tc=2+0.05", "-games", "2", "-repeat", "-maxmoves", "15", "-debug", "-pgnout", "games.pgn")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	for _, bad := range []string{"on time", "out of turn", "disconnects", "stalls", "illegal"} {
		if strings.Contains(out, bad) {
			t.Errorf("a game was lost: %q\n%s", bad, out)
		}
	}
	count := func(re string) int { return len(regexp.MustCompile(re).FindAllString(out, -1)) }
	ponders, hits := count(`ap\(\d+\) > go ponder`), count(`ap\(\d+\) > ponderhit`)
	if ponders < 10 || hits == 0 || count(`ap\(\d+\) > setoption name Ponder value true`) == 0 {
		t.Errorf("built-in engine: %d ponder searches, %d hits", ponders, hits)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "games.pgn"))
	if strings.Count(string(data), "[Round ") != 2 {
		t.Errorf("PGN:\n%s", data)
	}
}
