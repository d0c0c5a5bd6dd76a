package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A real fleet: a coordinator names an engine "/bin/sh -c 'touch PWNED;
// exec stockfish'". A worker started as configs/workers starts one (its own
// engines by --engine) refuses it, says why, and the coordinator says it
// too; the file is never made. A worker with --trust-coordinator-commands
// runs it, logging the command line, and the run finishes.
func TestAWorkerRunsACoordinatorsCommandLineOnlyWhenToldTo(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	pwned := filepath.Join(dir, "PWNED")
	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	coord := serveRun(t, bin, url,
		"--engine", `name=sh cmd=/bin/sh arg=-c "arg=touch `+pwned+`; exec `+stockfish+`"`,
		"--engine", "name=sf cmd="+stockfish, "--each", "nodes=200 option.Hash=8",
		"--games", "2", "--maxmoves", "10", "--pgnout", filepath.Join(dir, "games.pgn"))

	worker := func(flags ...string) (*exec.Cmd, *proctest.Output) {
		w := exec.Command(bin, append([]string{"worker", "--nats", url, "--ack-wait", "3s"}, flags...)...)
		log := &proctest.Output{}
		w.Stderr = log
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Process.Kill() })
		return w, log
	}
	careful, carefulLog := worker("--engine", "name=sf cmd="+stockfish)
	made := func() bool { _, err := os.Stat(pwned); return err == nil }
	proctest.WaitUntil(t, "the coordinator to hear of the refusal", func() bool {
		return made() || strings.Contains(coord.stderr.String(), "refuses this run's games: engine sh (/bin/sh -c")
	})
	if log := carefulLog.String(); !strings.Contains(log, "not an engine this worker trusts") || !strings.Contains(log, "--trust-coordinator-commands") {
		t.Errorf("the worker's refusal:\n%s", log)
	}
	careful.Process.Signal(syscall.SIGINT)
	careful.Wait()
	if made() {
		t.Fatalf("a worker without --trust-coordinator-commands ran the coordinator's command line:\n%s", carefulLog.String())
	}

	_, trustingLog := worker("--trust-coordinator-commands")
	select {
	case err := <-coord.done:
		if err != nil {
			t.Fatalf("coordinator: %v\n%s\n%s", err, coord.out.String(), coord.stderr.String())
		}
	case <-time.After(90 * time.Second): // not a measure of speed: a run that never ends
		t.Fatalf("the coordinator did not finish:\n%s\n%s\n%s", coord.out.String(), coord.stderr.String(), trustingLog.String())
	}
	if !made() {
		t.Errorf("--trust-coordinator-commands did not run the coordinator's command line:\n%s", trustingLog.String())
	}
	if log := trustingLog.String(); !strings.Contains(log, "running the coordinator's command line for engine sh") {
		t.Errorf("the trusting worker did not log the command line it ran:\n%s", log)
	}
}
