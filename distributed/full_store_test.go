package distributed

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
)

// The store fills up while the jobs wait: the worker plays its game and
// cannot store the result. It keeps the result and tries again, saying why
// on a subject that needs no storage; the coordinator names the worker and
// the cause, and, with nothing recorded for its give-up time, ends the run
// with an error saying what to do, instead of waiting for ever. Once the
// store has room, the same run started again is completed, every game once,
// the first worker's kept result among them.
func TestFullStoreEndsTheRunWithAClearErrorAndTheRunResumes(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	ctx := context.Background()
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(dir, "nats"), MaxStore: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const ackWait = 3 * time.Second
	cfg := testConfig(t, filepath.Join(dir, "games.pgn"))
	coordinate := func(giveUp time.Duration) (*runner.Result, string, error) {
		coord, warnings := testCoordinator(t, srv.URL(), Auth{}, ackWait)
		defer coord.Close()
		coord.StoreGiveUp = giveUp
		res, err := runner.Run(ctx, cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
		return res, warnings.String(), err
	}
	type outcome struct {
		warnings string
		err      error
	}
	first := make(chan outcome, 1)
	go func() {
		_, warnings, err := coordinate(3 * time.Second)
		first <- outcome{warnings, err}
	}()

	// Wait for the jobs, then fill the store to the brim.
	nc, err := nats.Connect(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	proctest.WaitUntil(t, "the coordinator's jobs", func() bool {
		s, err := js.Stream(ctx, jobsStream)
		if err != nil {
			return false
		}
		info, err := s.Info(ctx)
		return err == nil && info.State.Msgs >= 2
	})
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "FILLER", Subjects: []string{"filler"}, Storage: jetstream.FileStorage}); err != nil {
		t.Fatal(err)
	}
	block := []byte(strings.Repeat("x", 4096))
	for n := 0; ; n++ {
		if _, err := js.Publish(ctx, "filler", block); err != nil {
			break
		}
		if n > 10000 {
			t.Fatal("the store never filled")
		}
	}

	stopWorkers, lines := workersFor(t, srv.URL(), 1, ackWait)
	defer stopWorkers()
	var got outcome
	select {
	case got = <-first:
	case <-time.After(120 * time.Second):
		t.Fatalf("the coordinator did not give up on a full store; worker:\n%s", strings.Join(lines(), "\n"))
	}
	if got.err == nil || !strings.Contains(got.err.Error(), "no result could be stored") || !strings.Contains(got.err.Error(), "insufficient resources") ||
		!strings.Contains(got.err.Error(), "free space") {
		t.Fatalf("the run ended with %v, want an error naming the full store and what to do", got.err)
	}
	if !strings.Contains(got.warnings, "cannot store the result of game") {
		t.Errorf("the coordinator never said which worker could not store what:\n%s", got.warnings)
	}
	if !strings.Contains(strings.Join(lines(), "\n"), "result not published") {
		t.Errorf("the worker did not log its failure:\n%s", strings.Join(lines(), "\n"))
	}
	if n := len(proctest.GamesByRound(t, cfg.PGNOut)); n != 0 {
		t.Errorf("%d games recorded while nothing could be stored", n)
	}

	// Room again: the same run, started again, is completed.
	if err := js.DeleteStream(ctx, "FILLER"); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var res *runner.Result
	go func() {
		var err error
		res, _, err = coordinate(0)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(120 * time.Second):
		t.Fatalf("the resumed run did not end; worker:\n%s", strings.Join(lines(), "\n"))
	}
	if res.Played != 8 {
		t.Errorf("%d games played, want 8", res.Played)
	}
	if got := proctest.GamesByRound(t, cfg.PGNOut); len(got) != 8 {
		t.Errorf("%d games in the PGN, want 8", len(got))
	}
	if errors.Is(got.err, context.Canceled) {
		t.Error("the first run was cancelled, not ended by the full store")
	}
}
