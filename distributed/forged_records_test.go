package distributed

import (
	"context"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// forgery is a record a client holding the fleet's token sends for a job
// it took, and the words the coordinator's refusal must hold.
type forgery struct {
	sender string
	forge  func(rec *record.GameRecord, start *chess.Position)
	want   string
}

// legalPlies plays n legal moves from pos (the first each time) as book-less
// engine plies.
func legalPlies(pos *chess.Position, n int) []record.Ply {
	var plies []record.Ply
	for range n {
		var ml chess.MoveList
		pos.GenerateLegal(&ml)
		if ml.Len() == 0 {
			break
		}
		m := ml.Moves()[0]
		plies = append(plies, record.Ply{Move: pos.CanonicalMove(m)})
		pos.MakeMove(m)
	}
	return plies
}

var forgeries = []forgery{
	{"adjudicating-forger", func(rec *record.GameRecord, _ *chess.Position) {
		// No moves, and an adjudication a run without adjudication never makes.
		rec.SetEnd(record.AdjudicatedWin(record.White, "forged"))
	}, "it claims {White wins by adjudication: forged}, an adjudication this run does not configure"},
	{"clock-forger", func(rec *record.GameRecord, start *chess.Position) {
		// A time loss in a nodes= run, by the side to move.
		rec.SetEnd(record.LossOnTime(start.SideToMove()))
	}, "plays without a clock in this run (a node limit only)"},
	{"illegal-forger", func(rec *record.GameRecord, start *chess.Position) {
		rec.Plies = legalPlies(start, 2)
		bad, _ := protocol.ParseMove([]byte("a1a8"))
		rec.Plies = append(rec.Plies, record.Ply{Move: bad})
		rec.SetEnd(record.AdjudicatedDraw("move limit"))
	}, "(ply 3) is illegal after"},
	{"mate-forger", func(rec *record.GameRecord, start *chess.Position) {
		rec.Plies = legalPlies(start, 3)
		winner := start.SideToMove().Other() // start has played: the side that moved last
		rec.SetEnd(record.End{Outcome: record.WinFor(winner), Termination: record.TermNormal, Text: winner.String() + " mates"})
	}, "mates, but"},
	{"limit-forger", func(rec *record.GameRecord, start *chess.Position) {
		// The move limit (25 moves) claimed after four plies.
		rec.Plies = legalPlies(start, 4)
		rec.SetEnd(record.AdjudicatedDraw("move limit"))
	}, "it claims a draw by the move limit of 25 moves, but the engines played 4 plies, not 50"},
}

// A client with the fleet's token takes jobs off the queue and sends back
// forged records of them: an adjudication the run does not configure, a
// time loss in a run without a clock, an illegal move, a false mate, a
// move limit reached early. The coordinator refuses each by name, the
// games are played again by real workers, and the run's PGN holds the games
// a clean local run plays, move for move.
func TestCoordinatorRefusesForgedRecords(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	ctx := context.Background()
	local := testConfig(t, filepath.Join(dir, "local.pgn"))
	if _, err := runner.Run(ctx, local, runner.Options{Out: io.Discard}); err != nil {
		t.Fatal(err)
	}

	auth := Auth{Token: "s3cret"}
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(dir, "nats"), Auth: auth})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const ackWait = 3 * time.Second
	coord, warnings := testCoordinator(t, srv.URL(), auth, ackWait)
	defer coord.Close()
	cfg := testConfig(t, filepath.Join(dir, "fleet.pgn"))
	done := make(chan error, 1)
	go func() {
		_, err := runner.Run(ctx, cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
		done <- err
	}()

	nc, js, err := connect(srv.URL(), auth, "forger", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	_, _, _, cons, err := ensure(ctx, js, ackWait, 0)
	if err != nil {
		t.Fatal(err)
	}
	for k, f := range forgeries {
		m, job := takeJob(t, cons)
		start, err := chess.StartPosition(job.Opening.FEN)
		if err != nil {
			t.Fatal(err)
		}
		rec := &record.GameRecord{Number: job.Number, White: cfg.Engines[job.White].Name, Black: cfg.Engines[job.Black].Name,
			StartFEN: job.Opening.FEN, Place: record.Place{Encounter: job.Encounter, Pair: job.Pair, White: job.White, Black: job.Black, Opening: job.OpeningIx}}
		for _, m := range job.Opening.Moves {
			mv, _ := start.FromProtocol(m)
			rec.Plies = append(rec.Plies, record.Ply{Move: start.CanonicalMove(mv), Book: true})
			start.MakeMove(mv)
		}
		opening := rec.Plies
		f.forge(rec, start)
		rec.Plies = append(opening, rec.Plies...)
		out := nats.NewMsg(resultSubject(strings.TrimPrefix(m.Subject(), jobSubject(""))))
		out.Header.Set(headerWorker, f.sender)
		out.Header.Set(headerWire, strconv.Itoa(spec.WireVersion))
		if out.Data, err = runner.MarshalRecord(rec); err != nil {
			t.Fatal(err)
		}
		if _, err := js.PublishMsg(ctx, out, jetstream.WithMsgID("forged-"+strconv.Itoa(k))); err != nil {
			t.Fatal(err)
		}
	}
	stop := tokenWorkers(t, srv.URL(), auth, 2, ackWait)
	defer stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(120 * time.Second):
		t.Fatal("the run did not end: refused games were not played again")
	}
	want, got := proctest.GamesByRound(t, local.PGNOut), proctest.GamesByRound(t, cfg.PGNOut)
	proctest.SameGames(t, want, got)
	all := warnings.String()
	for _, f := range forgeries {
		if !strings.Contains(all, "worker "+f.sender+": game ") || !strings.Contains(all, f.want) {
			t.Errorf("no warning naming %s and %q:\n%s", f.sender, f.want, all)
		}
	}
}

// tokenWorkers starts n workers that present auth; stop ends them.
func tokenWorkers(t *testing.T, url string, auth Auth, n int, ackWait time.Duration) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := Work(ctx, WorkerOptions{URL: url, Auth: auth, Concurrency: 1, AckWait: ackWait, Engines: ownStockfish("a", "b")}); err != nil {
				t.Error(err)
			}
		}()
	}
	return func() { cancel(); wg.Wait() }
}
