package distributed

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
	"github.com/autoplay/autoplay/runner/stats"
)

const stockfish = "/usr/games/stockfish"

func needStockfish(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(stockfish); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must install stockfish")
		}
		t.Skip("stockfish not installed")
	}
}

// testConfig: deterministic engines (stockfish at a node limit, one
// thread), so that a game's moves depend on its opening alone.
func testConfig(t *testing.T, pgnPath string) spec.Config {
	t.Helper()
	var engines []spec.EngineConfig
	for _, keys := range []string{"name=a nodes=600", "name=b nodes=300"} {
		e := spec.DefaultEngineConfig()
		if err := parse.EngineSpec(&e, "cmd="+stockfish+" option.Hash=8 option.Threads=1 "+keys); err != nil {
			t.Fatal(err)
		}
		engines = append(engines, e)
	}
	book, _ := filepath.Abs("../runner/testdata/uho4.epd")
	return spec.Config{
		Engines:      engines,
		Schedule:     spec.Schedule{Games: 8, Openings: spec.OpeningsConfig{File: book}},
		Adjudication: spec.Adjudication{MaxMoves: 25},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Outputs:      spec.Outputs{PGNOut: pgnPath},
	}
}

// testServer is an embedded NATS server storing under dir, closed when the
// test ends.
func testServer(t *testing.T, dir string) *Server {
	t.Helper()
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(dir, "nats")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv
}

// testCoordinator connects a coordinator to the server at url; what it
// warns of is kept in warnings, a line each. The caller closes it.
func testCoordinator(t *testing.T, url string, auth Auth, ackWait time.Duration) (coord *Coordinator, warnings *proctest.Output) {
	t.Helper()
	coord, err := NewCoordinator(url, auth, ackWait)
	if err != nil {
		t.Fatal(err)
	}
	warnings = &proctest.Output{}
	coord.Warn = func(msg string) { fmt.Fprintln(warnings, msg) }
	return coord, warnings
}

// ownStockfish is a worker's own configuration: stockfish under each name,
// the engines the tests' runs name.
func ownStockfish(names ...string) []spec.EngineConfig {
	var engines []spec.EngineConfig
	for _, n := range names {
		engines = append(engines, spec.EngineConfig{Name: n, Cmd: stockfish})
	}
	return engines
}

// A coordinator and three workers play the games of the same schedule a
// local run plays, move for move; one worker is killed in the middle of a
// game and its job goes to another; every game is recorded once.
func TestDistributedRunPlaysTheLocalRunsGames(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	ctx := context.Background()
	local := testConfig(t, filepath.Join(dir, "local.pgn"))
	if _, err := runner.Run(ctx, local, runner.Options{Out: io.Discard}); err != nil {
		t.Fatal(err)
	}

	srv := testServer(t, dir)
	if !srv.Loopback() {
		t.Error("the embedded server listens beyond loopback")
	}
	const ackWait = 3 * time.Second
	wctx, stopWorkers := context.WithCancel(ctx)
	defer stopWorkers()
	var wg sync.WaitGroup
	// The first worker dies as soon as it has begun a game.
	doomed, kill := context.WithCancel(wctx)
	defer kill()
	var once sync.Once
	var mu sync.Mutex
	starts := map[string]int{}      // game -> times begun, by any worker
	doomedOwes := map[string]bool{} // games the doomed worker began and did not publish
	for i := range 3 {
		wctx := wctx
		log := func(line string) {
			mu.Lock()
			defer mu.Unlock()
			if m := regexp.MustCompile(`run \w+ game (\d+)$`).FindStringSubmatch(line); m != nil {
				starts[m[1]]++
				if i == 0 {
					doomedOwes[m[1]] = true
					once.Do(func() { time.AfterFunc(150*time.Millisecond, kill) })
				}
			}
			if m := regexp.MustCompile(`run \w+ game (\d+): result published`).FindStringSubmatch(line); m != nil && i == 0 {
				delete(doomedOwes, m[1])
			}
		}
		if i == 0 {
			wctx = doomed
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := Work(wctx, WorkerOptions{URL: srv.URL(), Concurrency: 1, AckWait: ackWait, Log: log, Engines: ownStockfish("a", "b")}); err != nil {
				t.Error(err)
			}
		}()
	}
	coord, err := NewCoordinator(srv.URL(), Auth{}, ackWait)
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	dist := testConfig(t, filepath.Join(dir, "dist.pgn"))
	res, err := runner.Run(ctx, dist, runner.Options{Out: io.Discard, Dispatcher: coord})
	if err != nil {
		t.Fatal(err)
	}
	stopWorkers()
	wg.Wait()
	if res.Played != 8 {
		t.Fatalf("%d games played", res.Played)
	}
	want, got := proctest.GamesByRound(t, filepath.Join(dir, "local.pgn")), proctest.GamesByRound(t, filepath.Join(dir, "dist.pgn"))
	if len(got) != 8 {
		t.Fatalf("%d games in the distributed PGN", len(got))
	}
	t.Logf("games begun: %v", starts)
	// A game the killed worker had begun and not published is played again
	// (under load it may have published before the kill: nothing to replay).
	mu.Lock()
	for game := range doomedOwes {
		if starts[game] < 2 {
			t.Errorf("game %s, cut off by the worker's death, was not played again: %v", game, starts)
		}
	}
	mu.Unlock()
	proctest.SameGames(t, want, got)
}

// workersFor runs n workers until the returned stop is called; their log
// lines are collected.
func workersFor(t *testing.T, url string, n int, ackWait time.Duration) (stop func(), lines func() []string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var log []string
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := Work(ctx, WorkerOptions{URL: url, Concurrency: 1, AckWait: ackWait, Engines: ownStockfish("a", "b", "strong", "weak"), Log: func(l string) {
				mu.Lock()
				log = append(log, time.Now().Format("15:04:05.000")+" "+l)
				mu.Unlock()
			}})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	return func() { cancel(); wg.Wait() }, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), log...)
	}
}

// A decided SPRT withdraws the run's jobs and the workers drop its games:
// nothing is recorded after the decision and no game is begun after it.
func TestSPRTStopsTheFleet(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	srv := testServer(t, dir)
	stopWorkers, lines := workersFor(t, srv.URL(), 3, 3*time.Second)
	defer stopWorkers()
	coord, err := NewCoordinator(srv.URL(), Auth{}, 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	var engines []spec.EngineConfig
	for _, keys := range []string{"name=strong nodes=20000", "name=weak nodes=1"} {
		e := spec.DefaultEngineConfig()
		parse.EngineSpec(&e, "cmd="+stockfish+" option.Hash=8 option.Threads=1 "+keys)
		engines = append(engines, e)
	}
	pgnPath := filepath.Join(dir, "sprt.pgn")
	cfg := spec.Config{
		Engines:   engines,
		Schedule:  spec.Schedule{Games: 60, SPRT: &stats.SPRT{Elo0: 0, Elo1: 300, Alpha: 0.3, Beta: 0.3}},
		RunLayout: spec.RunLayout{Concurrency: 3},
		Outputs:   spec.Outputs{PGNOut: pgnPath},
	}
	res, err := runner.Run(context.Background(), cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
	if err != nil {
		t.Fatal(err)
	}
	decidedAt := time.Now()
	if res.SPRT.Decision == stats.Continue || res.Played >= 60 {
		t.Fatalf("SPRT %v after %d games", res.SPRT.Decision, res.Played)
	}
	time.Sleep(1500 * time.Millisecond)
	if n := len(proctest.GamesByRound(t, pgnPath)); n != res.Played {
		t.Errorf("%d games in the PGN, %d counted", n, res.Played)
	}
	late := 0
	for _, l := range lines() {
		at, _ := time.Parse("15:04:05.000", l[:12])
		now := decidedAt
		stamp := time.Date(now.Year(), now.Month(), now.Day(), at.Hour(), at.Minute(), at.Second(), at.Nanosecond(), now.Location())
		if gameBegun.MatchString(l) && stamp.After(decidedAt.Add(time.Second)) {
			late++
		}
	}
	if late > 0 {
		t.Errorf("%d games begun more than a second after the decision:\n%s", late, strings.Join(lines(), "\n"))
	}
}

// gameBegun is a worker's log line for a game it begins ("slot 1: run R
// game 7"), not one about a game's result.
var gameBegun = regexp.MustCompile(`slot \d+: run \S+ game \d+$`)

// The coordinator is stopped (as by a kill) and started again: it resumes
// from its PGN and the streams, and the run ends with every game once, the
// same games as a local run.
func TestCoordinatorRestartLosesAndDuplicatesNothing(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	local := testConfig(t, filepath.Join(dir, "local.pgn"))
	if _, err := runner.Run(context.Background(), local, runner.Options{Out: io.Discard}); err != nil {
		t.Fatal(err)
	}
	srv := testServer(t, dir)
	stopWorkers, _ := workersFor(t, srv.URL(), 2, 3*time.Second)
	defer stopWorkers()
	pgnPath := filepath.Join(dir, "dist.pgn")
	first, cut := context.WithCancel(context.Background())
	coord, _ := NewCoordinator(srv.URL(), Auth{}, 3*time.Second)
	out := &cutAfter{n: 3, cancel: cut}
	res, err := runner.Run(first, testConfig(t, pgnPath), runner.Options{Out: out, Dispatcher: coord})
	coord.Close()
	cut()
	if err != nil || !res.Interrupted {
		t.Fatalf("first start: %v %+v", err, res)
	}
	coord, _ = NewCoordinator(srv.URL(), Auth{}, 3*time.Second)
	defer coord.Close()
	res, err = runner.Run(context.Background(), testConfig(t, pgnPath), runner.Options{Out: io.Discard, Dispatcher: coord})
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed < 3 || res.Played != 8 {
		t.Errorf("resumed %d, played %d", res.Resumed, res.Played)
	}
	want, got := proctest.GamesByRound(t, filepath.Join(dir, "local.pgn")), proctest.GamesByRound(t, pgnPath)
	if len(got) != 8 {
		t.Fatalf("%d games", len(got))
	}
	proctest.SameGames(t, want, got)
}

// cutAfter cancels once n games have finished.
type cutAfter struct {
	mu     sync.Mutex
	text   strings.Builder
	n      int
	cancel func()
}

func (c *cutAfter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.text.Write(p)
	if strings.Count(c.text.String(), "Finished game") >= c.n {
		c.cancel()
	}
	return len(p), nil
}
