package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse/runfile"
	"github.com/autoplay/autoplay/runner/stats"
)

func TestBracketOrderKeepsTheTopSeedsApart(t *testing.T) {
	for n, want := range map[int][]int{2: {1, 2}, 4: {1, 4, 2, 3}, 8: {1, 8, 4, 5, 2, 7, 3, 6}} {
		if got := bracketOrder(n); !reflect.DeepEqual(got, want) {
			t.Errorf("bracketOrder(%d) = %v, want %v", n, got, want)
		}
	}
	for n, want := range map[int]int{2: 1, 3: 2, 4: 2, 5: 3, 8: 3, 9: 4} {
		if got := knockoutRounds(n); got != want {
			t.Errorf("knockoutRounds(%d) = %d, want %d", n, got, want)
		}
	}
}

// knockoutEngines are n copies of the misbehaving test engine in its normal
// mode: the bracket tests draw every game at the move limit, so strength
// does not matter, and it starts in milliseconds where stockfish loads its
// network for a second or more on a busy machine (these runs start dozens).
func knockoutEngines(t *testing.T, n int) []spec.EngineConfig {
	var es []spec.EngineConfig
	for i := range n {
		es = append(es, engineSpec(t, fmt.Sprintf("cmd=%s name=e%d nodes=100", misengine(t), i+1)))
	}
	return es
}

type jsonBracket struct {
	Played   int
	Games    int
	Knockout struct {
		Rounds [][]stats.KnockoutEncounter
		Winner string
	}
}

func readBracket(t *testing.T, path string) jsonBracket {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b jsonBracket
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	return b
}

// Five engines, every game drawn at the move limit: byes for seeds 1, 2 and
// 3, every encounter tied through its two extra pairs, so the higher seed
// goes through each time and seed 1 wins. Game numbers run on without gaps.
func TestKnockoutByesTieBreaksAndSeeds(t *testing.T) {
	dir := t.TempDir()
	cfg := spec.Config{
		Engines:      knockoutEngines(t, 5),
		Schedule:     spec.Schedule{Type: spec.TypeKnockout, Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 2},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Outputs:      spec.Outputs{PGNOut: filepath.Join(dir, "ko.pgn"), JSONOut: filepath.Join(dir, "ko.json")},
	}
	run := runMatch(t, cfg)
	if run.err != nil {
		t.Fatal(run.err)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 24 {
		t.Fatalf("%d games, want 4 encounters of 6", len(games))
	}
	seen := map[string]bool{}
	for _, g := range games {
		seen[g.tags["Round"]] = true
	}
	for i := 1; i <= 24; i++ {
		if !seen[fmt.Sprint(i)] {
			t.Errorf("no game %d", i)
		}
	}
	b := readBracket(t, cfg.JSONOut)
	if b.Knockout.Winner != "e1" || len(b.Knockout.Rounds) != 3 || b.Played != 24 || b.Games != 24 {
		t.Fatalf("bracket %+v", b)
	}
	r1 := b.Knockout.Rounds[0]
	want := []string{"e1 bye", "e4 e5 seed", "e2 bye", "e3 bye"}
	for i, e := range r1 {
		got := strings.Join(e.Players, " ") + " " + e.DecidedBy
		if got != want[i] {
			t.Errorf("round 1 encounter %d: %s, want %s", i, got, want[i])
		}
	}
	if e := b.Knockout.Rounds[1][1]; strings.Join(e.Players, " ") != "e2 e3" || e.ExtraPairs != 2 || e.Winner != "e2" || len(e.Games) != 6 {
		t.Errorf("round 2: %+v", e)
	}
	for _, want := range []string{"Knockout round 1: e4 beats e5 3-3 (after 2 tie-break pairs), still level: the higher seed goes through", "Knockout winner: e1", "Round 3: e1 3-3 e2 → e1"} {
		if !strings.Contains(run.out, want) {
			t.Errorf("output lacks %q:\n%s", want, run.out)
		}
	}
}

// A knockout stopped in the middle of a round (here in a tie-break phase)
// resumes from its PGN to the same games, numbers and bracket as a run
// that was never stopped.
func TestKnockoutResumesInTheMiddleOfARound(t *testing.T) {
	full := t.TempDir()
	cfg := spec.Config{
		Engines:      knockoutEngines(t, 4),
		Schedule:     spec.Schedule{Type: spec.TypeKnockout, Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 2},
		Outputs:      spec.Outputs{PGNOut: filepath.Join(full, "ko.pgn"), JSONOut: filepath.Join(full, "ko.json")},
	}
	whole := runMatch(t, cfg)
	if whole.err != nil {
		t.Fatal(whole.err)
	}
	wholeGames := parseGames(t, whole.pgn)

	part := t.TempDir()
	cfg.PGNOut, cfg.JSONOut = filepath.Join(part, "ko.pgn"), filepath.Join(part, "ko.json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Stop after 9 games: round 1 is 2 encounters of 6 games.
	stopAfter := &countingWriter{n: 9, cancel: cancel}
	res, err := Run(ctx, cfg, Options{Out: stopAfter})
	if err != nil || !res.Interrupted {
		t.Fatalf("first part: %v, %+v", err, res)
	}
	checkNoLeaks(t)
	// A game a kill cut off in the middle ends the file: the resume cuts it
	// off and plays it again, as a match's does.
	torn, err := os.OpenFile(cfg.PGNOut, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	const tornGame = "[Event \"cut off by a kill\"]\n[Round \"10\"]\n\n1. e4 e5 2. Nf3\n"
	torn.WriteString(tornGame)
	torn.Close()
	resumed := runMatch(t, cfg)
	if resumed.err != nil {
		t.Fatal(resumed.err)
	}
	if strings.Contains(resumed.pgn, tornGame) {
		t.Error("the game cut off by a kill is still in the PGN")
	}
	if resumed.res.Resumed < 9 || !strings.Contains(resumed.out, "Resuming:") {
		t.Errorf("resumed %d games:\n%s", resumed.res.Resumed, resumed.out)
	}
	got := parseGames(t, resumed.pgn)
	if len(got) != len(wholeGames) {
		t.Fatalf("%d games after resuming, %d without a stop", len(got), len(wholeGames))
	}
	for i := range got {
		a, b := got[i].tags, wholeGames[i].tags
		if a["Round"] != b["Round"] || a["White"] != b["White"] || a["Black"] != b["Black"] || a["FEN"] != b["FEN"] {
			t.Errorf("game %d: %v vs %v", i+1, a, b)
		}
	}
	if a, b := readBracket(t, cfg.JSONOut).Knockout, readBracket(t, filepath.Join(full, "ko.json")).Knockout; !reflect.DeepEqual(a, b) {
		t.Errorf("brackets differ:\n%+v\n%+v", a, b)
	}
}

// countingWriter cancels the run once n games have finished.
type countingWriter struct {
	proctest.Output
	n      int
	cancel func()
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.Output.Write(p)
	if strings.Count(w.Output.String(), "Finished game") >= w.n {
		w.cancel()
	}
	return n, err
}

// Decided by play: each encounter's winner has the better score in its games.
func TestKnockoutWinnersScoredMore(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	engines := []spec.EngineConfig{
		engineSpec(t, "cmd="+stockfishPath+" name=strong nodes=3000 option.Hash=8"),
		engineSpec(t, "cmd="+stockfishPath+" name=middle nodes=300 option.Hash=8"),
		engineSpec(t, "cmd="+stockfishPath+" name=weak nodes=1 option.Hash=8"),
	}
	cfg := spec.Config{
		Engines:      engines,
		Schedule:     spec.Schedule{Type: spec.TypeKnockout, Games: 2, Openings: spec.OpeningsConfig{File: "testdata/uho4.epd"}},
		Adjudication: spec.Adjudication{MaxMoves: 60},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Outputs:      spec.Outputs{PGNOut: filepath.Join(dir, "ko.pgn"), JSONOut: filepath.Join(dir, "ko.json")},
	}
	run := runMatch(t, cfg)
	if run.err != nil {
		t.Fatal(run.err)
	}
	b := readBracket(t, cfg.JSONOut)
	games := map[string]pgnGame{}
	for _, g := range parseGames(t, run.pgn) {
		games[g.tags["Round"]] = g
	}
	for r, round := range b.Knockout.Rounds {
		for _, e := range round {
			if e.DecidedBy == "bye" {
				continue
			}
			pts := map[string]float64{}
			for _, n := range e.Games {
				g := games[fmt.Sprint(n)]
				switch g.tags["Result"] {
				case "1-0":
					pts[g.tags["White"]]++
				case "0-1":
					pts[g.tags["Black"]]++
				default:
					pts[g.tags["White"]] += 0.5
					pts[g.tags["Black"]] += 0.5
				}
			}
			loser := e.Players[0]
			if loser == e.Winner {
				loser = e.Players[1]
			}
			if pts[e.Winner] < pts[loser] || pts[e.Winner] == pts[loser] && e.DecidedBy != "seed" || pts[e.Winner] != e.Score[indexOf(e.Players, e.Winner)] {
				t.Errorf("round %d: %+v, PGN points %v", r+1, e, pts)
			}
		}
	}
	if b.Knockout.Winner == "" || len(b.Knockout.Rounds) != 2 {
		t.Errorf("bracket %+v", b.Knockout)
	}
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

func TestKnockoutConfigChecks(t *testing.T) {
	_, err := runfile.ParseConfig("ko.yaml", []byte("type: knockout\nrounds: 2\nengines: [{name: a, cmd: builtin, depth: 1}, {name: b, cmd: builtin, depth: 1}, {name: c, cmd: builtin, depth: 1}]\n"))
	if err == nil || !strings.Contains(err.Error(), "ko.yaml:2:") || !strings.Contains(err.Error(), "knockout's rounds") {
		t.Errorf("rounds: %v", err)
	}
	c, err := runfile.ParseConfig("ko.yaml", []byte("type: knockout\ngames: 4\nengines: [{name: a, cmd: builtin, depth: 1}, {name: b, cmd: builtin, depth: 1}, {name: c, cmd: builtin, depth: 1}]\n"))
	if err != nil || c.Type != spec.TypeKnockout || c.Games != 4 {
		t.Errorf("knockout config: %+v, %v", c, err)
	}
}
