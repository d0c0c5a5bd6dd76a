package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

// The same command started again while its run still plays (re-running is
// how a run resumes) is refused at once, naming the process that holds the
// files, and writes nothing; once that process is killed outright, the
// lock it held is gone and the next start resumes the run.
func TestSecondRunOnOnePGNIsRefused(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	bin := buildAutoplay(t)
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	args := []string{"match",
		"--engine", "cmd=" + stockfish + " name=a option.Hash=4",
		"--engine", "cmd=" + stockfish + " name=b option.Hash=4",
		"--each", "nodes=3000", "--games", "40", "--maxmoves", "30", "--pgnout", pgnPath}
	first := exec.Command(bin, args...)
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { first.Process.Kill() })
	proctest.WaitUntil(t, "the first run to play a game", func() bool {
		b, _ := os.ReadFile(pgnPath)
		return bytes.Count(b, []byte("[Event ")) >= 1
	})

	// No wall-clock bound on the refusal: a second run that waited for the
	// lock would end only with the first (40 games on) and not name it.
	second := exec.Command(bin, args...)
	out, err := second.CombinedOutput()
	if exitCodeOf(err) != 1 || !strings.Contains(string(out), "is in use by another run (process "+strconv.Itoa(first.Process.Pid)+")") {
		t.Fatalf("second run: %v, want exit 1 naming process %d:\n%s", err, first.Process.Pid, out)
	}
	if strings.Contains(string(out), "Resuming") || strings.Contains(string(out), "Started game") {
		t.Errorf("the second run went on before refusing:\n%s", out)
	}

	first.Process.Signal(syscall.SIGKILL)
	first.Wait()
	third := exec.Command(bin, append(args, "--verbose")...)
	var thirdOut proctest.Output
	third.Stdout, third.Stderr = &thirdOut, &thirdOut
	if err := third.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { third.Process.Kill() })
	proctest.WaitUntil(t, "the third run to resume and start a game", func() bool {
		return strings.Contains(thirdOut.String(), "Started game")
	})
	third.Process.Signal(syscall.SIGINT)
	third.Wait()
	if !strings.Contains(thirdOut.String(), "Resuming: ") {
		t.Errorf("the run after the kill did not resume:\n%s", thirdOut.String())
	}
	rounds := map[string]bool{}
	b, _ := os.ReadFile(pgnPath)
	for _, m := range roundRe.FindAllStringSubmatch(string(b), -1) {
		if rounds[m[1]] {
			t.Errorf("round %s written twice", m[1])
		}
		rounds[m[1]] = true
	}
}
