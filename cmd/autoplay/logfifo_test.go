package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A --log FIFO that nobody reads is refused at once, before any game;
// one whose reader holds it open and never reads slows no game, and
// SIGTERM ends the run within the log's few seconds of grace (it used to
// stall the run, and to outlive SIGTERM by 15 s and more).
func TestLogFIFONobodyReadsNeitherStallsNorOutlivesSIGTERM(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "log.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	pgnPath := filepath.Join(dir, "games.pgn")
	match := func() (*exec.Cmd, *bytes.Buffer) {
		cmd := exec.Command(bin, "match",
			"--engine", "cmd="+stockfish+" name=a option.Hash=4 nodes=20000",
			"--engine", "cmd="+stockfish+" name=b option.Hash=4 nodes=20000",
			"--each", "tc=10+0.1", "--games", "50", "--maxmoves", "8", "--concurrency", "2",
			"--pgnout", pgnPath, "--log", fifo)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill() })
		return cmd, &out
	}
	waited := func(cmd *exec.Cmd, within time.Duration) (error, bool) {
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			return err, true
		case <-time.After(within):
			cmd.Process.Kill()
			<-done
			return nil, false
		}
	}

	cmd, out := match()
	err, ended := waited(cmd, 20*time.Second)
	if !ended {
		t.Fatalf("a --log FIFO without a reader stalled the run:\n%s", out)
	}
	if err == nil || !strings.Contains(out.String(), "--log "+fifo+": a FIFO that nobody reads") {
		t.Fatalf("want the FIFO refused, got %v:\n%s", err, out)
	}
	if _, err := os.Stat(pgnPath); err == nil {
		t.Errorf("the refused run wrote its PGN")
	}

	reader, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	cmd, out = match()
	// Four games log well over what the pipe and the log's buffer hold.
	proctest.WaitUntil(t, "four finished games", func() bool {
		b, _ := os.ReadFile(pgnPath)
		return bytes.Count(b, []byte("[Event ")) >= 4
	})
	cmd.Process.Signal(syscall.SIGTERM)
	err, ended = waited(cmd, 30*time.Second)
	if !ended {
		t.Fatalf("the run outlived SIGTERM by 30 s:\n%s", out)
	}
	if code := exitCodeOf(err); code != 130 {
		t.Errorf("exit code %d, want 130:\n%s", code, out)
	}
	if !strings.Contains(out.String(), "lines were not written") {
		t.Errorf("the run did not say the log's end was lost:\n%s", out)
	}
}
