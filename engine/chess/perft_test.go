package chess

import (
	"flag"
	"testing"
	"time"
)

var perftDeep = flag.Bool("perft.deep", false, "also run the long published perft counts")

// The six standard perft positions and their published counts
// (chessprogramming wiki, "Perft Results").
var perftTable = []struct {
	name   string
	fen    string
	counts []uint64 // counts[d-1] is perft(d)
	quick  int      // depth checked in the normal suite
}{
	{"start", StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324}, 5},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862, 4085603, 193690690}, 3},
	{"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624, 11030083}, 5},
	{"pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333, 15833292}, 4},
	{"pos4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", []uint64{6, 264, 9467, 422333, 15833292}, 4},
	{"pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487, 89941194}, 3},
	{"pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594, 164075551}, 3},
	// Chess960 positions from the same page's Chess960 list.
	{"960 #1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", []uint64{21, 528, 12189, 326672, 8146062}, 4},
	{"960 #2", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", []uint64{21, 807, 18002, 667366, 16253601}, 4},
}

func TestPerftMatchesPublishedCounts(t *testing.T) {
	for _, tc := range perftTable {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			before := p.FEN()
			maxDepth := tc.quick
			if testing.Short() {
				maxDepth = min(maxDepth, 3)
			}
			if *perftDeep {
				maxDepth = len(tc.counts)
			}
			for d := 1; d <= maxDepth; d++ {
				if got := p.Perft(d); got != tc.counts[d-1] {
					t.Fatalf("perft(%d) = %d, want %d", d, got, tc.counts[d-1])
				}
			}
			if got := p.FEN(); got != before {
				t.Errorf("position changed by perft: FEN now %q", got)
			}
		})
	}
}

func BenchmarkPerftStart(b *testing.B) {
	b.ReportAllocs()
	p := NewPosition()
	var nodes uint64
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		nodes += p.Perft(5)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}
