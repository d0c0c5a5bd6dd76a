package enginehost

import (
	"os"
	"testing"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// relayPath is the runner's per-move path without the processes: decode an
// engine's info and bestmove lines, check and play the move, ask for the game
// status, and write the next position and go command (to /dev/null).
type relayPath struct {
	e      *Engine
	dec    uciDecoder
	board  *chess.Position
	info   [4][]byte
	best   [4][]byte
	clocks Clocks
	hist   History
	i      int
}

func newRelayPath(tb testing.TB) *relayPath {
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { devnull.Close() })
	stdin, err := proc.NewRawPipe(devnull)
	if err != nil {
		tb.Fatal(err)
	}
	cfg := spec.DefaultEngineConfig()
	parse.EngineSpec(&cfg, "tc=10+0.1")
	r := &relayPath{
		e:      &Engine{cfg: &cfg, proc: &process{name: "bench", stdin: stdin}, drv: &uciDriver{}, buf: make([]byte, 0, 4096)},
		clocks: Clocks{Left: [2]time.Duration{10 * time.Second, 10 * time.Second}, Inc: [2]time.Duration{100 * time.Millisecond, 100 * time.Millisecond}},
		hist:   History{moves: make([]protocol.Move, 0, 128), zeroFEN: make([]byte, 0, 96)},
		board:  chess.NewPosition(),
	}
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
	mv, ok := r.board.FromProtocol(ev.Move)
	if !ok {
		tb.Fatalf("illegal %v", ev.Move)
	}
	m := r.board.CanonicalMove(mv)
	r.board.MakeMove(mv)
	r.board.Status()
	if len(r.hist.moves) == cap(r.hist.moves) {
		r.hist.moves = r.hist.moves[:0] // keep the position command game-sized
	}
	r.hist.Played(m, r.board)
	r.clocks.Left[r.i%2] -= time.Millisecond
	if _, err := r.e.Think(&r.hist, r.clocks, record.Color(r.i%2)); err != nil {
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
	board := chess.NewPosition()
	line := History{moves: make([]protocol.Move, 0, 8), zeroFEN: make([]byte, 0, 96)}
	mv, _ := board.FromProtocol(protocol.MustParseMove("e2e4"))
	m := board.CanonicalMove(mv)
	board.MakeMove(mv)
	line.Played(m, board)
	if string(line.zeroFEN) != board.FEN() || line.zeroAt != 1 {
		t.Fatalf("zero FEN %q at %d, want %q at 1", line.zeroFEN, line.zeroAt, board.FEN())
	}
	allocs := testing.AllocsPerRun(100, func() {
		line.moves = line.moves[:0]
		line.Played(m, board)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per zeroing move", allocs)
	}
}
