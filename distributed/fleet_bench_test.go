package distributed

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// BenchmarkFleet measures one coordinator (this process) recording a run's
// games from many workers: the NATS server and the simulated workers
// (fleet_role_test.go: each its own NATS connection and the worker's
// code, with games that cost nothing) run in processes of their own. Per
// worker count it reports, between the first result recorded and the
// last: games recorded per second, the coordinator's and the server's CPU
// per game, the dispatch latency (from the moment a job and an idle
// worker both exist to the worker holding the job, p50 and p99), and the
// peak memory of the coordinator and the server; and it fails when a game
// is lost or recorded twice. b.N is the run's games.
//
//	AUTOPLAY_FLEET_SIZES=1,16,64,256 AUTOPLAY_FLEET_SERVER=embedded|nats-server \
//	  go test -run XXX -bench Fleet -benchtime 400x ./distributed
//
// bench/fleet.sh runs it, a worker count per process.
func BenchmarkFleet(b *testing.B) {
	sizes := []int{1, 16, 64, 256}
	if s := os.Getenv("AUTOPLAY_FLEET_SIZES"); s != "" {
		sizes = sizes[:0]
		for _, f := range strings.Split(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 {
				b.Fatalf("AUTOPLAY_FLEET_SIZES: %q is not a worker count", f)
			}
			sizes = append(sizes, n)
		}
	}
	serverKind := os.Getenv("AUTOPLAY_FLEET_SERVER")
	if serverKind == "" {
		serverKind = "embedded"
	}
	mis := proctest.Build(b, "misengine", "../runner/testdata/misengine")
	for _, n := range sizes {
		b.Run(fmt.Sprintf("workers=%d", n), func(b *testing.B) {
			benchFleet(b, serverKind, mis, n)
		})
	}
}

func benchFleet(b *testing.B, serverKind, mis string, n int) {
	srv := startFleetServer(b, serverKind)
	defer srv.stop()
	workers := startRole(b, "workers", fleetURLEnv+"="+srv.url, fleetWorkersEnv+"="+strconv.Itoa(n))
	defer workers.stop()
	if line := workers.line(b); line != "ready" {
		b.Fatalf("workers: %q", line)
	}
	var engines []spec.EngineConfig
	for _, name := range []string{"a", "b"} {
		e := spec.DefaultEngineConfig()
		parse.EngineSpec(&e, "cmd="+mis+" name="+name+" tc=60+1")
		engines = append(engines, e)
	}
	games := max(b.N, 2)
	cfg := spec.Config{
		Engines:      engines,
		Schedule:     spec.Schedule{Games: games},
		Adjudication: spec.Adjudication{MaxMoves: 1},
		RunLayout:    spec.RunLayout{Concurrency: 1},
		Outputs:      spec.Outputs{PGNOut: filepath.Join(b.TempDir(), "fleet.pgn")},
	}
	coord, err := NewCoordinator(srv.url, Auth{}, DefaultAckWait)
	if err != nil {
		b.Fatal(err)
	}
	defer coord.Close()
	coord.Warn = func(s string) { b.Log(s) }
	count := &countingDispatcher{inner: coord, games: games, recorded: map[int]int{}, serverPID: srv.pid(), workersPID: workers.cmd.Process.Pid}
	b.ResetTimer()
	res, err := runner.Run(context.Background(), cfg, runner.Options{Out: io.Discard, Dispatcher: count})
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	report := workers.finish(b)
	lost, twice := 0, 0
	for g := 1; g <= games; g++ {
		switch c := count.recorded[g]; {
		case c == 0:
			lost++
		case c > 1:
			twice++
		}
	}
	for e, k := range report.FetchErrors {
		b.Logf("%d workers: %d asks for a job failed: %s", n, k, e)
	}
	playedTwice := len(report.Played) - len(count.recorded)
	b.ReportMetric(float64(lost), "lost")
	b.ReportMetric(float64(twice), "recorded-twice")
	b.ReportMetric(float64(playedTwice), "played-twice")
	if lost > 0 || twice > 0 || res.Played != games {
		b.Fatalf("%d workers: %d of %d games lost, %d recorded twice, %d recorded by the run", n, lost, games, twice, res.Played)
	}
	first, last := count.first, count.last
	steady := float64(games - 1)
	span := last.at.Sub(first.at)
	b.ReportMetric(steady/span.Seconds(), "games/s")
	b.ReportMetric(float64((last.cpu-first.cpu).Microseconds())/steady, "coord-cpu-µs/game")
	b.ReportMetric(float64((last.serverCPU-first.serverCPU).Microseconds())/steady, "server-cpu-µs/game")
	b.ReportMetric(float64((last.workersCPU-first.workersCPU).Microseconds())/steady, "workers-cpu-µs/game")
	b.ReportMetric(float64(peakRSS(os.Getpid()))/(1<<20), "coord-peak-MB")
	b.ReportMetric(float64(peakRSS(srv.pid()))/(1<<20), "server-peak-MB")
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "coord-heap-MB")
	reportQuantiles(b, report.Dispatch, "dispatch")
	reportQuantiles(b, report.Queued, "queued")
}

func reportQuantiles(b *testing.B, ds []time.Duration, name string) {
	if len(ds) == 0 {
		return
	}
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, name+"-p50-ms")
	b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1000, name+"-p99-ms")
}

// countingDispatcher passes the coordinator's results on, counting each
// game number recorded and taking the CPU spent, this process's and the
// server's, when the first and the last games are recorded (not between:
// reading /proc is itself a cost).
type countingDispatcher struct {
	inner       *Coordinator
	games       int // the run's: the last result's
	recorded    map[int]int
	serverPID   int
	workersPID  int
	first, last sample
}

type sample struct {
	at                         time.Time
	cpu, serverCPU, workersCPU time.Duration
}

func (c *countingDispatcher) Play(ctx context.Context, cfg *spec.Config, jobs <-chan runner.GameJob, results chan<- *record.GameRecord, stop <-chan struct{}) error {
	mid := make(chan *record.GameRecord)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for rec := range mid {
			c.recorded[rec.Number]++
			if n := len(c.recorded); n == 1 || n == c.games {
				s := sample{at: time.Now(), cpu: selfCPU(), serverCPU: processCPU(c.serverPID), workersCPU: processCPU(c.workersPID)}
				if n == 1 {
					c.first = s
				}
				c.last = s
			}
			results <- rec
		}
	}()
	err := c.inner.Play(ctx, cfg, jobs, mid, stop)
	close(mid)
	<-done
	return err
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processCPU is a process's user and system time from /proc (clock ticks
// of 10 ms: the benchmark's runs are long enough for them).
func processCPU(pid int) time.Duration {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
	f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// peakRSS is a process's peak resident memory (VmHWM), in bytes.
func peakRSS(pid int) int64 {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// fleetServer is the benchmark's NATS server: the embedded one in a
// process of its own, or Debian's nats-server.
type fleetServer struct {
	url  string
	proc *roleProcess
}

func (s *fleetServer) pid() int { return s.proc.cmd.Process.Pid }
func (s *fleetServer) stop()    { s.proc.stop() }

func startFleetServer(b *testing.B, kind string) *fleetServer {
	store := b.TempDir()
	switch kind {
	case "embedded":
		p := startRole(b, "server", fleetStoreEnv+"="+store)
		url, ok := strings.CutPrefix(p.line(b), "url ")
		if !ok {
			p.stop()
			b.Fatal("the server process gave no URL")
		}
		return &fleetServer{url: url, proc: p}
	case "nats-server":
		bin, err := exec.LookPath("nats-server")
		if err != nil {
			b.Skip("no nats-server on PATH")
		}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		cmd := exec.Command(bin, "-a", "127.0.0.1", "-p", strconv.Itoa(port), "-js", "-sd", store)
		p := &roleProcess{cmd: cmd}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		url := fmt.Sprintf("nats://127.0.0.1:%d", port)
		for deadline := time.Now().Add(20 * time.Second); ; {
			nc, err := nats.Connect(url)
			if err == nil {
				nc.Close()
				break
			}
			if time.Now().After(deadline) {
				p.stop()
				b.Fatalf("nats-server at %s: %v", url, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
		return &fleetServer{url: url, proc: p}
	}
	b.Fatalf("AUTOPLAY_FLEET_SERVER=%q: want embedded or nats-server", kind)
	return nil
}

// roleProcess is this test binary started again as the fleet's server or
// workers (TestFleetRole), or Debian's nats-server.
type roleProcess struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
}

func startRole(b *testing.B, role string, env ...string) *roleProcess {
	args := []string{"-test.run", "^TestFleetRole$", "-test.count", "1"}
	if dir := os.Getenv("AUTOPLAY_FLEET_PROFILES"); dir != "" {
		args = append(args, "-test.cpuprofile", filepath.Join(dir, role+".prof")) // pprof the server's and the workers' CPU too
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), fleetRoleEnv+"="+role), env...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	return &roleProcess{cmd: cmd, stdin: stdin, out: bufio.NewReader(out)}
}

// line reads the process's next line.
func (p *roleProcess) line(b *testing.B) string {
	s, err := p.out.ReadString('\n')
	if err != nil {
		p.stop()
		b.Fatalf("%s: %v", p.cmd.Path, err)
	}
	return strings.TrimSpace(s)
}

// finish ends the workers process and reads its report.
func (p *roleProcess) finish(b *testing.B) fleetReport {
	p.stdin.Close()
	var r fleetReport
	for {
		s, err := p.out.ReadString('\n')
		if err != nil {
			b.Fatalf("workers: no report: %v", err)
		}
		if strings.HasPrefix(s, "{") {
			if err := json.Unmarshal([]byte(s), &r); err != nil {
				b.Fatalf("workers' report: %v", err)
			}
			break
		}
	}
	io.Copy(io.Discard, p.out)
	p.cmd.Wait()
	p.cmd = nil
	return r
}

// stop ends the process (if finish has not) and waits for it.
func (p *roleProcess) stop() {
	if p.cmd == nil {
		return
	}
	if p.stdin != nil {
		p.stdin.Close()
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	p.cmd.Wait()
	p.cmd = nil
}
