package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// stderr=FILE sends an engine's standard error to the file, not the log.
func TestEngineStderrFile(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	logPath, errPath := filepath.Join(dir, "io.log"), filepath.Join(dir, "mis.err")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=mis arg=-stderr tc=5+0.05 stderr="+errPath),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=200 option.Hash=4 tc=5+0.05"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 5},
		Outputs:      spec.Outputs{LogFile: logPath},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	errText, _ := os.ReadFile(errPath)
	log, _ := os.ReadFile(logPath)
	if strings.Count(string(errText), "misengine: stderr line at start") != 1 || !strings.Contains(string(errText), "misengine: stderr at go 1") {
		t.Errorf("stderr file holds %q", errText)
	}
	if strings.Contains(string(log), " ! misengine") {
		t.Error("stderr reached the log too")
	}
}

var blackScore = regexp.MustCompile(`\d+\.\.\. \S+ \{([+-])`)

// whitepov: an engine reporting White's view has its scores turned when it
// plays Black, so that the record (and adjudication) read the mover's view.
func TestWhitePOVTurnsBlackScores(t *testing.T) {
	needStockfish(t)
	play := func(whitepov string) []string {
		run := runMatch(t, spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=300 option.Hash=4 option.Threads=1 tc=10+0.1"),
				engineSpec(t, "cmd="+misengine(t)+" name=mis tc=10+0.1 whitepov="+whitepov),
			},
			Schedule:     spec.Schedule{Games: 1},
			Adjudication: spec.Adjudication{MaxMoves: 12},
		})
		if run.err != nil {
			t.Fatal(run.err)
		}
		var signs []string
		for _, m := range blackScore.FindAllStringSubmatch(run.pgn, -1) {
			signs = append(signs, m[1])
		}
		return signs
	}
	plain, turned := play("false"), play("true")
	if len(plain) < 5 || len(plain) != len(turned) {
		t.Fatalf("black scores: %v and %v", plain, turned)
	}
	t.Logf("black score signs: %v / %v", plain, turned)
	flipped := 0
	for i := range plain {
		if plain[i] != turned[i] {
			flipped++
		}
	}
	if flipped < len(plain)-1 { // a score of 0 prints +0.00 either way
		t.Errorf("whitepov turned %d of %d black scores: %v vs %v", flipped, len(plain), plain, turned)
	}
}
