package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// buildAutoplayWire builds autoplay as a build of another wire version
// would be: the same code, spec.wireVersion set at link time.
func buildAutoplayWire(t *testing.T, version string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "autoplay-wire"+version)
	cmd := exec.Command("go", "build", "-ldflags", "-X github.com/autoplay/autoplay/runner/spec.wireVersion="+version, "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// A fleet upgraded one machine at a time: a worker of another wire version
// joins first; the coordinator tells it it cannot play its runs, and it
// exits with status 5 (which a service manager is told not to restart on),
// naming both versions, before it begins a game. The worker of the run's
// version plays every game once and the run ends.
func TestFleetOfMixedVersionsPlaysEveryGameOnce(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	other := buildAutoplayWire(t, "99")
	dir := t.TempDir()
	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	pgnPath := filepath.Join(dir, "games.pgn")
	coord := serveRun(t, bin, url,
		"--engine", "cmd=builtin name=deep depth=3", "--engine", "cmd=builtin name=shallow depth=2",
		"--games", "6", "--maxmoves", "20", "--pgnout", pgnPath)

	old := startWorker(t, other, url)
	oldLog := old.log
	select {
	case <-old.exited:
	case <-time.After(60 * time.Second):
		t.Fatalf("the worker of version 99 is still there:\n%s", oldLog.String())
	}
	if code := old.cmd.ProcessState.ExitCode(); code != exitWorkerCannotGoOn {
		t.Errorf("the worker of version 99 exited with status %d, want %d:\n%s", code, exitWorkerCannotGoOn, oldLog.String())
	}
	current := startWorker(t, bin, url)
	currentLog := current.log
	select {
	case err := <-coord.done:
		if err != nil {
			t.Fatalf("coordinator: %v\n%s\n%s", err, coord.out.String(), coord.stderr.String())
		}
	case <-time.After(120 * time.Second):
		t.Fatalf("the run did not end:\n%s\nworker of version 99:\n%s\nworker:\n%s", coord.stderr.String(), oldLog.String(), currentLog.String())
	}
	old.stop()
	current.stop()
	data, _ := os.ReadFile(pgnPath)
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`\[Round "(\d+)"\]`).FindAllStringSubmatch(string(data), -1) {
		if seen[m[1]] {
			t.Errorf("game %s recorded twice", m[1])
		}
		seen[m[1]] = true
	}
	if len(seen) != 6 {
		t.Errorf("%d games recorded, want 6", len(seen))
	}
	want := fmt.Sprintf("autoplay: this worker cannot go on: the coordinator runs another version of autoplay: its runs are of wire version %d, this autoplay (devel) reads version 99", spec.WireVersion)
	if !strings.Contains(oldLog.String(), want) {
		t.Errorf("the other version's worker did not say %q:\n%s", want, oldLog.String())
	}
	if beganRe.MatchString(oldLog.String()) {
		t.Errorf("the other version's worker began a game:\n%s", oldLog.String())
	}
}
