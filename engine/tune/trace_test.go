package tune

import (
	"bufio"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/autoplay/autoplay/engine"
	"github.com/autoplay/autoplay/engine/chess"
)

// extraFENs add what self-play samples hold rarely: drawn endgame classes
// (the scale factors), promotions, bare kings, castled kings under attack.
var extraFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r2q1rk1/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 4 8",
	"r1b2rk1/pp3ppp/2n5/3qN3/3P4/3B1Q2/PP3PPP/R4RK1 w - - 0 15",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
	"8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
	"8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
	"8/8/3rk3/8/8/8/3RK1B1/8 b - - 0 1",
	"8/6k1/3b4/4p3/2B5/4K3/8/8 w - - 0 1",
	"7k/8/6K1/P7/8/8/3B4/8 w - - 0 1",
	"8/8/8/8/8/8/8/K6k w - - 0 1",
	"8/2P3k1/8/8/8/8/5pK1/8 b - - 0 1",
	"8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
	"2r3k1/5pp1/p3p2p/1p1pP3/3P1P2/P1R3P1/1P4KP/8 b - - 0 30",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"1k1r3r/ppq2ppp/2n5/8/3Q4/2N5/PPP2PPP/2KR3R b - - 0 1",
}

// testPositions are the sample positions of testdata and extraFENs.
func testPositions(t *testing.T) []*chess.Position {
	t.Helper()
	f, err := os.Open("testdata/sample.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ps []*chess.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p, _, _, err := parseSample(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	for _, fen := range extraFENs {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		ps = append(ps, p)
	}
	return ps
}

// randomWeights perturbs w: every weight moves, so a weight the trace
// counts wrongly shows.
func randomWeights(w engine.EvalWeights, rng *rand.Rand) engine.EvalWeights {
	r := engine.EvalWeights{Pairs: make([][2]int32, len(w.Pairs)), Tempo: rng.Int32N(41) - 20}
	for i, pr := range w.Pairs {
		r.Pairs[i] = [2]int32{pr[0] + rng.Int32N(81) - 40, pr[1] + rng.Int32N(81) - 40}
	}
	for i := range r.King {
		r.King[i] = rng.Int32N(40)
	}
	return r
}

// The trace is Evaluate: for the engine's weights and for random ones,
// EvalTrace.Eval equals Evaluate exactly, and the tuner's real-valued
// evaluation differs from it by rounding only. Fails when Evaluate and
// TraceEval (or the tuner's model) drift apart.
func TestTraceReproducesEvaluate(t *testing.T) {
	ps := testPositions(t)
	orig := engine.CurrentWeights()
	defer engine.SetWeights(orig)
	rng := rand.New(rand.NewPCG(7, 7))
	var kings, scaled, checks, weak int
	for round := range 6 {
		w := orig
		if round > 0 {
			w = randomWeights(orig, rng)
			engine.SetWeights(w)
		}
		params := FromWeights(w)
		var tr engine.EvalTrace
		for _, p := range ps {
			want := engine.Evaluate(p)
			engine.TraceEval(p, &tr)
			if got := tr.Eval(&w); got != want {
				t.Fatalf("weights %d, %s: trace gives %d, Evaluate %d", round, p.FEN(), got, want)
			}
			var d Dataset
			d.add(&tr, 0.5)
			v, _, _, _ := d.eval(params, &d.entries[0])
			if p.SideToMove() == chess.Black {
				v = -v
			}
			// Rounding: eg·scale/64, the taper's /24, the king attack's /32 and /3.
			if math.Abs(v-float64(want)) > 4 {
				t.Errorf("weights %d, %s: the tuner's evaluation is %.2f, Evaluate %d", round, p.FEN(), v, want)
			}
			if round == 0 {
				if tr.KingAttackers != [2]int32{} {
					kings++
				}
				for c := range 2 {
					for i := engine.KingUnitCheck; i < engine.KingUnitCheck+4; i++ {
						checks += int(tr.KingUnits[c][i])
					}
					weak += int(tr.KingUnits[c][engine.KingUnitWeak])
				}
				if tr.Scale != [2]int32{engine.TraceScaleUnity, engine.TraceScaleUnity} {
					scaled++
				}
			}
		}
	}
	// The positions must exercise the terms that are not plain counts.
	if kings < 5 || scaled < 5 || checks < 5 || weak < 5 {
		t.Errorf("only %d positions with a king attack, %d with an endgame scale, %d safe checks and %d weak king squares in all: add some", kings, scaled, checks, weak)
	}
	seen := countSeen(t, ps)
	for _, name := range []string{"kingShelter[1][1]", "kingShelter[0][0]", "kingStorm[0][2]", "kingStorm[1][2]",
		"backwardPawn", "bishopPawns", "minorBehindPawn", "hangingPiece", "passedFree"} {
		if !seen[indexOf(t, name)] {
			t.Errorf("no position counts %s", name)
		}
	}
}

// countSeen says which pair weights some position counts.
func countSeen(t *testing.T, ps []*chess.Position) []bool {
	t.Helper()
	seen := make([]bool, engine.NumPairWeights())
	var tr engine.EvalTrace
	for _, p := range ps {
		engine.TraceEval(p, &tr)
		for _, tm := range tr.Terms {
			seen[tm.Index] = true
		}
	}
	return seen
}

func TestWeightsRoundTrip(t *testing.T) {
	w := engine.CurrentWeights()
	got := FromWeights(w).Weights()
	if got.Tempo != w.Tempo || got.King != w.King {
		t.Fatalf("tempo or king attack changed: %+v", got)
	}
	for i := range w.Pairs {
		if got.Pairs[i] != w.Pairs[i] {
			t.Fatalf("%s: %v became %v", engine.WeightName(i), w.Pairs[i], got.Pairs[i])
		}
	}
}
