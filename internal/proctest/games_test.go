package proctest

import (
	"os"
	"path/filepath"
	"testing"
)

// Two records of the same games, one with times in its comments and in
// another order, read the same; a game of other moves does not.
func TestGamesByRoundComparesMovesNotComments(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	local := GamesByRound(t, write("local.pgn", "[Event \"?\"]\n[Round \"1\"]\n\n1. e4 {+0.30/10 0.1s} e5 {-0.20/9 0.1s} 1/2-1/2\n\n"+
		"[Event \"?\"]\n[Round \"2\"]\n\n1. d4 {book} d5\n2. c4 1-0\n\n"))
	fleet := GamesByRound(t, write("fleet.pgn", "[Event \"?\"]\n[Round \"2\"]\n\n1. d4 {0.2s} d5 2. c4 {1.3s} 1-0\n\n"+
		"[Event \"?\"]\n[Round \"1\"]\n\n1. e4 e5 {a comment\nover two lines} 1/2-1/2\n"))
	if len(local) != 2 || local["1"] != "1. e4 e5 1/2-1/2" || local["2"] != "1. d4 d5 2. c4 1-0" {
		t.Fatalf("local: %q", local)
	}
	for round, moves := range local {
		if fleet[round] != moves {
			t.Errorf("game %s: %q, want %q", round, fleet[round], moves)
		}
	}
	if other := GamesByRound(t, write("other.pgn", "[Round \"1\"]\n\n1. e4 e6 1/2-1/2\n")); other["1"] == local["1"] {
		t.Errorf("different moves read the same: %q", other["1"])
	}
}
