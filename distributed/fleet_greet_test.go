package distributed

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
)

// Workers that joined before the run began get their "joined" line when
// it begins (the coordinator says nothing before its run, and said
// nothing of them at all), each once; one that left before is not said.
func TestWorkersWaitingBeforeTheRunAreSaid(t *testing.T) {
	needStockfish(t)
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(t.TempDir(), "nats")})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	coord, _ := testCoordinator(t, srv.URL(), Auth{}, 3*time.Second)
	defer coord.Close()
	notes := &proctest.Output{}
	coord.Note = func(l string) { fmt.Fprintln(notes, l) }

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	leaverCtx, leave := context.WithCancel(ctx)
	for name, ctx := range map[string]context.Context{"early1": ctx, "early2": ctx, "gone": leaverCtx} {
		wg.Go(func() {
			Work(ctx, WorkerOptions{URL: srv.URL(), Name: name, Concurrency: 1, Heartbeat: 200 * time.Millisecond})
		})
	}
	known := func(name, state string) bool {
		coord.fleet.mu.Lock()
		defer coord.fleet.mu.Unlock()
		m := coord.fleet.members[name]
		return m != nil && m.row.State == state
	}
	proctest.WaitUntil(t, "the three workers known to the coordinator", func() bool {
		return known("early1", stateIdle) && known("early2", stateIdle) && known("gone", stateIdle)
	})
	leave()
	proctest.WaitUntil(t, "the leaver left", func() bool { return known("gone", stateLeft) })

	cfg := testConfig(t, filepath.Join(t.TempDir(), "games.pgn"))
	if err := cfg.Complete(); err != nil {
		t.Fatal(err)
	}
	jobs := make(chan runner.GameJob)
	close(jobs) // a run with nothing left to play: it begins and ends
	if err := coord.Play(ctx, &cfg, jobs, make(chan *record.GameRecord), nil); err != nil {
		t.Fatal(err)
	}
	got := notes.String()
	for _, name := range []string{"early1", "early2"} {
		if n := strings.Count(got, "worker "+name+" joined before the run: host "); n != 1 {
			t.Errorf("the coordinator said %d times that %s joined before the run, want once:\n%s", n, name, got)
		}
	}
	if strings.Contains(got, "gone") {
		t.Errorf("the coordinator spoke of a worker that left before the run:\n%s", got)
	}
}
