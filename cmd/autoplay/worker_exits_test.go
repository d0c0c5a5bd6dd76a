package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/distributed"
	"github.com/autoplay/autoplay/internal/proctest"
)

// runWorker runs `autoplay worker` with args to its exit: its status and
// what it said.
func runWorker(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	out := &proctest.Output{}
	cmd := exec.Command(bin, append([]string{"worker"}, args...)...)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		return exitCodeOf(err), out.String()
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		<-exited
		return -1, out.String() + "(still running after 60 s: killed)"
	}
}

// A worker exits with status 5 and a reason in words on what waiting or a
// restart does not cure: credentials the server refuses, an engine whose
// program is not there. (A coordinator of another version: see
// TestFleetOfMixedVersionsPlaysEveryGameOnce.)
func TestWorkerExitsOnWhatItCannotSurvive(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	srv, err := distributed.StartServer(distributed.ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(t.TempDir(), "nats"), Auth: distributed.Auth{Token: "right"}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		{"a wrong token", []string{"--nats", srv.URL(), "--nats-token", "wrong"},
			"autoplay: this worker cannot go on: the NATS server at " + srv.URL() + " refused this worker's credentials (--nats-token)"},
		{"no token", []string{"--nats", srv.URL()}, "refused this worker's credentials"},
		{"an engine not there", []string{"--nats", srv.URL(), "--nats-token", "right", "--engine", "name=sf cmd=/nonexistent/stockfish"},
			"autoplay: engine sf: its program /nonexistent/stockfish cannot be run here"},
	} {
		code, said := runWorker(t, bin, c.args...)
		if code != exitWorkerCannotGoOn || !strings.Contains(said, c.want) {
			t.Errorf("a worker given %s exited with status %d, want %d, and said:\n%s\nwant %q", c.what, code, exitWorkerCannotGoOn, said, c.want)
		}
		if strings.Contains(said, "goroutine ") || strings.Count(strings.TrimSpace(said), "\n") > 1 {
			t.Errorf("a worker given %s said more than its reason:\n%s", c.what, said)
		}
	}
}
