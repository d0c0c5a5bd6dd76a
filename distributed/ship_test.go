package distributed

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

const fairymax = "/usr/games/fairymax"

// --ship-engines: a program only the coordinator has reaches a worker that
// accepts binaries (fetched by its SHA-256 into its cache); a worker that
// does not accept them refuses the run's games.
func TestShippedEngineReachesAcceptingWorkers(t *testing.T) {
	needStockfish(t)
	if _, err := os.Stat(fairymax); err != nil {
		t.Skip("fairymax not installed")
	}
	dir := t.TempDir()
	data, _ := os.ReadFile(fairymax)
	private := filepath.Join(dir, "coordinator-only", "fm")
	os.MkdirAll(filepath.Dir(private), 0o755)
	if err := os.WriteFile(private, data, 0o755); err != nil {
		t.Fatal(err)
	}
	srv := testServer(t, dir)
	var engines []spec.EngineConfig
	for _, keys := range []string{"cmd=" + private + " proto=xboard name=fm", "cmd=" + stockfish + " name=sf nodes=300 option.Hash=8"} {
		e := spec.DefaultEngineConfig()
		if err := parse.EngineSpec(&e, keys+" tc=10+0.1"); err != nil {
			t.Fatal(err)
		}
		engines = append(engines, e)
	}
	cfg := spec.Config{Engines: engines, Schedule: spec.Schedule{Games: 2}, Adjudication: spec.Adjudication{MaxMoves: 6}, RunLayout: spec.RunLayout{Concurrency: 2}, Outputs: spec.Outputs{PGNOut: filepath.Join(dir, "ship.pgn")}}
	if err := ShipEngines(&cfg); err != nil {
		t.Fatal(err)
	}
	sum := cfg.Engines[0].SHA256
	if len(sum) != 64 || cfg.Engines[1].SHA256 == "" {
		t.Fatalf("hashes %q %q", sum, cfg.Engines[1].SHA256)
	}
	coord, err := NewCoordinator(srv.URL(), Auth{}, 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	done := make(chan error, 1)
	go func() {
		_, err := runner.Run(context.Background(), cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
		done <- err
	}()
	// Once uploaded, the program is gone from the coordinator's path.
	_, js, err := connect(srv.URL(), Auth{}, "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	proctest.WaitUntil(t, "the program's upload", func() bool {
		store, err := js.ObjectStore(context.Background(), enginesBucket)
		if err != nil {
			return false
		}
		_, err = store.GetInfo(context.Background(), sum)
		return err == nil
	})
	os.Remove(private)

	cache := filepath.Join(dir, "cache")
	wctx, stop := context.WithCancel(context.Background())
	defer stop()
	var refusals []string
	refusing := make(chan struct{})
	go func() {
		defer close(refusing)
		Work(wctx, WorkerOptions{URL: srv.URL(), AckWait: 3 * time.Second, Log: func(l string) {
			if strings.Contains(l, "--accept-binaries") {
				refusals = append(refusals, l)
			}
		}})
	}()
	time.Sleep(1500 * time.Millisecond) // the refusing worker sees the jobs first
	accepting := make(chan struct{})
	go func() {
		defer close(accepting)
		Work(wctx, WorkerOptions{URL: srv.URL(), AckWait: 3 * time.Second, AcceptBinaries: true, CacheDir: cache})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(90 * time.Second):
		t.Fatal("the run did not finish")
	}
	stop()
	<-refusing
	<-accepting
	if got, err := fileSHA256(filepath.Join(cache, sum)); err != nil || got != sum {
		t.Errorf("cached program: %v %s", err, got)
	}
	if len(refusals) == 0 {
		t.Error("the worker without --accept-binaries did not refuse the run")
	}
	if n := len(proctest.GamesByRound(t, cfg.PGNOut)); n != 2 {
		t.Errorf("%d games", n)
	}
}

// A fetched program whose hash is not the one asked for is refused and not
// kept.
func TestFetchRefusesAProgramThatDoesNotMatch(t *testing.T) {
	dir := t.TempDir()
	srv := testServer(t, dir)
	_, js, err := connect(srv.URL(), Auth{}, "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	store, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: enginesBucket})
	if err != nil {
		t.Fatal(err)
	}
	claimed := strings.Repeat("ab", 32)
	if _, err := store.PutBytes(ctx, claimed, []byte("#!/bin/sh\necho pwned\n")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "cache", claimed)
	if err := fetch(ctx, js, claimed, path); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("fetch: %v", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("the mismatched program was kept")
	}
}
