package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

func pyramidEngines(t *testing.T) []spec.EngineConfig {
	mis := misengine(t)
	var out []spec.EngineConfig
	for i, name := range []string{"a", "b", "c", "d"} {
		out = append(out, engineSpec(t, fmt.Sprintf("cmd=%s name=%s nodes=1 arg=-seed=%d", mis, name, i+1)))
	}
	return out
}

// A pyramid of four: each engine in turn meets every engine above it, the
// climber White first, colours swapped in the pair; the standings are a
// tournament's (every engine's games, a rating table, a crosstable).
func TestPyramidOfFourPlaysEveryEngineAboveIt(t *testing.T) {
	run := runMatch(t, spec.Config{Engines: pyramidEngines(t), Schedule: spec.Schedule{Type: spec.TypePyramid, Games: 2}, Adjudication: spec.Adjudication{MaxMoves: 6}})
	if run.err != nil {
		t.Fatalf("%v\n%s", run.err, run.out)
	}
	games := parseGames(t, run.pgn)
	var order []string
	for _, g := range games {
		order = append(order, g.tags["White"]+"-"+g.tags["Black"])
	}
	want := "b-a a-b c-a a-c c-b b-c d-a a-d d-b b-d d-c c-d"
	if got := strings.Join(order, " "); got != want || run.res.Total != 12 {
		t.Errorf("games %s (total %d), want %s", got, run.res.Total, want)
	}
	for _, e := range run.res.Engines {
		if e.Games != 6 {
			t.Errorf("%s played %d games, want 6", e.Name, e.Games)
		}
	}
	// The rating table and the crosstable, every pair met (2 games each).
	for _, want := range []string{"Rank Name     Elo", "Rank Name        1        2        3        4", "4 d     1.0-1.0  1.0-1.0  1.0-1.0        -"} {
		if !strings.Contains(run.out, want) {
			t.Errorf("standings lack %q:\n%s", want, run.out)
		}
	}
}

// A pyramid stopped in its second round resumes from its PGN to the same
// games (rounds, players, colours) as a run never stopped (the misengine's
// moves depend on the games its process played before); with one game an encounter, the second
// round plays each pair with the other colours, as cutechess-cli does.
func TestPyramidResumesToTheSameGames(t *testing.T) {
	cfg := spec.Config{
		Engines:      pyramidEngines(t),
		Schedule:     spec.Schedule{Type: spec.TypePyramid, Games: 1, Rounds: 2},
		Adjudication: spec.Adjudication{MaxMoves: 6},
		Outputs:      spec.Outputs{PGNOut: filepath.Join(t.TempDir(), "whole.pgn")},
	}
	whole := runMatch(t, cfg)
	if whole.err != nil {
		t.Fatal(whole.err)
	}
	wholeGames := parseGames(t, whole.pgn)
	if len(wholeGames) != 12 || wholeGames[0].tags["White"] != "b" || wholeGames[6].tags["White"] != "a" {
		t.Fatalf("%d games; first %v, seventh %v: want 12, b-a then a-b", len(wholeGames), wholeGames[0].tags, wholeGames[6].tags)
	}

	cfg.PGNOut = filepath.Join(t.TempDir(), "part.pgn")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := Run(ctx, cfg, Options{Out: &countingWriter{n: 8, cancel: cancel}})
	if err != nil || !res.Interrupted {
		t.Fatalf("first part: %v, %+v", err, res)
	}
	checkNoLeaks(t)
	resumed := runMatch(t, cfg)
	if resumed.err != nil {
		t.Fatal(resumed.err)
	}
	if resumed.res.Resumed < 8 || !strings.Contains(resumed.out, "Resuming:") {
		t.Errorf("resumed %d games:\n%s", resumed.res.Resumed, resumed.out)
	}
	got := parseGames(t, resumed.pgn)
	if len(got) != len(wholeGames) {
		t.Fatalf("%d games after resuming, %d without a stop", len(got), len(wholeGames))
	}
	for i := range got {
		a, b := got[i].tags, wholeGames[i].tags
		if a["Round"] != b["Round"] || a["White"] != b["White"] || a["Black"] != b["Black"] {
			t.Errorf("game %d: %v\nvs %v", i+1, a, b)
		}
	}
}
