package distributed

import (
	"context"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// A worker that dies as it reports (its result stored, its job not yet
// acknowledged) leaves its job in the queue: once the coordinator has
// recorded the game, the job is taken out, not given to another worker to
// play again after the ack wait (the namespace test's "worker killed as it
// reports" played such a game twice).
func TestRecordedGameIsNotGivenToAnotherWorker(t *testing.T) {
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(t.TempDir(), "nats")})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const ackWait = time.Second
	mis := proctest.Build(t, "misengine", "../runner/testdata/misengine")
	var engines []spec.EngineConfig
	for _, name := range []string{"a", "b"} {
		e := spec.DefaultEngineConfig()
		parse.EngineSpec(&e, "cmd="+mis+" name="+name+" tc=60+1")
		engines = append(engines, e)
	}
	cfg := spec.Config{
		Engines: engines, Schedule: spec.Schedule{Games: 2}, Adjudication: spec.Adjudication{MaxMoves: 1},
		RunLayout: spec.RunLayout{Concurrency: 1}, Outputs: spec.Outputs{PGNOut: filepath.Join(t.TempDir(), "once.pgn")},
	}
	coord, err := NewCoordinator(srv.URL(), Auth{}, ackWait)
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	w, cons, err := newSimWorker(ctx, srv.URL(), "dies-as-it-reports", ackWait)
	if err != nil {
		t.Fatal(err)
	}
	defer w.nc.Close()
	f := &simFleet{templates: map[string]*record.GameRecord{}}
	died := make(chan error, 1)
	go func() { died <- playWithoutAcknowledging(ctx, f, w, cons, cfg.Games) }()
	res, err := runner.Run(ctx, cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-died; err != nil {
		t.Fatal(err)
	}
	if res.Played != cfg.Games {
		t.Fatalf("%d games recorded, want %d", res.Played, cfg.Games)
	}
	// Another worker asks for three ack waits: the jobs came back after one.
	batch, err := cons.Fetch(1, jetstream.FetchMaxWait(3*ackWait))
	if err != nil {
		t.Fatal(err)
	}
	for m := range batch.Messages() {
		job, _ := parseJob(m.Data())
		t.Errorf("game %d, recorded already, was given to another worker", job.Number)
	}
}

// playWithoutAcknowledging plays n jobs, storing each result, and
// acknowledges none: a worker killed as it reports.
func playWithoutAcknowledging(ctx context.Context, f *simFleet, w *worker, cons jetstream.Consumer, n int) error {
	for played := 0; played < n; {
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			return err
		}
		for m := range batch.Messages() {
			run := strings.TrimPrefix(m.Subject(), jobSubject(""))
			job, err := parseJob(m.Data())
			if err != nil {
				return err
			}
			rec, err := f.play(ctx, w, run, job)
			if err != nil {
				return err
			}
			data, err := runner.MarshalRecord(rec)
			if err != nil {
				return err
			}
			msg := nats.NewMsg(resultSubject(run))
			msg.Data = data
			msg.Header.Set(headerWire, strconv.Itoa(spec.WireVersion))
			msg.Header.Set(headerWorker, w.name)
			if _, err := w.js.PublishMsg(ctx, msg, jetstream.WithMsgID(resultID(m, run, job.Number))); err != nil {
				return err
			}
			played++
		}
	}
	return nil
}
