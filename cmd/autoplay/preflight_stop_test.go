package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A stop during a big gauntlet's start-up check ends it at once: the engines
// being checked are killed and no other starts. Before, every entry still
// started after the SIGTERM (3,000 entries took 20 s to stop, 10,000 took
// 197 s). Here each engine never finishes its handshake, so the check is
// under way, a few engines at a time, when the signal comes.
func TestSIGTERMDuringThePreflightEndsTheRunAndItsEngines(t *testing.T) {
	bin := buildAutoplay(t)
	dir := t.TempDir()
	// The engine under a path of this test's own, to find what it left.
	mis := filepath.Join(dir, "stuck-engine")
	if err := os.Symlink(proctest.Build(t, "misengine", "../../runner/testdata/misengine"), mis); err != nil {
		t.Fatal(err)
	}
	ioLog := filepath.Join(dir, "io.log")
	const entries = 150
	var yaml strings.Builder
	fmt.Fprintf(&yaml, "type: gauntlet\ngames: 2\npgnout: %s\nlog: %s\neach: {st: 1, timeout: 120}\nengines:\n", filepath.Join(dir, "games.pgn"), ioLog)
	for i := range entries {
		fmt.Fprintf(&yaml, "  - {name: e%d, cmd: %s, args: [-mode=nouciok, -seed=%d]}\n", i, mis, i+1)
	}
	file := filepath.Join(dir, "run.yaml")
	if err := os.WriteFile(file, []byte(yaml.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", file)
	var stdout, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	// Each engine process is in the I/O log under its name and pid (the
	// uci it was sent, how it ended), even one killed before it answered.
	starts := func() int {
		b, _ := os.ReadFile(ioLog)
		return len(distinct(regexp.MustCompile(`\be\d+\(\d+\)`).FindAllString(string(b), -1)))
	}
	proctest.WaitUntil(t, "the first engines started", func() bool { return len(proctest.Running(mis)) > 0 })
	cmd.Process.Signal(syscall.SIGTERM)
	signalled := time.Now()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if code := exitCodeOf(err); code != 130 {
			t.Fatalf("exit code %d, want 130\n%s\n%s", code, stdout.String(), errOut.String())
		}
	case <-time.After(time.Minute): // not a measure of speed: a run that does not stop
		t.Fatalf("still running a minute after SIGTERM, %d engines started", starts())
	}
	t.Logf("stopped %v after SIGTERM, %d engines started", time.Since(signalled).Round(time.Millisecond), starts())
	if n, most := starts(), max(2, runtime.NumCPU()); n > most {
		t.Errorf("%d of %d engines started: engines went on starting after SIGTERM (at most %d at a time)", n, entries, most)
	}
	proctest.WaitUntil(t, "the engines gone", func() bool { return len(proctest.Running(mis)) == 0 })
}

func distinct(words []string) map[string]bool {
	set := map[string]bool{}
	for _, w := range words {
		set[w] = true
	}
	return set
}
