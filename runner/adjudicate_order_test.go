package runner

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// A move that mates ends the game by the rules even when the same move
// would also meet a resignation rule by the scores: the rules have their
// say on a position first (a worker's result is checked the same way).
func TestMateComesBeforeScoreAdjudication(t *testing.T) {
	needStockfish(t)
	book := filepath.Join(t.TempDir(), "mate.epd")
	// Black to move and mated next move, whatever it plays.
	os.WriteFile(book, []byte("7k/p4Q2/6K1/8/8/8/8/8 b - - 0 1\n"), 0o644)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=2000 option.Hash=4"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=2000 option.Hash=4"),
		},
		Schedule:     spec.Schedule{Games: 2, Openings: spec.OpeningsConfig{File: book}},
		Adjudication: spec.Adjudication{Resign: &spec.ResignAdjudication{MoveCount: 1, Score: 600, TwoSided: true}},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, g := range parseGames(t, run.pgn) {
		if g.ending != "White mates" || g.tags["Termination"] != "normal" {
			t.Errorf("game %s: %s (%s), want White mates", g.tags["Round"], g.ending, g.tags["Termination"])
		}
	}
}
