package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A closed terminal (SIGHUP) ends a run as Ctrl-C does: whole games in the
// PGN, the JSON marked interrupted, exit 130. A reader of the output that
// goes away (| head -1) does not stop the run: it plays every game into its
// files.
func TestHangupInterruptsAndAClosedOutputDoesNotStop(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	args := func(pgnPath, jsonPath string, games string) []string {
		return []string{"match", "--engine", "cmd=" + stockfish + " name=a option.Hash=4", "--engine", "cmd=" + stockfish + " name=b option.Hash=4",
			"--each", "nodes=2000", "--games", games, "--maxmoves", "20", "--pgnout", pgnPath, "--json", jsonPath}
	}
	pgnPath, jsonPath := filepath.Join(dir, "hup.pgn"), filepath.Join(dir, "hup.json")
	cmd := exec.Command(bin, args(pgnPath, jsonPath, "200")...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	proctest.WaitUntil(t, "a game", func() bool {
		b, _ := os.ReadFile(pgnPath)
		return bytes.Contains(b, []byte("[Event "))
	})
	cmd.Process.Signal(syscall.SIGHUP)
	err := cmd.Wait()
	if exitCodeOf(err) != 130 {
		t.Errorf("after SIGHUP: %v, want exit 130", err)
	}
	if b, _ := os.ReadFile(jsonPath); !bytes.Contains(b, []byte(`"state": "interrupted"`)) {
		t.Errorf("JSON after SIGHUP: %s", b)
	}

	pgnPath, jsonPath = filepath.Join(dir, "pipe.pgn"), filepath.Join(dir, "pipe.json")
	cmd = exec.Command(bin, append(args(pgnPath, jsonPath, "6"), "--verbose")...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	first := make([]byte, 1)
	io.ReadFull(out, first) // one byte of output read, then the reader goes away
	out.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("with its output closed: %v, want the run to finish", err)
	}
	b, _ := os.ReadFile(pgnPath)
	if n := len(regexp.MustCompile(`\[Round "\d+"\]`).FindAll(b, -1)); n != 6 {
		t.Errorf("%d games in the PGN with the output closed, want 6", n)
	}
	if b, _ := os.ReadFile(jsonPath); !strings.Contains(string(b), `"state": "finished"`) {
		t.Errorf("JSON with the output closed: %s", b)
	}
}
