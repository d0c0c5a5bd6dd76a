package distributed

import (
	"context"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// A client takes four jobs off the queue, acknowledges them, and sends back
// what a worker of another version, a broken worker, a lying one and a
// cheating one would: a result of another wire version, bytes that do not
// decode, a record with other players, and the job's game with a result
// that does not follow from it (Black wins because Black resigned). The
// coordinator records none of them, names each sender, and puts the games
// back in the queue, where real workers play them: the run ends with every
// game once.
func TestCoordinatorRefusesResultsThatDoNotCheckOut(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	ctx := context.Background()
	srv := testServer(t, dir)
	const ackWait = 3 * time.Second
	coord, warnings := testCoordinator(t, srv.URL(), Auth{}, ackWait)
	defer coord.Close()
	cfg := testConfig(t, filepath.Join(dir, "games.pgn"))
	done := make(chan error, 1)
	var res *runner.Result
	go func() {
		var err error
		res, err = runner.Run(ctx, cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
		done <- err
	}()

	nc, err := nats.Connect(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	_, _, _, cons, err := ensure(ctx, js, ackWait, 0)
	if err != nil {
		t.Fatal(err)
	}
	for k, sender := range []string{"old-worker", "broken-worker", "lying-worker", "cheating-worker"} {
		m, job := takeJob(t, cons)
		run := strings.TrimPrefix(m.Subject(), jobSubject(""))
		out := nats.NewMsg(resultSubject(run))
		out.Header.Set(headerWorker, sender)
		out.Header.Set(headerWire, strconv.Itoa(spec.WireVersion))
		switch k {
		case 0:
			out.Header.Set(headerWire, "99")
			out.Data = []byte("a record in a form from the future")
		case 1:
			out.Data = []byte{0xff, 0xff, 0xff}
		case 2:
			rec := &record.GameRecord{Number: job.Number, White: "EVIL", Black: "b", StartFEN: job.Opening.FEN, Outcome: record.WhiteWins,
				Place: record.Place{Encounter: job.Encounter, Pair: job.Pair, White: job.White, Black: job.Black, Opening: job.OpeningIx}}
			if out.Data, err = runner.MarshalRecord(rec); err != nil {
				t.Fatal(err)
			}
		case 3: // the job's own game, but a result that does not follow from it
			rec := &record.GameRecord{Number: job.Number, White: cfg.Engines[job.White].Name, Black: cfg.Engines[job.Black].Name,
				StartFEN: job.Opening.FEN, Outcome: record.BlackWins, Ending: "Black resigns",
				Place: record.Place{Encounter: job.Encounter, Pair: job.Pair, White: job.White, Black: job.Black, Opening: job.OpeningIx}}
			for _, m := range job.Opening.Moves {
				rec.Plies = append(rec.Plies, record.Ply{Move: m, Book: true})
			}
			if out.Data, err = runner.MarshalRecord(rec); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := js.PublishMsg(ctx, out, jetstream.WithMsgID("forged-"+strconv.Itoa(k))); err != nil {
			t.Fatal(err)
		}
	}
	stop, _ := workersFor(t, srv.URL(), 2, ackWait)
	defer stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(120 * time.Second):
		t.Fatal("the run did not end: refused games were not played again")
	}
	if res.Played != 8 {
		t.Errorf("%d games played, want 8", res.Played)
	}
	if got := proctest.GamesByRound(t, cfg.PGNOut); len(got) != 8 {
		t.Errorf("%d games in the PGN, want 8", len(got))
	}
	all := warnings.String()
	for _, want := range []string{"worker old-worker: wire version 99", "worker broken-worker: game record", "worker lying-worker: game",
		"worker cheating-worker: game", "it ends {Black resigns}, which is 1-0, not 0-1"} {
		if !strings.Contains(all, want) {
			t.Errorf("no warning naming %q:\n%s", want, all)
		}
	}
}

// takeJob takes the next job off the queue as a worker would, and
// acknowledges it: what a client that sends forged results holds.
func takeJob(t *testing.T, cons jetstream.Consumer) (jetstream.Msg, runner.GameJob) {
	t.Helper()
	for {
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		for m := range batch.Messages() {
			job, err := parseJob(m.Data())
			if err != nil {
				t.Fatal(err)
			}
			m.Ack()
			return m, job
		}
	}
}
