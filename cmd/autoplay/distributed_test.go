package main

import (
	"fmt"
	"net"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// A coordinator and three worker processes on loopback, the built-in engine
// on both sides (each worker starts it from its own binary); one worker is
// SIGKILLed in the middle of a game: its game goes to another worker, every
// game is recorded once, and the killed worker's engines die with it.
func TestCoordinatorAndWorkerProcesses(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	dir := t.TempDir()
	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	pgnPath := filepath.Join(dir, "games.pgn")
	coord := serveRun(t, bin, url,
		"--engine", "cmd=builtin name=deep depth=3", "--engine", "cmd=builtin name=shallow depth=2",
		"--games", "6", "--maxmoves", "20", "--pgnout", pgnPath)

	var workers []*exec.Cmd
	var logs []*proctest.Output
	for range 3 {
		w := exec.Command(bin, "worker", "--nats", url, "--ack-wait", "3s")
		log := &proctest.Output{}
		w.Stderr = log
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		defer w.Process.Kill()
		workers, logs = append(workers, w), append(logs, log)
	}
	proctest.WaitUntil(t, "the first worker begins a game", func() bool { return beganRe.MatchString(logs[0].String()) })
	workers[0].Process.Signal(syscall.SIGKILL) // most likely in the middle of its game
	workers[0].Wait()
	select {
	case err := <-coord.done:
		if err != nil {
			t.Fatalf("coordinator: %v\n%s\n%s", err, coord.out.String(), coord.stderr.String())
		}
	case <-time.After(120 * time.Second):
		t.Fatalf("the coordinator did not finish:\n%s\n%s", coord.out.String(), coord.stderr.String())
	}
	for _, w := range workers[1:] {
		w.Process.Signal(syscall.SIGINT)
		w.Wait()
	}
	if games := proctest.GamesByRound(t, pgnPath); len(games) != 6 {
		t.Fatalf("%d games recorded: %v", len(games), games)
	}
	// A game the killed worker began and had not published is played again
	// by another worker. (Under load it may have published its game before
	// the kill landed: then there is nothing to play again.)
	unpublished := map[string]bool{}
	for _, m := range beganRe.FindAllStringSubmatch(logs[0].String(), -1) {
		unpublished[m[1]] = true
	}
	for _, m := range publishedRe.FindAllStringSubmatch(logs[0].String(), -1) {
		delete(unpublished, m[1])
	}
	for game := range unpublished {
		again := false
		for _, l := range logs[1:] {
			for _, m := range beganRe.FindAllStringSubmatch(l.String(), -1) {
				again = again || m[1] == game
			}
		}
		if !again {
			t.Errorf("game %s, cut off by the kill, was not played again:\n%s", game, logs[0].String())
		}
	}
	if len(unpublished) == 0 {
		t.Logf("the killed worker had published its game before the kill: nothing to play again")
	}
	// Every engine was this binary ("autoplay engine"): none may be left,
	// the SIGKILLed worker's included.
	proctest.WaitUntil(t, "no engine left", func() bool { return len(proctest.Running(bin)) == 0 })
}

// What a worker's log says of a game: begun, and its result published.
var (
	beganRe     = regexp.MustCompile(`: run \S+ game (\d+)\n`)
	publishedRe = regexp.MustCompile(`run \S+ game (\d+): result published`)
)
