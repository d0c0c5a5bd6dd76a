package distributed

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/spec"
)

// fleetSeen is what a test's coordinator showed of its fleet: the latest
// list and every line it said.
type fleetSeen struct {
	mu    sync.Mutex
	rows  []live.FleetWorker
	notes proctest.Output
}

func (s *fleetSeen) show(rows []live.FleetWorker) {
	s.mu.Lock()
	s.rows = rows
	s.mu.Unlock()
}

func (s *fleetSeen) worker(name string) (live.FleetWorker, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.rows {
		if r.Name == name {
			return r, true
		}
	}
	return live.FleetWorker{}, false
}

// The coordinator knows its fleet: each worker as it said it is (host,
// cores, version, its engines with the speed its games measured), what it
// played, the jobs it refused; a worker that stops cleanly is listed as
// left, one whose heartbeats stop as silent, and both stay listed.
func TestCoordinatorKnowsItsFleet(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	srv := testServer(t, dir)
	coord, _ := testCoordinator(t, srv.URL(), Auth{}, 3*time.Second)
	defer coord.Close()
	seen := &fleetSeen{}
	coord.Fleet = seen.show
	coord.Note = func(l string) { fmt.Fprintln(&seen.notes, l) }

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	work := func(ctx context.Context, o WorkerOptions) {
		o.URL, o.Concurrency, o.AckWait, o.Heartbeat = srv.URL(), 1, 3*time.Second, 200*time.Millisecond
		wg.Go(func() {
			if err := Work(ctx, o); err != nil {
				t.Errorf("worker %s: %v", o.Name, err)
			}
		})
	}
	leaverCtx, leave := context.WithCancel(ctx)
	steadyLog := &proctest.Output{}
	work(ctx, WorkerOptions{Name: "steady", Engines: ownStockfish("a", "b"), Log: func(l string) { fmt.Fprintln(steadyLog, l) }})
	work(leaverCtx, WorkerOptions{Name: "leaver", Engines: ownStockfish("a", "b")})
	work(ctx, WorkerOptions{Name: "refuser"}) // trusts neither engine
	defer func() { cancel(); wg.Wait() }()

	cfg := testConfig(t, filepath.Join(dir, "games.pgn"))
	cfg.Games = 6
	done := make(chan error, 1)
	go func() {
		_, err := runner.Run(ctx, cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
		done <- err
	}()
	proctest.WaitUntil(t, "the leaver plays a game", func() bool { r, _ := seen.worker("leaver"); return r.Played > 0 })
	leave()
	// A worker whose heartbeats stop (its host cut off, a kill -9): one beat
	// in the workers' own words, then nothing.
	ghost, err := nats.Connect(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer ghost.Close()
	beat, _ := json.Marshal(presence{Kind: presenceBeat, Name: "ghost", Host: "elsewhere", CPUs: 64, Version: "v9", Wire: spec.WireVersion, Every: 200 * time.Millisecond})
	ghost.Publish(fleetSubject, beat)
	ghost.Flush()

	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(90 * time.Second):
		t.Fatalf("the run did not end; the coordinator said:\n%s", seen.notes.String())
	}
	proctest.WaitUntil(t, "the leaver left, the ghost went silent, every game counted", func() bool {
		l, _ := seen.worker("leaver")
		g, _ := seen.worker("ghost")
		s, _ := seen.worker("steady")
		return l.State == stateLeft && g.State == stateSilent && l.Played+s.Played == cfg.Games
	})
	host, _ := os.Hostname()
	played := 0
	for _, name := range []string{"steady", "leaver"} {
		r, _ := seen.worker(name)
		played += r.Played
		if r.Host != host || r.CPUs != runtime.NumCPU() || !strings.Contains(r.Version, fmt.Sprintf("(wire %d)", spec.WireVersion)) || r.Slots != 1 {
			t.Errorf("worker %s listed as %+v, want host %s, %d cores, wire %d, 1 slot", name, r, host, runtime.NumCPU(), spec.WireVersion)
		}
		if r.Played > 0 && (len(r.Engines) != 2 || r.Engines[0].NPS == 0 || r.Engines[1].NPS == 0) {
			t.Errorf("worker %s played %d games and lists its engines as %+v, want a and b with their nodes per second", name, r.Played, r.Engines)
		}
	}
	if played != cfg.Games {
		t.Errorf("the fleet's workers played %d games between them, want %d", played, cfg.Games)
	}
	if r, _ := seen.worker("refuser"); r.Refused == 0 || r.Played != 0 {
		t.Errorf("the refuser is listed with %d refusals and %d games, want refusals and no game", r.Refused, r.Played)
	}
	if r, _ := seen.worker("ghost"); r.Host != "elsewhere" || r.CPUs != 64 {
		t.Errorf("the silent worker is listed as %+v, want what it said of itself", r)
	}
	if !jobLine.MatchString(steadyLog.String()) {
		t.Errorf("the steady worker wrote no line for a job with its engines, result, ending, plies and time:\n%s", steadyLog.String())
	}
	notes := seen.notes.String()
	// steady joined before the run or after its start: either line.
	for _, want := range []string{"worker steady joined(?: before the run)?: host " + regexp.QuoteMeta(host), "worker leaver left", "worker ghost went silent"} {
		if !regexp.MustCompile(want).MatchString(notes) {
			t.Errorf("the coordinator did not say %q:\n%s", want, notes)
		}
	}
}

// jobLine is a worker's line for a job it played.
var jobLine = regexp.MustCompile(`(?m)^run \S+ game \d+: result published: (a vs b|b vs a), (1-0|0-1|1/2-1/2) \([^)]+\), \d+ plies in [\d.]+m?s$`)
