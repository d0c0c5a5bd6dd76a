package distributed

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// shellRun is a run whose engine "sh" is a shell command line that leaves
// a file behind and then starts stockfish.
func shellRun(t *testing.T, pgnPath, pwned string) spec.Config {
	t.Helper()
	var engines []spec.EngineConfig
	for _, text := range []string{
		`name=sh cmd=/bin/sh arg=-c "arg=touch ` + pwned + `; exec ` + stockfish + `"`,
		"name=sf cmd=" + stockfish,
	} {
		e := spec.DefaultEngineConfig()
		if err := parse.EngineSpec(&e, text+" nodes=200 option.Hash=8"); err != nil {
			t.Fatal(err)
		}
		engines = append(engines, e)
	}
	return spec.Config{Engines: engines, Schedule: spec.Schedule{Games: 2}, Adjudication: spec.Adjudication{MaxMoves: 10}, Outputs: spec.Outputs{PGNOut: pgnPath}}
}

// fleetRun is what a run with one worker left: the run's error, the
// coordinator's warnings and the worker's log.
type fleetRun struct {
	err           error
	warnings, log string
}

// playWith runs a coordinator with one worker of options o until the run
// ends.
func playWith(t *testing.T, url string, cfg spec.Config, o WorkerOptions) fleetRun {
	t.Helper()
	coord, err := NewCoordinator(url, Auth{}, 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	coord.RefusedGiveUp = 2 * time.Second
	var mu sync.Mutex
	var warnings, log strings.Builder
	coord.Warn = func(s string) { mu.Lock(); warnings.WriteString(s + "\n"); mu.Unlock() }
	o.URL, o.AckWait = url, 3*time.Second
	o.Log = func(s string) { mu.Lock(); log.WriteString(s + "\n"); mu.Unlock() }
	ctx, stop := context.WithCancel(context.Background())
	worked := make(chan struct{})
	go func() {
		defer close(worked)
		Work(ctx, o)
	}()
	start := time.Now()
	_, err = runner.Run(context.Background(), cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
	t.Logf("%s: %v", filepath.Base(cfg.PGNOut), time.Since(start).Round(time.Millisecond))
	stop()
	<-worked
	mu.Lock()
	defer mu.Unlock()
	return fleetRun{err, warnings.String(), log.String()}
}

// A worker runs the engines it was told to trust, by name, with its own
// command lines: a coordinator's "/bin/sh -c 'touch PWNED; exec ...'" ran
// on every worker before. Refused, the run ends with the worker's reason
// rather than going round for ever; the worker's own engine of that name
// plays in its place; only --trust-coordinator-commands runs the shell.
func TestWorkerRunsOnlyTheEnginesItTrusts(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	srv := testServer(t, dir)
	pwned := filepath.Join(dir, "PWNED")
	made := func() bool { _, err := os.Stat(pwned); return err == nil }

	// Its own configuration names sf only: sh is refused, and the
	// coordinator ends the run saying why.
	run := playWith(t, srv.URL(), shellRun(t, filepath.Join(dir, "refused.pgn"), pwned), WorkerOptions{Engines: ownStockfish("sf")})
	if run.err == nil || !strings.Contains(run.err.Error(), "no worker plays this run") || !strings.Contains(run.err.Error(), "engine sh (/bin/sh -c") {
		t.Errorf("the run's error: %v", run.err)
	}
	if !strings.Contains(run.warnings, "refuses this run's games: engine sh") || !strings.Contains(run.log, "not an engine this worker trusts") {
		t.Errorf("the refusal was not said:\ncoordinator: %s\nworker: %s", run.warnings, run.log)
	}
	if made() {
		t.Fatal("a worker without --trust-coordinator-commands ran the coordinator's shell command")
	}

	// Its own engine named sh: the worker's command line, not the shell.
	if run := playWith(t, srv.URL(), shellRun(t, filepath.Join(dir, "own.pgn"), pwned), WorkerOptions{Engines: ownStockfish("sf", "sh")}); run.err != nil {
		t.Errorf("with its own sh: %v", run.err)
	}
	if made() {
		t.Fatal("the worker ran the coordinator's command line for an engine of its own")
	}

	// With the opt-in it runs the coordinator's command line, and says so.
	run = playWith(t, srv.URL(), shellRun(t, filepath.Join(dir, "trusted.pgn"), pwned), WorkerOptions{TrustCoordinatorCommands: true})
	if run.err != nil {
		t.Errorf("with --trust-coordinator-commands: %v", run.err)
	}
	if !made() {
		t.Error("--trust-coordinator-commands did not run the coordinator's command line")
	}
	if !strings.Contains(run.log, "running the coordinator's command line for engine sh: /bin/sh -c") || !strings.Contains(run.log, "--trust-coordinator-commands") {
		t.Errorf("the worker did not log the command lines it trusts:\n%s", run.log)
	}
}
