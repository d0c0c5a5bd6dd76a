package runner

import (
	"context"
	"io"
	"os"
	"runtime"
	"testing"
	"time"
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
	spec := "cmd=" + stockfishPath + " nodes=1 option.Hash=1"
	a, c := DefaultEngineConfig(), DefaultEngineConfig()
	a.ApplySpec(spec + " name=a")
	c.ApplySpec(spec + " name=b")
	relay := &RelayStats{}
	cfg := MatchConfig{
		Engines: [2]EngineConfig{a, c}, Games: max(b.N, 2), Concurrency: 2,
		Out: io.Discard, PGNOut: b.TempDir() + "/bench.pgn", Relay: relay,
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu := processCPU()
	b.ResetTimer()
	if _, err := RunMatch(context.Background(), cfg); err != nil {
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
