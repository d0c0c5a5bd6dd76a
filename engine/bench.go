package engine

import (
	"time"

	"github.com/autoplay/autoplay/engine/chess"
)

// benchFENs are the positions "autoplay engine bench" searches: openings,
// middlegames with tactics, and endgames.
var benchFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"r2q1rk1/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 4 8",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
	"8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
	"2r3k1/5pp1/p3p2p/1p1pP3/3P1P2/P1R3P1/1P4KP/8 b - - 0 30",
}

// BenchDepth is the depth "autoplay engine bench" searches by default.
const BenchDepth = 9

// BenchResult is the outcome of Bench.
type BenchResult struct {
	Nodes   uint64 // total nodes: changes only when search behaviour changes
	Elapsed time.Duration
}

// NPS returns nodes per second.
func (r BenchResult) NPS() uint64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// Bench searches every bench position to depth with a cleared 16 MB table
// and fresh move-ordering history, so the node count is the same on every run and machine.
func Bench(depth int) BenchResult {
	var r BenchResult
	s := NewSearcher(16)
	for _, fen := range benchFENs {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			panic(err)
		}
		s.TT.Clear()
		s.ClearHistory()
		start := time.Now()
		res := s.Search(p, Limits{Depth: depth})
		r.Elapsed += time.Since(start)
		r.Nodes += res.Nodes
	}
	return r
}
