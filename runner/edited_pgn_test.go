package runner

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
)

// mateInOne is an opening White mates from at once (1. Rd8#), whichever
// engine plays White: every game ends {White mates} 1-0.
const mateInOne = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"

// mateRun plays four games from mateInOne into dir/games.pgn and gives
// its config and PGN.
func mateRun(t *testing.T, dir string) (spec.Config, string) {
	t.Helper()
	book := filepath.Join(dir, "mate.epd")
	if err := os.WriteFile(book, []byte(mateInOne+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "name=a cmd="+stockfishPath+" nodes=2000 option.Threads=1 option.Hash=8"),
			engineSpec(t, "name=b cmd="+stockfishPath+" nodes=2000 option.Threads=1 option.Hash=8"),
		},
		Schedule: spec.Schedule{Games: 4, Openings: spec.OpeningsConfig{File: book}},
		Outputs:  spec.Outputs{PGNOut: filepath.Join(dir, "games.pgn")},
	}
	run := runMatch(t, cfg)
	if run.err != nil {
		t.Fatal(run.err)
	}
	if strings.Count(run.pgn, "1. Rd8# {") != 4 || strings.Count(run.pgn, "{White mates} 1-0") != 4 {
		t.Fatalf("want four games ending 1. Rd8# {White mates} 1-0:\n%s", run.pgn)
	}
	return cfg, run.pgn
}

// games splits a PGN after each blank line that a game's tags follow.
func games(pgnText string) []string { return strings.SplitAfter(pgnText, "\n\n[Event ") }

// readBack is what resume and `stats` made of one PGN text.
type readBack struct {
	resumed   *Result
	resumeOut string // what the resumed run printed
	resumeErr error
	counted   *Result // by stats
	warned    []string
}

// resumeAndStats resumes cfg's run from text (put in its PGN) and reads
// the same text with `stats`: what each counted, said, or refused.
func resumeAndStats(t *testing.T, cfg spec.Config, text string) (rb readBack) {
	t.Helper()
	if err := os.WriteFile(cfg.PGNOut, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out proctest.Output
	rb.resumed, rb.resumeErr = Run(context.Background(), cfg, Options{Out: &out})
	rb.resumeOut = out.String()
	checkNoLeaks(t)
	statsPath := filepath.Join(t.TempDir(), "copy.pgn") // resume may have rewritten its PGN
	if err := os.WriteFile(statsPath, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	var err error
	rb.counted, err = StatsFromPGN([]string{statsPath}, nil, &report, func(w string) { rb.warned = append(rb.warned, w) })
	if err != nil {
		t.Fatal(err)
	}
	return rb
}

// A result edited to contradict the game's moves (1. Rd8# {White mates}
// 0-1) stops a resume, naming the file, line and game, before any game is
// played; `stats` leaves that game out with a warning.
func TestResumeAndStatsRefuseAResultTheMovesContradict(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	cfg, text := mateRun(t, dir)
	gs := games(text)
	gs[2] = strings.ReplaceAll(gs[2], "1-0", "0-1") // game 3: the Result tag and the movetext's result
	edited := strings.Join(gs, "")
	line := 1 + strings.Count(strings.Join(gs[:2], ""), "\n")

	rb := resumeAndStats(t, cfg, edited)
	res, err, counted, warned := rb.resumed, rb.resumeErr, rb.counted, rb.warned
	want := "games.pgn:" + strconv.Itoa(line) + ": game 3: it ends 0-1 {White mates}, but the rules end it 1-0 {White mates} after 1. Rd8#"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("resume: %v, want an error naming %q", err, want)
	}
	if res != nil && res.Played > res.Resumed {
		t.Errorf("resume played %d games before refusing", res.Played-res.Resumed)
	}
	after, _ := os.ReadFile(cfg.PGNOut)
	if string(after) != edited {
		t.Errorf("the refused resume changed its PGN")
	}
	if counted.Played != 3 || len(warned) != 1 || !strings.Contains(warned[0], "game 3: it ends 0-1") {
		t.Errorf("stats counted %d games (want 3, game 3 left out) with warnings %q", counted.Played, warned)
	}
}

// A copy of a game appended to the PGN is counted once by resume and by
// `stats`, each with a warning, and the two count the same: the same
// score and the same pentanomial pairs as the file before the copy.
func TestResumeAndStatsCountACopiedGameOnce(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	cfg, text := mateRun(t, dir)
	clean, err := StatsFromPGN([]string{cfg.PGNOut}, nil, &strings.Builder{}, func(w string) { t.Errorf("clean file: %s", w) })
	if err != nil {
		t.Fatal(err)
	}
	gs := games(text)
	second := strings.TrimSuffix(gs[1], "[Event ")
	// Game 2 again at the end, its comments not the same: the same tags
	// and moves are the same game.
	edited := text + "[Event " + strings.Replace(second, "{+M1/", "{+M1/1", 1)
	if edited == text+"[Event "+second {
		t.Fatalf("no move comment to change in game 2:\n%s", second)
	}

	rb := resumeAndStats(t, cfg, edited)
	res, out, err, counted, warned := rb.resumed, rb.resumeOut, rb.resumeErr, rb.counted, rb.warned
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != 4 || res.Played != 4 {
		t.Errorf("resume counted %d games and played %d, want 4 resumed", res.Resumed, res.Played-res.Resumed)
	}
	if !strings.Contains(out, "game 2 is a copy of the game at") {
		t.Errorf("resume said nothing of the copy:\n%s", out)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "game 2 is a copy of the game at") {
		t.Errorf("stats warnings %q, want one naming the copy of game 2", warned)
	}
	for name, r := range map[string]*Result{"resume": res, "stats": counted} {
		if r.Played != clean.Played || r.Encounters[0].Score != clean.Encounters[0].Score || r.Encounters[0].Pairs != clean.Encounters[0].Pairs {
			t.Errorf("%s counts %d games %+v pairs %+v; the file without the copy %d games %+v pairs %+v", name,
				r.Played, r.Encounters[0].Score, r.Encounters[0].Pairs, clean.Played, clean.Encounters[0].Score, clean.Encounters[0].Pairs)
		}
	}
}

// A second game with the number of another, but other tags or moves, was
// not written by the run: a resume is refused, naming both lines.
func TestResumeRefusesTwoGamesOfOneNumber(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	cfg, text := mateRun(t, dir)
	third := strings.TrimSuffix(games(text)[2], "[Event ")
	edited := text + "[Event " + strings.Replace(third, `[Round "3"]`, `[Round "2"]`, 1)
	err := resumeAndStats(t, cfg, edited).resumeErr
	if err == nil || !strings.Contains(err.Error(), "game 2 has the number of the game at line") {
		t.Errorf("resume: %v, want a refusal of the second game 2", err)
	}
}
