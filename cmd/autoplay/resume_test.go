package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

// TestKilledRunResumesToTheSameGames kills a real run with SIGKILL several
// times (once cutting the PGN in the middle of a game, as a crash during a
// write would), starts the same command again each time, and checks that
// the final game list is exactly the one an uninterrupted run plays.
// Stockfish at a node limit plays the same moves every time, so whole games
// are compared, not just their number.
func TestKilledRunResumesToTheSameGames(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	args := func(pgnPath string) []string {
		return []string{"match",
			"--engine", "cmd=" + stockfish + " name=a option.Hash=4",
			"--engine", "cmd=" + stockfish + " name=b option.Hash=4",
			"--each", "nodes=400", "--games", "12", "--concurrency", "2", "--maxmoves", "40",
			"--openings", "file=../../runner/testdata/uho4.epd order=random", "--seed", "9",
			"--pgnout", pgnPath, "--quiet"}
	}
	reference := filepath.Join(dir, "reference.pgn")
	if out, err := exec.Command(bin, args(reference)...).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}

	resumed := filepath.Join(dir, "resumed.pgn")
	for i, killAfter := range []int{1, 4, 7} {
		cmd := exec.Command(bin, args(resumed)...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill() }) // a failed test must not leave it running
		proctest.WaitUntil(t, "games to be played", func() bool {
			b, _ := os.ReadFile(resumed)
			return bytes.Count(b, []byte("[Event ")) >= killAfter
		})
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if i == 1 {
			// A game cut off in the middle: the resume must drop it and play it again.
			b, _ := os.ReadFile(resumed)
			os.WriteFile(resumed, b[:len(b)-40], 0o644)
		}
	}
	out, err := exec.Command(bin, args(resumed)...).CombinedOutput()
	if err != nil {
		t.Fatalf("final resume: %v\n%s", err, out)
	}
	want, got := gameList(t, reference), gameList(t, resumed)
	if len(got) != 12 {
		t.Fatalf("resumed run has %d games, want 12", len(got))
	}
	for round, g := range want {
		if got[round] != g {
			t.Errorf("round %s differs:\nuninterrupted %s\nresumed       %s", round, g, got[round])
		}
	}
	if !strings.Contains(string(out), "Score of a vs b") {
		t.Errorf("no final score:\n%s", out)
	}
}

var (
	commentRe = regexp.MustCompile(`\{[^}]*\}`)
	roundRe   = regexp.MustCompile(`\[Round "(\d+)"\]`)
)

// gameList maps each game's round to its players, opening and moves
// (comments with times taken out).
func gameList(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]string{}
	for _, chunk := range strings.Split(string(b), "[Event ")[1:] {
		m := roundRe.FindStringSubmatch(chunk)
		if m == nil {
			t.Fatalf("game without a round:\n%s", chunk)
		}
		if _, dup := games[m[1]]; dup {
			t.Errorf("round %s recorded twice", m[1])
		}
		var key []string
		for _, line := range strings.Split(chunk, "\n") {
			if strings.HasPrefix(line, "[White ") || strings.HasPrefix(line, "[Black ") || strings.HasPrefix(line, "[FEN ") || strings.HasPrefix(line, "[Result ") {
				key = append(key, line)
			}
		}
		_, moves, _ := strings.Cut(chunk, "\n\n")
		key = append(key, strings.Join(strings.Fields(commentRe.ReplaceAllString(moves, "")), " "))
		games[m[1]] = strings.Join(key, " ")
	}
	return games
}
