package distributed

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// A coordinator with a dashboard shows the games its workers play: each
// with its engines, its worker and its moves so far, as the worker sends
// them (every 300 ms here); a recorded game leaves the board, and none
// is left on it when the run is over.
func TestDashboardShowsTheWorkersGames(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	srv := testServer(t, dir)
	coord, _ := testCoordinator(t, srv.URL(), Auth{}, 3*time.Second)
	defer coord.Close()
	state := live.New()
	coord.Live, coord.LiveEvery = state, 300*time.Millisecond

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	wg.Go(func() {
		Work(ctx, WorkerOptions{URL: srv.URL(), Name: "far", Concurrency: 1, Engines: ownStockfish("a", "b")})
	})

	cfg := testConfig(t, filepath.Join(dir, "games.pgn"))
	for i, name := range []string{"a", "b"} {
		// 0.1 s a move: a game of 20 plies lasts past several reports.
		if err := parse.EngineSpec(&cfg.Engines[i], "name="+name+" nodes=0 st=0.1"); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Games, cfg.MaxMoves = 1, 10
	done := make(chan error, 1)
	go func() {
		_, err := runner.Run(ctx, cfg, runner.Options{Out: io.Discard, Dispatcher: coord, Live: state})
		done <- err
	}()
	var seen live.Game
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for ended := false; !ended; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			ended = true
		case <-tick.C:
			for _, g := range state.View().Games {
				if len(g.Moves) > len(seen.Moves) {
					seen = g
				}
			}
		case <-time.After(2 * time.Minute):
			t.Fatal("the run did not end")
		}
	}
	if len(seen.Moves) == 0 || seen.Worker != "far" || !(seen.White == "a" && seen.Black == "b" || seen.White == "b" && seen.Black == "a") {
		t.Errorf("the dashboard's games being played were at most %+v, want a game of a and b on worker far with its moves so far", seen)
	} else {
		t.Logf("seen: game %d, %s - %s on %s, %d plies", seen.Number, seen.White, seen.Black, seen.Worker, len(seen.Moves))
	}
	if games := state.View().Games; len(games) != 0 {
		t.Errorf("the run is over and the dashboard shows %d games being played: %+v", len(games), games)
	}
}

// What a worker sends for the dashboard is taken only for a game still to
// be recorded, in the form the page draws and within bounds; the names
// shown are the run's own.
func TestForgedLiveReportsAreNotShown(t *testing.T) {
	state := live.New()
	r := &remoteGames{state: state, every: DefaultLiveEvery, heard: map[int]time.Time{}}
	q := &jobBook{sent: map[int]sentJob{3: {job: runner.GameJob{Number: 3, White: 1, Black: 0}}}, names: []string{"a", "b"}}
	report := func(data string) {
		m := nats.NewMsg(liveSubject("r"))
		m.Header.Set(headerWorker, "w1")
		m.Data = []byte(data)
		read := make(chan liveReport, 1)
		readLive(m, read)
		select {
		case rep := <-read:
			r.take(rep, q)
		default:
		}
	}
	report(`{"n":4,"moves":["e2e4"]}`)                                                // not pending: recorded, or never asked for
	report(`{"n":3,"moves":["e2e4","<script>"]}`)                                     // not a move
	report(`{"n":3,"moves":[` + strings.Repeat(`"e2e4",`, maxLivePlies) + `"e7e5"]}`) // too long
	report(`{"n":3,"fen":"` + strings.Repeat("x", 200) + `"}`)
	if games := state.View().Games; len(games) != 0 {
		t.Fatalf("forged reports shown: %+v", games)
	}
	report(`{"n":3,"moves":["e2e4","e7e5"],"evals":[{"score":"+0.30000000000000004","depth":9},{"score":"-0.2","depth":8,"pv":"e7e5 g1f3"}]}`)
	games := state.View().Games
	if len(games) != 1 {
		t.Fatalf("a report of a pending game not shown: %+v", games)
	}
	g := games[0]
	if g.White != "b" || g.Black != "a" || g.Worker != "w1" || len(g.Moves) != 2 || g.Evals[0].Score != "" || g.Evals[1].Score != "-0.2" || g.Evals[1].PV != "" {
		t.Errorf("the game shown is %+v, want b - a on w1, 2 moves, the over-long score and the PV left out", g)
	}
	delete(q.sent, 3) // recorded
	r.prune(q, time.Now())
	report(`{"n":3,"moves":["e2e4","e7e5","g1f3"]}`)
	if len(r.heard) != 0 {
		t.Errorf("a late report of a recorded game was taken")
	}
}
