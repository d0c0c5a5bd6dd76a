package runner

import (
	"context"
	"io"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// BenchmarkMatchStockfishNodes1 plays stockfish against itself at nodes=1,
// two games at a time, and reports what the runner itself spends per move:
// CPU (this process only, engines excluded), heap allocations, and the
// relay latency from an engine's move read to the opponent's go written.
// One op is one game.
func BenchmarkMatchStockfishNodes1(b *testing.B) {
	if _, err := os.Stat(stockfishPath); err != nil {
		b.Skip("stockfish not installed")
	}
	base := "cmd=" + stockfishPath + " nodes=1 option.Hash=1"
	a, c := spec.DefaultEngineConfig(), spec.DefaultEngineConfig()
	parse.EngineSpec(&a, base+" name=a")
	parse.EngineSpec(&c, base+" name=b")
	relay := &RelayStats{}
	cfg := spec.Config{
		Engines:   []spec.EngineConfig{a, c},
		Schedule:  spec.Schedule{Games: max(b.N, 2)},
		RunLayout: spec.RunLayout{Concurrency: 2},
		Outputs:   spec.Outputs{PGNOut: b.TempDir() + "/bench.pgn"},
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu := processCPU()
	b.ResetTimer()
	if _, err := Run(context.Background(), cfg, Options{Out: io.Discard, Relay: relay}); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	cpu = processCPU() - cpu
	runtime.ReadMemStats(&after)
	moves := float64(relay.Moves())
	b.ReportMetric(float64(cpu/time.Microsecond)/moves, "cpu-µs/move")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/moves, "allocs/move")
	b.ReportMetric(float64(relay.Quantile(0.5))/float64(time.Microsecond), "relay-p50-µs")
	b.ReportMetric(float64(relay.Quantile(0.99))/float64(time.Microsecond), "relay-p99-µs")
	b.ReportMetric(moves/float64(cfg.Games), "moves/game")
}
