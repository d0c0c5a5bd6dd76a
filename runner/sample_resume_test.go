package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// Training samples are written with their game: a run resumed and
// extended (2 games, then 6) leaves the same sample file, line for line, as
// the 6 games played straight, so no game's samples are written twice or
// lost, and freq keeps the same positions in both.
func TestSamplesSurviveResumeWithoutDuplicates(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	book := filepath.Join(dir, "book.epd")
	os.WriteFile(book, []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"), 0o644)
	cfg := func(games int, name string) spec.Config {
		return spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, "cmd="+stockfishPath+" name=a nodes=300 option.Hash=4 option.Threads=1"),
				engineSpec(t, "cmd="+stockfishPath+" name=b nodes=400 option.Hash=4 option.Threads=1"),
			},
			Schedule:     spec.Schedule{Games: games, Seed: 7, Openings: spec.OpeningsConfig{File: book, Order: "sequential"}},
			Adjudication: spec.Adjudication{MaxMoves: 20},
			Outputs:      spec.Outputs{PGNOut: filepath.Join(dir, name+".pgn"), Sample: &spec.SampleConfig{File: filepath.Join(dir, name+".csv"), Freq: 0.5, Format: spec.SampleCSVAutoplay, Move: true}},
		}
	}
	for _, games := range []int{2, 4} {
		if run := runMatch(t, cfg(games, "extended")); run.err != nil {
			t.Fatal(run.err)
		}
	}
	if run := runMatch(t, cfg(4, "straight")); run.err != nil {
		t.Fatal(run.err)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "extended.csv"))
	b, _ := os.ReadFile(filepath.Join(dir, "straight.csv"))
	lines := strings.Count(string(b), "\n")
	// 4 games of up to 40 engine plies, half of them kept.
	if lines < 20 || lines > 140 {
		t.Fatalf("%d samples from 4 games", lines)
	}
	if string(a) != string(b) {
		t.Errorf("the extended run's samples differ from the straight run's:\n%s\n---\n%s", a, b)
	}
}
