package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nkeys"

	"github.com/autoplay/autoplay/internal/proctest"
)

// workerWith starts bin as a worker of the server at url with args; it is
// killed, if still running, when the test ends.
func workerWith(t *testing.T, bin, url string, args ...string) *fleetWorker {
	t.Helper()
	w := &fleetWorker{cmd: exec.Command(bin, append([]string{"worker", "--nats", url, "--ack-wait", "3s"}, args...)...), log: &proctest.Output{}, exited: make(chan struct{})}
	w.cmd.Stderr = w.log
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { w.cmd.Wait(); close(w.exited) }()
	t.Cleanup(func() { w.cmd.Process.Kill(); <-w.exited })
	return w
}

// wantCannotGoOn checks that a worker exited with status 5 and said want,
// and nothing but its reason.
func wantCannotGoOn(t *testing.T, what string, code int, said, want string) {
	t.Helper()
	if code != exitWorkerCannotGoOn || !strings.Contains(said, want) {
		t.Errorf("a worker given %s exited with status %d, want %d, and said:\n%s\nwant %q", what, code, exitWorkerCannotGoOn, said, want)
	}
	if strings.Contains(said, "goroutine ") {
		t.Errorf("a worker given %s said a stack trace:\n%s", what, said)
	}
}

// A NATS deployment in operator mode (users in JWTs, as nsc makes them):
// a worker logs in with its .creds file and plays, the coordinator with
// its own; a worker whose credentials are signed by an account the
// operator does not know, expired, revoked, or not a .creds file at all,
// exits with status 5 and says so.
func TestWorkerLogsInWithACredsFile(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	srv := startOperatorServer(t)
	url := srv.URL()

	stranger := mustKey(t, nkeys.CreateAccount)
	wrong, _ := srv.user(t, "wrong", time.Time{}, stranger)
	expired, _ := srv.user(t, "expired", time.Now().Add(-time.Hour), nil)
	revoked, revokedPub := srv.user(t, "revoked", time.Time{}, nil)
	srv.revoke(t, revokedPub)
	garbled := filepath.Join(t.TempDir(), "garbled.creds")
	os.WriteFile(garbled, []byte("-----BEGIN NATS USER JWT-----\nnot a jwt\n------END NATS USER JWT------\n"), 0o600)
	for _, c := range []struct{ what, creds, want string }{
		{"credentials of an account the server does not know", wrong,
			"autoplay: this worker cannot go on: the NATS server at " + url + " refused this worker's credentials (--nats-creds " + wrong + "): "},
		{"expired credentials", expired, "autoplay: this worker cannot go on: --nats-creds " + expired + ": its user JWT (U"},
		{"revoked credentials", revoked, "refused this worker's credentials (--nats-creds " + revoked + ")"},
		{"a file that is not a .creds file", garbled, "--nats-creds " + garbled + ": not a NATS credentials file"},
		{"no credentials", "", "refused this worker's credentials (none given: --nats-token, --nats-user with --nats-password, --nats-creds or --nats-nkey)"},
	} {
		args := []string{"--nats", url}
		if c.creds != "" {
			args = append(args, "--nats-creds", c.creds)
		}
		code, said := runWorker(t, bin, args...)
		wantCannotGoOn(t, c.what, code, said, c.want)
	}

	coordinatorCreds, _ := srv.user(t, "coordinator", time.Time{}, nil)
	workerCreds, _ := srv.user(t, "worker", time.Time{}, nil)
	coord := natsRun(t, bin, url, "--nats-creds", coordinatorCreds,
		"--engine", "cmd=builtin name=deep depth=2", "--engine", "cmd=builtin name=shallow depth=1",
		"--games", "2", "--maxmoves", "12", "--pgnout", filepath.Join(t.TempDir(), "games.pgn"))
	w := workerWith(t, bin, url, "--nats-creds", workerCreds)
	coord.finished(t, w.log)
	w.stop()
	if n := strings.Count(w.log.String(), "result published"); n != 2 {
		t.Errorf("the worker published %d results, want 2:\n%s", n, w.log.String())
	}
}

// A worker whose user is revoked mid-run (the operator pushes the account
// with the revocation) exits with status 5 and says its credentials are no
// longer accepted, where it used to fetch in vain forever; its unfinished
// game goes to a worker that is still welcome, and the run ends.
func TestWorkerRevokedMidRunExits(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	srv := startOperatorServer(t)
	url := srv.URL()
	coordinatorCreds, _ := srv.user(t, "coordinator", time.Time{}, nil)
	doomedCreds, doomedPub := srv.user(t, "doomed", time.Time{}, nil)
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	coord := natsRun(t, bin, url, "--nats-creds", coordinatorCreds,
		"--engine", "cmd=builtin name=deep depth=3", "--engine", "cmd=builtin name=shallow depth=2",
		"--games", "4", "--maxmoves", "30", "--pgnout", pgnPath)
	doomed := workerWith(t, bin, url, "--nats-creds", doomedCreds)
	proctest.WaitUntil(t, "the worker begins a game", func() bool { return beganRe.MatchString(doomed.log.String()) })
	srv.revoke(t, doomedPub)
	select {
	case <-doomed.exited:
	case <-time.After(60 * time.Second): // not a measure of speed: a worker that never gives up
		t.Fatalf("a worker whose credentials were revoked still runs after 60 s:\n%s", doomed.log.String())
	}
	said := doomed.log.String()
	if code := doomed.cmd.ProcessState.ExitCode(); code != exitWorkerCannotGoOn ||
		!strings.Contains(said, "autoplay: this worker cannot go on: the NATS server at "+url+" no longer accepts this worker's credentials (--nats-creds "+doomedCreds) {
		t.Errorf("the revoked worker exited with status %d, want %d, and said:\n%s", code, exitWorkerCannotGoOn, said)
	}
	if strings.Contains(said, "goroutine ") || strings.Contains(said, "on connection [") {
		t.Errorf("the revoked worker said a stack trace or nats.go's own lines:\n%s", said)
	}
	t.Logf("the revoked worker said:\n%s", said)

	welcomeCreds, _ := srv.user(t, "welcome", time.Time{}, nil)
	welcome := workerWith(t, bin, url, "--nats-creds", welcomeCreds)
	coord.finished(t, welcome.log)
	welcome.stop()
	if games := proctest.GamesByRound(t, pgnPath); len(games) != 4 {
		t.Errorf("%d games recorded, want 4: %v", len(games), games)
	}
}
