package distributed

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// The fleet benchmark (BenchmarkFleet) runs its NATS server and its
// simulated workers in processes of their own, this test binary started
// again with fleetRoleEnv set, so that the coordinator's CPU and memory
// are its process's alone. TestFleetRole is that process's body; it skips
// in an ordinary test run.
const (
	fleetRoleEnv    = "AUTOPLAY_FLEET_ROLE" // "server" or "workers"
	fleetURLEnv     = "AUTOPLAY_FLEET_URL"
	fleetStoreEnv   = "AUTOPLAY_FLEET_STORE"
	fleetWorkersEnv = "AUTOPLAY_FLEET_SIZE"
)

func TestFleetRole(t *testing.T) {
	switch os.Getenv(fleetRoleEnv) {
	case "":
		t.Skip("the fleet benchmark's server and workers process (BenchmarkFleet starts it)")
	case "server":
		srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: os.Getenv(fleetStoreEnv)})
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		fmt.Printf("url %s\n", srv.URL())
		waitForEOF()
	case "workers":
		n, err := strconv.Atoi(os.Getenv(fleetWorkersEnv))
		if err != nil {
			t.Fatal(err)
		}
		if err := runFleet(os.Getenv(fleetURLEnv), n); err != nil {
			t.Fatal(err)
		}
	}
}

// waitForEOF returns when the benchmark closes this process's stdin (or it
// is told to end).
func waitForEOF() {
	done := make(chan struct{})
	go func() { bufio.NewReader(os.Stdin).ReadString(0); close(done) }()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	select {
	case <-done:
	case <-sig:
	}
}

// fleetReport is what the workers process tells the benchmark at its end.
type fleetReport struct {
	Played   []int           // the game number of every job played, repeats included
	Dispatch []time.Duration // per job: from the moment both it and an idle worker existed to the worker holding it
	Queued   []time.Duration // per job: from its publication to a worker holding it
	// FetchErrors counts the workers' failed asks for a job, by error
	// (the server's 409 "Exceeded MaxWaiting" past its waiting asks' limit).
	FetchErrors map[string]int
}

// simFleet is the workers process: n simulated workers, each with its own
// NATS connection and the worker's own code for everything but the game,
// which is a copy of one real game (the test engine's, played once per
// run here), renumbered for each job: a game that costs nothing, so that
// what is measured is the coordinator and the server.
type simFleet struct {
	mu        sync.Mutex
	report    fleetReport
	templates map[string]*record.GameRecord
}

func runFleet(url string, n int) error {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	f := &simFleet{templates: map[string]*record.GameRecord{}}
	workers := make([]*worker, n)
	conns := make([]jetstream.Consumer, n)
	for i := range n {
		w, cons, err := newSimWorker(ctx, url, "sim-"+strconv.Itoa(i+1), DefaultAckWait)
		if err != nil {
			return err
		}
		defer w.nc.Close()
		workers[i], conns[i] = w, cons
	}
	fmt.Println("ready")
	var wg sync.WaitGroup
	for i, w := range workers {
		wg.Add(1)
		go func() { defer wg.Done(); f.serve(ctx, w, conns[i]) }()
	}
	waitForEOF()
	stop()
	wg.Wait()
	f.mu.Lock()
	defer f.mu.Unlock()
	return json.NewEncoder(os.Stdout).Encode(f.report)
}

// newSimWorker connects a simulated worker, which trusts the coordinator's
// command lines; the caller closes w.nc.
func newSimWorker(ctx context.Context, url, name string, ackWait time.Duration) (*worker, jetstream.Consumer, error) {
	nc, js, err := connect(url, Auth{}, "autoplay worker", nil)
	if err != nil {
		return nil, nil, err
	}
	_, _, kv, cons, err := ensure(ctx, js, ackWait, 0)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	return &worker{o: WorkerOptions{TrustCoordinatorCommands: true, Log: func(string) {}}, nc: nc, js: js, kv: kv,
		name: name, configs: map[string]*spec.Config{}, running: map[string]map[*context.CancelFunc]bool{},
		stopped: map[string]bool{}, refused: map[string]bool{}, commands: map[string]bool{}}, cons, nil
}

// serve is worker.serve's loop with a game that costs nothing.
func (f *simFleet) serve(ctx context.Context, w *worker, cons jetstream.Consumer) {
	for ctx.Err() == nil {
		asked := time.Now()
		m, err := askForJob(ctx, cons)
		if err != nil && ctx.Err() == nil {
			f.fetchError(err)
			select { // as worker.serve does
			case <-ctx.Done():
			case <-time.After(askRefusedPause):
			}
			continue
		}
		if m == nil {
			continue
		}
		held := time.Now()
		meta, err := m.Metadata()
		if err != nil {
			continue
		}
		ready := meta.Timestamp
		if asked.After(ready) {
			ready = asked
		}
		f.mu.Lock()
		f.report.Dispatch = append(f.report.Dispatch, held.Sub(ready))
		f.report.Queued = append(f.report.Queued, held.Sub(meta.Timestamp))
		f.mu.Unlock()
		f.handle(ctx, w, m)
	}
}

func (f *simFleet) fetchError(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.report.FetchErrors == nil {
		f.report.FetchErrors = map[string]int{}
	}
	f.report.FetchErrors[err.Error()]++
}

// handle is worker.handle with the game copied: the stop check, the
// "playing" report, the result published with its headers and id, then
// the job acknowledged.
func (f *simFleet) handle(ctx context.Context, w *worker, m jetstream.Msg) {
	run := strings.TrimPrefix(m.Subject(), jobSubject(""))
	job, err := parseJob(m.Data())
	if err != nil || w.isStopped(ctx, run) {
		m.Term()
		return
	}
	reportPlaying(w.nc, run, w.name)
	rec, err := f.play(ctx, w, run, job)
	if err != nil {
		fmt.Fprintf(os.Stderr, "game %d: %v\n", job.Number, err)
		m.NakWithDelay(time.Second)
		return
	}
	f.mu.Lock()
	f.report.Played = append(f.report.Played, job.Number)
	f.mu.Unlock()
	data, err := runner.MarshalRecord(rec)
	if err != nil {
		m.Nak()
		return
	}
	msg := nats.NewMsg(resultSubject(run))
	msg.Data = data
	msg.Header.Set(headerWire, strconv.Itoa(spec.WireVersion))
	msg.Header.Set(headerWorker, w.name)
	if w.deliver(ctx, msg, resultID(m, run, job.Number), run, job.Number) {
		m.Ack()
	}
}

// play gives job's game: the run's one real game, renumbered and placed.
func (f *simFleet) play(ctx context.Context, w *worker, run string, job runner.GameJob) (*record.GameRecord, error) {
	cfg, err := w.config(ctx, run)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock() // the first job of a run waits here for its real game, and the others with it
	tmpl := f.templates[run]
	if tmpl == nil {
		p, err := runner.NewPlayer(*cfg, func(string) {})
		if err != nil {
			return nil, err
		}
		tmpl, err = p.Play(ctx, job)
		p.Close()
		if err != nil {
			return nil, err
		}
		f.templates[run] = tmpl
	}
	rec := *tmpl
	rec.Number, rec.StartFEN = job.Number, job.Opening.FEN
	rec.White, rec.Black = cfg.Engines[job.White].Name, cfg.Engines[job.Black].Name
	rec.Place = record.Place{Encounter: job.Encounter, Pair: job.Pair, White: job.White, Black: job.Black, Opening: job.OpeningIx}
	return &rec, nil
}
