package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A terminal's Ctrl-C signals the whole foreground process group. Engines
// run in groups of their own, so only autoplay sees it: running games are
// abandoned, never scored as disconnects, and every engine is gone after.
// SIGTERM (a plain kill) stops the run the same way.
func TestTerminalSignalsStopTheRunNotTheEngines(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	for _, tc := range []struct {
		name  string
		group bool // signal the whole process group, as a terminal does
		sig   syscall.Signal
	}{{"Ctrl-C to the foreground group", true, syscall.SIGINT}, {"SIGTERM to autoplay", false, syscall.SIGTERM}} {
		t.Run(tc.name, func(t *testing.T) {
			pgnPath := filepath.Join(t.TempDir(), "games.pgn")
			cmd := exec.Command(bin, "match",
				"--engine", "cmd="+stockfish+" name=a option.Hash=4",
				"--engine", "cmd="+stockfish+" name=b option.Hash=4",
				"--each", "tc=5+0.05", "--games", "50", "--maxmoves", "8", "--concurrency", "2", "--pgnout", pgnPath)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a job of its own, like a shell's
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
			proctest.WaitUntil(t, "a finished game", func() bool {
				b, _ := os.ReadFile(pgnPath)
				return bytes.Contains(b, []byte("[Event "))
			})
			engines := descendantsOf(cmd.Process.Pid)
			if tc.group {
				syscall.Kill(-cmd.Process.Pid, tc.sig)
			} else {
				cmd.Process.Signal(tc.sig)
			}
			if code := exitCodeOf(cmd.Wait()); code != 130 {
				t.Fatalf("exit code %d, want 130\n%s\n%s", code, stdout.String(), stderr.String())
			}
			b, _ := os.ReadFile(pgnPath)
			if bytes.Contains(b, []byte("disconnects")) || bytes.Contains(b, []byte("stalls")) {
				t.Errorf("the stop was scored against an engine:\n%s", b)
			}
			if games, finished := bytes.Count(b, []byte("[Event ")), strings.Count(stdout.String(), "Finished game"); games != finished {
				t.Errorf("%d games in the PGN, %d reported finished", games, finished)
			}
			for _, pid := range engines {
				if alive(pid) {
					t.Errorf("engine process %d outlived the run", pid)
				}
			}
		})
	}
}

// An engine that forks a process into a session of its own, out of its
// process group, still leaves nothing behind: autoplay is the subreaper of
// its engines' descendants and kills them.
func TestEngineDescendantsInOtherSessionsDieWithTheRun(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	mis := proctest.Build(t, "misengine", "../../runner/testdata/misengine")
	cmd := exec.Command(bin, "match",
		"--engine", "cmd="+mis+" name=mis arg=-holder=session arg=-mode=crash arg=-at=3",
		"--engine", "cmd="+stockfish+" name=sf nodes=200 option.Hash=4",
		"--each", "tc=5+0.05", "--games", "2", "--maxmoves", "20")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "mis disconnects") && !strings.Contains(stdout.String(), "disconnects") {
		t.Errorf("the crash was not recorded:\n%s", stdout.String())
	}
	proctest.WaitUntil(t, "the engine's forked processes to be gone", func() bool {
		return len(proctest.Holders(mis)) == 0
	})
}

// descendantsOf lists pid's live descendants.
func descendantsOf(pid int) []int {
	var all []int
	for _, kid := range childrenOf(pid) {
		all = append(all, kid)
		all = append(all, descendantsOf(kid)...)
	}
	return all
}
