package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
)

// BenchmarkRelayWithWatchers plays a concurrency-8 match of stockfish at
// nodes=1 with the dashboard on and 0 or 8 event-stream clients, and
// reports the relay latency (an engine's move read -> the opponent's go
// written): watchers must not slow it.
//
//	go test -run XXX -bench RelayWithWatchers -benchtime 1x ./web
func BenchmarkRelayWithWatchers(b *testing.B) {
	need(b, stockfish)
	for _, clients := range []int{0, 8} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			for range b.N {
				ln, err := Listen("127.0.0.1:0")
				if err != nil {
					b.Fatal(err)
				}
				live := runner.NewLive()
				srv := Serve(ln, live)
				ctx, stop := context.WithCancel(context.Background())
				for range clients {
					go func() {
						req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL()+"api/events", nil)
						if resp, err := http.DefaultClient.Do(req); err == nil {
							io.Copy(io.Discard, resp.Body)
							resp.Body.Close()
						}
					}()
				}
				time.Sleep(100 * time.Millisecond)
				relay := &runner.RelayStats{}
				cfg := spec.Config{Engines: engines(b, "nodes=1"), Games: 64, Concurrency: 8, PGNOut: filepath.Join(b.TempDir(), "g.pgn")}
				if _, err := runner.Run(context.Background(), cfg, runner.Options{Out: io.Discard, Live: live, Relay: relay}); err != nil {
					b.Fatal(err)
				}
				stop()
				srv.Close()
				b.ReportMetric(float64(relay.Quantile(0.5).Microseconds()), "relay-p50-us")
				b.ReportMetric(float64(relay.Quantile(0.99).Microseconds()), "relay-p99-us")
			}
		})
	}
}
