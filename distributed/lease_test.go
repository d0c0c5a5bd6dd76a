package distributed

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// A worker process whose link to NATS goes down mid-game (a proxy on
// loopback that passes nothing while down) keeps its game through an
// outage shorter than the ack wait: it finishes and publishes it, and no
// other worker begins it. Through a longer outage it stops the game,
// saying so in a line, and publishes nothing for it; another worker plays
// it. Either way the game is recorded once and no process is left.
func TestWorkerCutOffKeepsOrGivesUpItsGame(t *testing.T) {
	t.Run("ShorterThanTheAckWait", func(t *testing.T) {
		f := startCutOff(t)
		time.Sleep(300 * time.Millisecond)
		f.link.setUp(false)
		time.Sleep(leaseTestAckWait * 65 / 100)
		f.link.setUp(true)
		f.finish()
		if n := f.begun(); n != 1 {
			t.Errorf("the game was begun %d times, want once (by the worker cut off):\n%s", n, f.said())
		}
		if !strings.Contains(f.cut.String(), "result published") {
			t.Errorf("the worker cut off did not publish its game:\n%s", f.said())
		}
	})
	t.Run("LongerThanTheAckWait", func(t *testing.T) {
		f := startCutOff(t)
		time.Sleep(300 * time.Millisecond)
		f.link.setUp(false)
		time.Sleep(leaseTestAckWait * 3 / 2) // past the ack wait: the job is given to the other worker
		f.link.setUp(true)
		f.finish()
		if !leaseLostLine.MatchString(f.cut.String()) {
			t.Errorf("the worker cut off did not say it gave its game up:\n%s", f.said())
		}
		// Its own begun game stopped, the worker cut off published one
		// game fewer than it began (it may take the job again once back).
		if published, begun := strings.Count(f.cut.String(), "result published"), len(firstGameBegun.FindAllString(f.cut.String(), -1)); published >= begun {
			t.Errorf("the worker cut off published the game it began %d times %d times:\n%s", begun, published, f.said())
		}
	})
}

const leaseTestAckWait = 2 * time.Second

var leaseLostLine = regexp.MustCompile(`run \S+ game 1: cut off from NATS for [0-9.]+m?s, too near the ack wait \(2s\) .*: another worker plays it; stopped here, its result not published`)

// cutOff is a run of one game, its server, and two worker processes: one
// behind a link that the test takes down, the other reaching the server
// directly, started once the first has begun the game.
type cutOff struct {
	t          *testing.T
	bin, mis   string
	link       *linkProxy
	cut, other *proctest.Output
	workers    []*exec.Cmd
	played     chan error
	res        *runner.Result
	pgn        string
}

func startCutOff(t *testing.T) *cutOff {
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(t.TempDir(), "nats")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	f := &cutOff{t: t, bin: proctest.Build(t, "autoplay", "github.com/autoplay/autoplay/cmd/autoplay"),
		mis: proctest.Build(t, "misengine", "../runner/testdata/misengine"), link: newLinkProxy(t, strings.TrimPrefix(srv.URL(), "nats://")),
		cut: &proctest.Output{}, other: &proctest.Output{}, played: make(chan error, 1), pgn: filepath.Join(t.TempDir(), "cut.pgn")}
	f.startWorker(f.link.URL(), f.cut)
	proctest.WaitUntil(t, "the worker behind the link to connect", func() bool { return strings.Contains(f.cut.String(), "connected to NATS") })
	var engines []spec.EngineConfig
	for _, name := range []string{"a", "b"} {
		e := spec.DefaultEngineConfig()
		if err := parse.EngineSpec(&e, f.engine(name)+" tc=60+1"); err != nil {
			t.Fatal(err)
		}
		engines = append(engines, e)
	}
	cfg := spec.Config{Engines: engines, Schedule: spec.Schedule{Games: 1}, Adjudication: spec.Adjudication{MaxMoves: 10},
		RunLayout: spec.RunLayout{Concurrency: 1}, Outputs: spec.Outputs{PGNOut: f.pgn}}
	coord, _ := testCoordinator(t, srv.URL(), Auth{}, leaseTestAckWait)
	t.Cleanup(coord.Close)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	go func() {
		res, err := runner.Run(ctx, cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
		f.res = res
		f.played <- err
	}()
	proctest.WaitUntil(t, "the worker behind the link to begin the game", func() bool { return f.begun() == 1 })
	f.startWorker(srv.URL(), f.other)
	return f
}

// engine is the misengine each worker plays under name: a move every
// 120 ms, so that a game lasts a few seconds.
func (f *cutOff) engine(name string) string {
	return "name=" + name + " cmd=" + f.mis + " arg=-mode arg=slow arg=-delay arg=120ms"
}

func (f *cutOff) startWorker(url string, out *proctest.Output) {
	w := exec.Command(f.bin, "worker", "--nats", url, "--ack-wait", leaseTestAckWait.String(), "--engine", f.engine("a"), "--engine", f.engine("b"))
	w.Stdout, w.Stderr = out, out
	if err := w.Start(); err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { w.Process.Kill(); w.Wait() })
	f.workers = append(f.workers, w)
}

var firstGameBegun = regexp.MustCompile(`(?m)slot \d+: run \S+ game 1$`)

// begun counts the workers' starts of the game.
func (f *cutOff) begun() int {
	return len(firstGameBegun.FindAllString(f.cut.String()+f.other.String(), -1))
}

// finish waits for the run, checks that it recorded its game once, stops
// the workers and checks that no worker or engine is left.
func (f *cutOff) finish() {
	t := f.t
	t.Helper()
	select {
	case err := <-f.played:
		if err != nil {
			t.Fatalf("the run: %v\n%s", err, f.said())
		}
	case <-time.After(time.Minute):
		t.Fatalf("the run did not end:\n%s", f.said())
	}
	if f.res.Played != 1 || len(proctest.GamesByRound(t, f.pgn)) != 1 {
		t.Errorf("%d games recorded, want 1", f.res.Played)
	}
	for _, w := range f.workers {
		w.Process.Signal(os.Interrupt)
		w.Wait()
	}
	proctest.WaitUntil(t, "no worker or engine left", func() bool {
		return len(proctest.Running(f.bin)) == 0 && len(proctest.Running(f.mis)) == 0
	})
}

func (f *cutOff) said() string {
	return "--- the worker cut off:\n" + f.cut.String() + "--- the other worker:\n" + f.other.String()
}
