package engine

import (
	"testing"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

func searchFEN(t *testing.T, fen string, lim Limits) (Result, *chess.Position) {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(8)
	return s.Search(p, lim), p
}

func TestSearchFindsForcedMates(t *testing.T) {
	tests := []struct {
		name, fen, best string
		mateIn          int
	}{
		{"back-rank mate in 1", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1},
		{"Legal's mate in 2", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 2},
		{"mated in 1", "7k/5K2/8/8/8/8/8/6R1 b - - 0 1", "h8h7", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, _ := searchFEN(t, tc.fen, Limits{Depth: 6})
			if got := res.Best.UCI(); got != tc.best {
				t.Errorf("best = %s, want %s", got, tc.best)
			}
			if sc := scoreToProtocol(res.Score); sc.Kind != protocol.ScoreMate || sc.Value != tc.mateIn {
				t.Errorf("score = %+v, want mate %d", sc, tc.mateIn)
			}
		})
	}
}

func TestSearchTakesARepetitionWhenLosing(t *testing.T) {
	// White, a queen down, has shuffled Nb1-c3-b1 while Black played
	// Qe5-e6-e5; Nc3 again repeats a position, which the search scores as
	// a draw and prefers to any other move.
	p, err := chess.ParseFEN("k7/8/8/4q3/8/8/7P/1N5K w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"b1c3", "e5e6", "c3b1", "e6e5"} {
		m, ok := p.ParseUCI(u)
		if !ok {
			t.Fatalf("%s illegal", u)
		}
		p.MakeMove(m)
	}
	res := NewSearcher(8).Search(p, Limits{Depth: 6})
	if res.Best.UCI() != "b1c3" || res.Score != 0 {
		t.Errorf("best %s score %d, want b1c3 with a draw score 0", res.Best.UCI(), res.Score)
	}
}

func TestSearchStopsWithinMoveTime(t *testing.T) {
	start := time.Now()
	res, p := searchFEN(t, "r2q1rk1/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 4 8", Limits{MoveTime: 100 * time.Millisecond})
	if el := time.Since(start); el > 300*time.Millisecond {
		t.Errorf("search took %v with movetime 100ms", el)
	}
	if !containsMove(p.LegalMoves(nil), res.Best) {
		t.Errorf("best move %v is not legal", res.Best)
	}
}

func TestBenchIsDeterministic(t *testing.T) {
	a, b := Bench(4), Bench(4)
	if a.Nodes != b.Nodes || a.Nodes == 0 {
		t.Errorf("bench nodes %d then %d, want equal and non-zero", a.Nodes, b.Nodes)
	}
}

func BenchmarkSearchBench(b *testing.B) {
	b.ReportAllocs()
	var nodes uint64
	var el time.Duration
	for i := 0; i < b.N; i++ {
		r := Bench(BenchDepth)
		nodes += r.Nodes
		el += r.Elapsed
	}
	b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func TestSearchHonorsNodeAndDepthLimits(t *testing.T) {
	res, _ := searchFEN(t, chess.StartFEN, Limits{Nodes: 20000})
	if res.Nodes != 20000 {
		t.Errorf("searched %d nodes with a limit of 20000", res.Nodes)
	}
	res, _ = searchFEN(t, chess.StartFEN, Limits{Depth: 3})
	if res.Depth != 3 {
		t.Errorf("reached depth %d with a limit of 3", res.Depth)
	}
}

func TestSearchStopsAtTheRequestedMate(t *testing.T) {
	res, _ := searchFEN(t, "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", Limits{Mate: 2})
	if res.Best.UCI() != "d5f6" || res.Depth > 6 {
		t.Errorf("go mate 2: best %s at depth %d, want d5f6 found early", res.Best.UCI(), res.Depth)
	}
}

func TestSearcherCanBeReusedAfterATimedSearch(t *testing.T) {
	s := NewSearcher(8)
	p := chess.NewPosition()
	s.Search(p, Limits{Nodes: 3000})
	res := s.Search(p, Limits{Depth: 4})
	if res.Depth != 4 {
		t.Errorf("second search reached depth %d, want 4", res.Depth)
	}
}

// A search cut short by its node limit ends with a report of the whole
// search: a GUI that times the engine by its last reported time would
// otherwise charge the unreported search to its pipes.
func TestACutSearchReportsItsWholeSearchLast(t *testing.T) {
	type cut struct {
		fen   string
		nodes uint64
	}
	var cuts []cut
	for _, fen := range []string{
		chess.StartFEN,
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	} {
		for _, nodes := range []uint64{5000, 23000, 61000} {
			cuts = append(cuts, cut{fen, nodes})
		}
	}
	// Here (a win at chess position) the cut iteration found a better move
	// than the finished one's when this test was written.
	cuts = append(cuts, cut{"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", 102800})
	for _, c := range cuts {
		checkCutSearchReport(t, c.fen, c.nodes)
	}
}

func checkCutSearchReport(t *testing.T, fen string, nodes uint64) {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(8)
	var last protocol.Info
	reports := 0
	s.OnInfo = func(in *protocol.Info) {
		reports++
		last = *in
		last.PV = append([]protocol.Move(nil), in.PV...)
	}
	res := s.Search(p, Limits{Nodes: nodes})
	if reports == 0 || res.Depth == 0 {
		t.Fatalf("%s, %d nodes: %d reports, depth %d", fen, nodes, reports, res.Depth)
	}
	if last.Nodes != res.Nodes {
		t.Errorf("%s, %d nodes: last report counts %d nodes, the search %d", fen, nodes, last.Nodes, res.Nodes)
	}
	if len(last.PV) == 0 || last.PV[0] != p.ProtocolMove(res.Best) {
		t.Errorf("%s, %d nodes: last report's PV %v, best move %s", fen, nodes, last.PV, res.Best.UCI())
	}
	switch {
	case last.Depth == res.Depth && last.Score.Bound == protocol.BoundExact:
		if want := scoreToProtocol(res.Score); last.Score != want {
			t.Errorf("%s, %d nodes: last report's score %+v, the search's %+v", fen, nodes, last.Score, want)
		}
	case last.Depth == res.Depth+1 && last.Score.Bound == protocol.BoundLower:
		// a move of the cut iteration beat the finished one's best
	default:
		t.Errorf("%s, %d nodes: last report depth %d %+v after a search of depth %d", fen, nodes, last.Depth, last.Score, res.Depth)
	}
}
