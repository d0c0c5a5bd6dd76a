package distributed

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// BenchmarkCoordinator measures a coordinator with engines that answer at
// once (the test engine, games of two moves) and 1, 2, 4 and 8 workers:
// games recorded per second, and how long a job waits between its
// publication and its start on a worker (p50, p99).
//
//	go test -run XXX -bench Coordinator -benchtime 400x ./distributed
func BenchmarkCoordinator(b *testing.B) {
	dir := b.TempDir()
	mis := filepath.Join(dir, "misengine")
	if out, err := exec.Command("go", "build", "-o", mis, "../runner/testdata/misengine").CombinedOutput(); err != nil {
		b.Fatalf("%v\n%s", err, out)
	}
	for _, workers := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(b.TempDir(), "nats")})
			if err != nil {
				b.Fatal(err)
			}
			defer srv.Close()
			var mu sync.Mutex
			var waits []time.Duration
			ctx, stop := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			for range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					Work(ctx, WorkerOptions{URL: srv.URL(), TrustCoordinatorCommands: true, Waited: func(d time.Duration) {
						mu.Lock()
						waits = append(waits, d)
						mu.Unlock()
					}})
				}()
			}
			var engines []spec.EngineConfig
			for _, name := range []string{"a", "b"} {
				e := spec.DefaultEngineConfig()
				parse.EngineSpec(&e, "cmd="+mis+" name="+name+" tc=60+1")
				engines = append(engines, e)
			}
			cfg := spec.Config{
				Engines:      engines,
				Schedule:     spec.Schedule{Games: max(b.N, 2)},
				Adjudication: spec.Adjudication{MaxMoves: 1},
				RunLayout:    spec.RunLayout{Concurrency: 1},
				Outputs:      spec.Outputs{PGNOut: filepath.Join(b.TempDir(), "bench.pgn")},
			}
			coord, err := NewCoordinator(srv.URL(), Auth{}, DefaultAckWait)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			start := time.Now()
			res, err := runner.Run(context.Background(), cfg, runner.Options{Out: io.Discard, Dispatcher: coord})
			elapsed := time.Since(start)
			b.StopTimer()
			coord.Close()
			stop()
			wg.Wait()
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(res.Played)/elapsed.Seconds(), "games/s")
			sort.Slice(waits, func(i, j int) bool { return waits[i] < waits[j] })
			if n := len(waits); n > 0 {
				b.ReportMetric(float64(waits[n/2].Microseconds())/1000, "wait-p50-ms")
				b.ReportMetric(float64(waits[n*99/100].Microseconds())/1000, "wait-p99-ms")
			}
			os.Remove(cfg.PGNOut)
		})
	}
}
