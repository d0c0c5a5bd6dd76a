package runner

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

func TestRoundRobinPlaysEveryPairWithColoursSwapped(t *testing.T) {
	needStockfish(t)
	mis := misengine(t)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=200"),
			engineSpec(t, "cmd="+mis+" name=mis1 nodes=1"),
			engineSpec(t, "cmd="+mis+" name=mis2 nodes=1 arg=-seed=7"),
		},
		Schedule:     spec.Schedule{Type: spec.TypeRoundRobin, Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 20},
		RunLayout:    spec.RunLayout{Concurrency: 2},
	})
	if run.err != nil {
		t.Fatalf("%v\n%s", run.err, run.out)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 6 || run.res.Total != 6 {
		t.Fatalf("%d games, total %d; want 3 encounters × 2", len(games), run.res.Total)
	}
	seen := map[string]int{}
	for _, g := range games {
		seen[g.tags["White"]+"-"+g.tags["Black"]]++
	}
	for _, pair := range []string{"sf-mis1", "mis1-sf", "sf-mis2", "mis2-sf", "mis1-mis2", "mis2-mis1"} {
		if seen[pair] != 1 {
			t.Errorf("%s played %d times, want once", pair, seen[pair])
		}
	}
	for _, e := range run.res.Engines {
		if e.Games != 4 {
			t.Errorf("%s played %d games, want 4", e.Name, e.Games)
		}
	}
	// The standings: a rating table led by stockfish, and a crosstable.
	table := run.out[strings.Index(run.out, "Rank"):]
	lines := strings.Split(table, "\n")
	if len(lines) < 4 || !strings.Contains(lines[1], "sf") {
		t.Errorf("no rating table with sf on top:\n%s", run.out)
	}
	if strings.Count(table, " - ") < 1 && !strings.Contains(table, "-") {
		t.Errorf("no crosstable:\n%s", table)
	}
	t.Logf("\n%s", table)
	statsAgree(t, run, nil)
}

func TestGauntletPlaysTheSeedAgainstEveryOther(t *testing.T) {
	mis := misengine(t)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+mis+" name=seed nodes=1"),
			engineSpec(t, "cmd="+mis+" name=b nodes=1 arg=-seed=2"),
			engineSpec(t, "cmd="+mis+" name=c nodes=1 arg=-seed=3"),
		},
		Schedule:     spec.Schedule{Type: spec.TypeGauntlet, Rounds: 2, Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 10},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 8 {
		t.Fatalf("%d games, want 2 rounds × 2 encounters × 2", len(games))
	}
	for _, g := range games {
		if g.tags["White"] != "seed" && g.tags["Black"] != "seed" {
			t.Errorf("round %s: %s vs %s without the seed", g.tags["Round"], g.tags["White"], g.tags["Black"])
		}
	}
}

func TestSPRTStopsAtTheFirstDecision(t *testing.T) {
	needStockfish(t)
	jsonPath := t.TempDir() + "/sprt.json"
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=500"),
			engineSpec(t, "cmd="+misengine(t)+" name=mis nodes=1"),
		},
		Schedule:     spec.Schedule{Games: 200, SPRT: &stats.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05, Model: stats.Logistic}},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Adjudication: spec.Adjudication{MaxMoves: 150},
		Outputs:      spec.Outputs{JSONOut: jsonPath},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	s := run.res.SPRT
	if s.Decision != stats.AcceptH1 || s.LLR < s.Upper {
		t.Fatalf("decision %v, LLR %.3f (bounds %.3f %.3f)", s.Decision, s.LLR, s.Lower, s.Upper)
	}
	if run.res.Played >= 200 || run.res.Played != len(parseGames(t, run.pgn)) {
		t.Errorf("played %d games (PGN %d): the test should stop early and record every game played", run.res.Played, len(parseGames(t, run.pgn)))
	}
	if !strings.Contains(run.out, "H1 accepted: LLR") {
		t.Errorf("no decision line:\n%s", run.out)
	}
	var rep struct {
		State      string
		Played     int
		SPRT       struct{ Decision string }
		Encounters []struct {
			Wins, Draws, Losses int
			Pentanomial         [5]int
		}
	}
	b, _ := os.ReadFile(jsonPath)
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	enc := rep.Encounters[0]
	if rep.State != "finished" || rep.SPRT.Decision != "H1" || rep.Played != run.res.Played ||
		enc.Wins+enc.Draws+enc.Losses != rep.Played {
		t.Errorf("json: %s", b)
	}
	test := run.res.SPRT.Test
	statsAgree(t, run, &test)
}

func TestResignAdjudicationUsesTheEnginesScores(t *testing.T) {
	needStockfish(t)
	epd := t.TempDir() + "/queen-up.epd"
	os.WriteFile(epd, []byte("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ -\n"), 0o644)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=2000"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=2000"),
		},
		Schedule:     spec.Schedule{Games: 2, Openings: spec.OpeningsConfig{File: epd}},
		Adjudication: spec.Adjudication{Resign: &spec.ResignAdjudication{MoveCount: 3, Score: 800, TwoSided: true}},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, g := range parseGames(t, run.pgn) {
		if g.tags["Result"] != "1-0" || g.tags["Termination"] != "adjudication" ||
			!strings.HasPrefix(g.ending, "White wins by adjudication: Black's score at or below -800 cp for 3 moves") {
			t.Errorf("round %s: %s %q (%s)", g.tags["Round"], g.tags["Result"], g.ending, g.tags["Termination"])
		}
		if plies := g.tags["PlyCount"]; plies != "5" && plies != "6" {
			t.Errorf("round %s: adjudicated after %s plies, want the third move of each side", g.tags["Round"], plies)
		}
	}
}

func TestDrawAdjudicationWaitsForTheMoveNumber(t *testing.T) {
	needStockfish(t)
	epd := t.TempDir() + "/rooks.epd"
	os.WriteFile(epd, []byte("1k6/5r2/8/8/8/8/2R5/2K5 w - - hmvc 0; fmvn 30;\n"), 0o644)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=2000"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=2000"),
		},
		Schedule:     spec.Schedule{Games: 2, Openings: spec.OpeningsConfig{File: epd}},
		Adjudication: spec.Adjudication{Draw: &spec.DrawAdjudication{MoveNumber: 34, MoveCount: 2, Score: 50}},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, g := range parseGames(t, run.pgn) {
		if g.tags["Result"] != "1/2-1/2" || g.tags["Termination"] != "adjudication" ||
			!strings.HasPrefix(g.ending, "Draw by adjudication: scores within ±50 cp for 2 moves") {
			t.Errorf("round %s: %s %q", g.tags["Round"], g.tags["Result"], g.ending)
		}
		if plies, _ := strconv.Atoi(g.tags["PlyCount"]); plies < 8 { // from move 30 to move 34 at least
			t.Errorf("round %s: adjudicated after %s plies, before move 34", g.tags["Round"], g.tags["PlyCount"])
		}
	}
}

func TestEPDOutHoldsEachFinalPosition(t *testing.T) {
	epdPath := t.TempDir() + "/final.epd"
	mis := misengine(t)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+mis+" name=a nodes=1"),
			engineSpec(t, "cmd="+mis+" name=b nodes=1"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 3},
		Outputs:      spec.Outputs{EPDOut: epdPath},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	b, _ := os.ReadFile(epdPath)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d EPD lines:\n%s", len(lines), b)
	}
	for _, l := range lines {
		if !strings.Contains(l, " w KQkq - hmvc ") && !strings.Contains(l, " w ") || !strings.Contains(l, "fmvn 4;") || !strings.Contains(l, `c0 "`) {
			t.Errorf("EPD line %q", l)
		}
	}
}

// statsAgree recomputes a finished run from its PGN and checks it against
// what the run itself counted.
func statsAgree(t *testing.T, run matchRun, sprt *stats.SPRT) {
	t.Helper()
	path := t.TempDir() + "/again.pgn"
	os.WriteFile(path, []byte(run.pgn), 0o644)
	var out proctest.Output
	again, err := StatsFromPGN([]string{path}, sprt, &out, func(w string) { t.Errorf("stats warns: %s", w) })
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Encounters) != len(run.res.Encounters) {
		t.Fatalf("%d encounters from the PGN, %d in the run", len(again.Encounters), len(run.res.Encounters))
	}
	for i, enc := range run.res.Encounters {
		got := again.Encounters[i]
		if got.Names != enc.Names || got.Score != enc.Score || got.Pairs != enc.Pairs {
			t.Errorf("encounter %d: from the PGN %v %+v %v, in the run %v %+v %v", i, got.Names, got.Score, got.Pairs, enc.Names, enc.Score, enc.Pairs)
		}
	}
	if sprt != nil && (again.SPRT.LLR != run.res.SPRT.LLR || again.SPRT.Decision != run.res.SPRT.Decision) {
		t.Errorf("SPRT from the PGN: %+v; in the run: %+v", again.SPRT, run.res.SPRT)
	}
	for i, e := range run.res.Engines {
		if again.Engines[i] != e {
			t.Errorf("engine %d from the PGN %+v, in the run %+v", i, again.Engines[i], e)
		}
	}
}
