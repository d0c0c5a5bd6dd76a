package runner

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/sample"
)

// A disk that fills mid-run (a small tmpfs) fails the run naming the
// output, and the game that could not be written is taken back from every
// output: the PGN, the games' JSON lines and the samples hold the same
// games, all whole, and the printed score counts those. A resume then cuts
// off a partial record a kill left at the end of each (said in the
// output), and ends with every output holding every game once.
func TestFullDiskLeavesWholeRecordsThatAgreeWithThePGN(t *testing.T) {
	needStockfish(t)
	if os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs needs root")
	}
	disk := t.TempDir()
	if err := syscall.Mount("tmpfs", disk, "tmpfs", 0, "size=48k"); err != nil {
		t.Skipf("cannot mount a tmpfs: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(disk, syscall.MNT_DETACH) })
	pgnPath, jsonl, samples := filepath.Join(disk, "g.pgn"), filepath.Join(disk, "g.jsonl"), filepath.Join(disk, "s.jsonl")
	cfg := spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=2000 option.Hash=4 option.Threads=1"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=3000 option.Hash=4 option.Threads=1"),
		},
		Schedule:     spec.Schedule{Games: 8, Seed: 3},
		Adjudication: spec.Adjudication{MaxMoves: 25},
		Outputs:      spec.Outputs{PGNOut: pgnPath, GamesJSONL: jsonl, Sample: &spec.SampleConfig{File: samples, Freq: 1, Format: spec.SampleJSONL}},
	}
	run := runMatch(t, cfg)
	if run.err == nil || !strings.Contains(run.err.Error(), "no space left on device") {
		t.Fatalf("a full disk: want the write's error, got %v", run.err)
	}
	t.Logf("first run: %v", run.err)
	played := run.res.Played
	if played == 0 || played == 8 {
		t.Fatalf("the disk filled after %d games: make the tmpfs fit some games, not all", played)
	}
	checkOutputsAgree(t, pgnPath, jsonl, samples, played)

	// A kill in the middle of a record, then a resume with room enough.
	appendTo(t, jsonl, `{"number":99,"white":"a","moves":[`)
	appendTo(t, samples, `{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","result":{"fen":`)
	if err := syscall.Mount("tmpfs", disk, "tmpfs", syscall.MS_REMOUNT, "size=8m"); err != nil {
		t.Fatal(err)
	}
	run = runMatch(t, cfg)
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, name := range []string{"--games-jsonl " + jsonl, "--sample file=" + samples} {
		if !strings.Contains(run.out, name+" ended in a partial record") {
			t.Errorf("the resume did not say it cut %s:\n%s", name, run.out)
		}
	}
	checkOutputsAgree(t, pgnPath, jsonl, samples, 8)
}

// checkOutputsAgree checks that the PGN holds games games, the games'
// JSON lines as many, whole and of the same numbers, and that every
// sample is whole.
func checkOutputsAgree(t *testing.T, pgnPath, jsonl, samples string, games int) {
	t.Helper()
	b, _ := os.ReadFile(pgnPath)
	inPGN := map[string]bool{}
	for _, g := range parseGames(t, string(b)) {
		inPGN[g.tags["Round"]] = true
	}
	if len(inPGN) != games {
		t.Errorf("the PGN holds %d games, the score counts %d", len(inPGN), games)
	}
	b, _ = os.ReadFile(jsonl)
	lines := strings.SplitAfter(string(b), "\n")
	if last := lines[len(lines)-1]; last != "" {
		t.Errorf("the games' JSON lines end in a partial one: %q", last)
	}
	lines = lines[:len(lines)-1]
	if len(lines) != games {
		t.Errorf("%d games' JSON lines for %d games in the PGN", len(lines), games)
	}
	for _, line := range lines {
		var g struct {
			Round int `json:"round"`
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Errorf("a broken game's JSON line: %v: %.200s", err, line)
		}
	}
	b, _ = os.ReadFile(samples)
	if len(b) == 0 || b[len(b)-1] != '\n' {
		t.Errorf("the samples end in a partial one: %.200q", b[max(0, len(b)-200):])
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		var s sample.Sample
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Errorf("a broken sample: %v", err)
		}
	}
}

func appendTo(t *testing.T, path, text string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}
