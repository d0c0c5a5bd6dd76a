package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// fleetWorker is an `autoplay worker` process of a test: its log, and a
// channel closed once it has exited.
type fleetWorker struct {
	cmd    *exec.Cmd
	log    *proctest.Output
	exited chan struct{}
}

// startWorker starts program as a worker of the server at url; it is
// killed, if still running, when the test ends.
func startWorker(t *testing.T, program, url string) *fleetWorker {
	t.Helper()
	w := &fleetWorker{cmd: exec.Command(program, "worker", "--nats", url, "--ack-wait", "3s"), log: &proctest.Output{}, exited: make(chan struct{})}
	w.cmd.Stderr = w.log
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { w.cmd.Wait(); close(w.exited) }()
	t.Cleanup(func() { w.cmd.Process.Kill(); <-w.exited })
	return w
}

// stop interrupts the worker and waits for it.
func (w *fleetWorker) stop() {
	w.cmd.Process.Signal(syscall.SIGINT)
	<-w.exited
}

// fleetCoordinator is an `autoplay match --serve` process of a test: its
// stdout and stderr, and a channel that gets its exit.
type fleetCoordinator struct {
	cmd         *exec.Cmd
	out, stderr *proctest.Output
	done        chan error
}

// serveRun starts bin as the coordinator of a run (args) serving NATS at
// url, and waits until it serves; it is killed, if still running, when
// the test ends.
func serveRun(t *testing.T, bin, url string, args ...string) *fleetCoordinator {
	t.Helper()
	c := &fleetCoordinator{cmd: exec.Command(bin, append([]string{"match", "--serve", strings.TrimPrefix(url, "nats://"), "--ack-wait", "3s"}, args...)...),
		out: &proctest.Output{}, stderr: &proctest.Output{}, done: make(chan error, 1)}
	c.cmd.Stdout, c.cmd.Stderr = c.out, c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.done <- c.cmd.Wait() }()
	t.Cleanup(func() { c.cmd.Process.Kill() })
	proctest.WaitUntil(t, "the coordinator serves", func() bool { return strings.Contains(c.stderr.String(), "Serving NATS at") })
	return c
}

// coordinate runs a coordinator for a 4-game run on pgnPath until it ends
// (or the deadline), with the workers already pointed at url; its output
// is returned.
func coordinate(t *testing.T, bin, url, pgnPath string, more ...string) string {
	t.Helper()
	coord := exec.Command(bin, append([]string{"match", "--serve", strings.TrimPrefix(url, "nats://"), "--ack-wait", "3s",
		"--engine", "cmd=builtin name=deep depth=2", "--engine", "cmd=builtin name=shallow depth=1",
		"--games", "4", "--maxmoves", "12", "--pgnout", pgnPath}, more...)...)
	var out proctest.Output
	coord.Stdout, coord.Stderr = &out, &out
	if err := coord.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- coord.Wait() }()
	select {
	case err := <-done:
		if err != nil && exitCodeOf(err) != 3 { // 3: an SPRT accepted H0
			t.Fatalf("coordinator: %v\n%s", err, out.String())
		}
	case <-time.After(90 * time.Second):
		coord.Process.Kill()
		<-done
		t.Fatalf("the coordinator did not finish:\n%s", out.String())
	}
	return out.String()
}

// A fleet starts in any order, and a run can be played again from scratch
// on the same NATS store: a worker started before its coordinator waits
// for the server instead of exiting; after the run, its PGN and state are
// deleted and the same command is run again, store kept, and every game is
// recorded again (results are no longer taken for duplicates of the first
// start's).
func TestFleetStartsInAnyOrderAndRunsAgainOnItsStore(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	dir := t.TempDir()
	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	pgnPath := filepath.Join(dir, "games.pgn")

	w := startWorker(t, bin, url)
	proctest.WaitUntil(t, "the worker to wait for its server", func() bool { return strings.Contains(w.log.String(), "waiting for NATS") })
	select {
	case <-w.exited:
		t.Fatalf("the worker exited before its coordinator came:\n%s", w.log.String())
	case <-time.After(500 * time.Millisecond):
	}

	games := func() int {
		b, _ := os.ReadFile(pgnPath)
		return len(regexp.MustCompile(`\[Round "\d+"\]`).FindAllString(string(b), -1))
	}
	coordinate(t, bin, url, pgnPath)
	if n := games(); n != 4 {
		t.Fatalf("first run: %d games", n)
	}
	os.Remove(pgnPath)
	os.Remove(pgnPath + ".state")
	coordinate(t, bin, url, pgnPath)
	if n := games(); n != 4 {
		t.Errorf("the run again on its store: %d games, want 4\n%s", n, w.log.String())
	}
	w.stop()
}

// A run stopped early (its SPRT decided: the workers are told to drop its
// games) and then started again from scratch with the same config is played
// by the same worker: the stop it was told of does not outlive the run's
// next start.
func TestWorkerPlaysARunStartedAgainAfterItsStop(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	dir := t.TempDir()
	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	pgnPath := filepath.Join(dir, "games.pgn")
	w := startWorker(t, bin, url)
	sprt := []string{"--games", "40", "--sprt", "elo0=0 elo1=400 alpha=0.3 beta=0.3"}
	out := coordinate(t, bin, url, pgnPath, sprt...)
	if !strings.Contains(out, "accepted") {
		t.Fatalf("the SPRT did not decide:\n%s", out)
	}
	proctest.WaitUntil(t, "the worker to be told of the stop", func() bool { return strings.Contains(w.log.String(), "stopped: its games dropped") })
	os.Remove(pgnPath)
	os.Remove(pgnPath + ".state")
	out = coordinate(t, bin, url, pgnPath, sprt...)
	if !strings.Contains(out, "accepted") {
		t.Errorf("the run started again did not decide:\n%s\nworker:\n%s", out, w.log.String())
	}
	w.stop()
}
