package runner

import (
	"context"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
	"io"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
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
		Engines: []spec.EngineConfig{a, c}, Games: max(b.N, 2), Concurrency: 2,
		PGNOut: b.TempDir() + "/bench.pgn",
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

// relayPath is the runner's per-move path without the processes: decode an
// engine's info and bestmove lines, check and play the move, ask for the game
// status, and write the next position and go command (to /dev/null).
type relayPath struct {
	e      *Engine
	dec    uciDecoder
	board  Board
	info   [4][]byte
	best   [4][]byte
	clocks [2]Clock
	line   gameLine
	i      int
}

func newRelayPath(tb testing.TB) *relayPath {
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { devnull.Close() })
	stdin, err := newRawPipe(devnull)
	if err != nil {
		tb.Fatal(err)
	}
	cfg := spec.DefaultEngineConfig()
	parse.EngineSpec(&cfg, "tc=10+0.1")
	r := &relayPath{
		e:      &Engine{cfg: &cfg, proc: &process{name: "bench", stdin: stdin}, drv: &uciDriver{}, buf: make([]byte, 0, 4096)},
		clocks: [2]Clock{NewClock(cfg.TC), NewClock(cfg.TC)},
		line:   gameLine{moves: make([]protocol.Move, 0, 128), zeroFEN: make([]byte, 0, 96)},
	}
	r.board, _ = BitboardRules{}.NewBoard("")
	for i, m := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} { // a cycle: games of any length
		r.info[i] = []byte("info depth 12 seldepth 16 multipv 1 score cp 31 nodes 123456 nps 1234567 hashfull 12 tbhits 0 time 100 pv " + m + " e7e5 b1c3 b8c6")
		r.best[i] = []byte("bestmove " + m + " ponder e7e5")
	}
	return r
}

func (r *relayPath) move(tb testing.TB) {
	var ev Event
	r.dec.decode(r.info[r.i%4], &ev)
	r.dec.decode(r.best[r.i%4], &ev)
	if _, err := r.board.Play(ev.Move); err != nil {
		tb.Fatal(err)
	}
	r.board.Status()
	if len(r.line.moves) == cap(r.line.moves) {
		r.line.moves = r.line.moves[:0] // keep the position command game-sized
	}
	r.line.played(ev.Move, r.board)
	r.clocks[r.i%2].Punch(time.Millisecond, 0)
	if _, err := r.e.Think(&r.line, &r.clocks, Color(r.i%2)); err != nil {
		tb.Fatal(err)
	}
	r.i++
}

// BenchmarkRelayMove measures the per-move path; it must not allocate.
func BenchmarkRelayMove(b *testing.B) {
	r := newRelayPath(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		r.move(b)
	}
}

// TestRelayPathDoesNotAllocate holds the per-move path to zero allocations
// (the board's history grows by doubling, which averages out to zero).
func TestRelayPathDoesNotAllocate(t *testing.T) {
	r := newRelayPath(t)
	if allocs := testing.AllocsPerRun(2000, func() { r.move(t) }); allocs != 0 {
		t.Errorf("%v allocations per move", allocs)
	}
}

// A capture or pawn move keeps the position the engines are told from, in
// a buffer the line reuses: no allocation either.
func TestGameLineKeepsItsFENWithoutAllocating(t *testing.T) {
	board, _ := BitboardRules{}.NewBoard("")
	line := gameLine{moves: make([]protocol.Move, 0, 8), zeroFEN: make([]byte, 0, 96)}
	m, _ := board.Play(protocol.MustParseMove("e2e4"))
	line.played(m, board)
	if string(line.zeroFEN) != board.FEN() || line.zeroAt != 1 {
		t.Fatalf("zero FEN %q at %d, want %q at 1", line.zeroFEN, line.zeroAt, board.FEN())
	}
	allocs := testing.AllocsPerRun(100, func() {
		line.moves = line.moves[:0]
		line.played(m, board)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per zeroing move", allocs)
	}
}
