package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/spec"
)

// BenchmarkRelayWithWatchers plays a concurrency-8 match of stockfish at
// nodes=1 with the dashboard on and 0 or 200 event-stream clients (in a
// process of their own, so their reading is not counted), and reports the
// relay latency (an engine's move read -> the opponent's go written) and
// the dashboard process's CPU per move: watchers must not slow the moves.
//
//	go test -run XXX -bench RelayWithWatchers -benchtime 1x ./web
func BenchmarkRelayWithWatchers(b *testing.B) {
	need(b, stockfish)
	for _, clients := range []int{0, 200} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			for range b.N {
				ln, err := Listen("127.0.0.1:0")
				if err != nil {
					b.Fatal(err)
				}
				state := live.New()
				srv := Serve(ln, state)
				if clients > 0 {
					watchers := exec.Command(os.Args[0], "-test.run=^TestWatchersProcess$")
					watchers.Env = append(os.Environ(), "AUTOPLAY_WATCH="+srv.URL(), "AUTOPLAY_WATCHERS="+strconv.Itoa(clients))
					if err := watchers.Start(); err != nil {
						b.Fatal(err)
					}
					defer func() { watchers.Process.Kill(); watchers.Wait() }()
					time.Sleep(time.Second) // all connected
				}
				relay := &runner.RelayStats{}
				cfg := spec.Config{Engines: engines(b, "nodes=1"), Schedule: spec.Schedule{Games: 64}, RunLayout: spec.RunLayout{Concurrency: 8}, Outputs: spec.Outputs{PGNOut: filepath.Join(b.TempDir(), "g.pgn")}}
				before := cpu()
				if _, err := runner.Run(context.Background(), cfg, runner.Options{Out: io.Discard, Live: state, Relay: relay}); err != nil {
					b.Fatal(err)
				}
				used := cpu() - before
				srv.Close()
				b.ReportMetric(float64(relay.Quantile(0.5).Microseconds()), "relay-p50-us")
				b.ReportMetric(float64(relay.Quantile(0.99).Microseconds()), "relay-p99-us")
				b.ReportMetric(float64(used.Microseconds())/float64(relay.Moves()), "cpu-us/move")
			}
		})
	}
}

// cpu is the CPU this process has used.
func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestWatchersProcess is the benchmark's browsers: AUTOPLAY_WATCHERS event
// streams on AUTOPLAY_WATCH, read until the process is killed.
func TestWatchersProcess(t *testing.T) {
	url := os.Getenv("AUTOPLAY_WATCH")
	n, _ := strconv.Atoi(os.Getenv("AUTOPLAY_WATCHERS"))
	if url == "" {
		t.Skip("the benchmark's watchers")
	}
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			if resp, err := http.Get(url + "api/events"); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		})
	}
	wg.Wait()
}
