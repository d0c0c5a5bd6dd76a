package runner

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

const stockfishPath = "/usr/games/stockfish"

// needStockfish skips a test on a machine without Debian's stockfish; CI
// installs it, so there the test always runs.
func needStockfish(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(stockfishPath); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install stockfish: %v", err)
		}
		t.Skip("stockfish not installed (apt-get install stockfish)")
	}
}

// misengine builds the misbehaving test engine once per test run.
func misengine(t *testing.T) string {
	t.Helper()
	return proctest.Build(t, "misengine", "./testdata/misengine")
}

// engineSpec builds an engine config from a spec, failing the test on error.
func engineSpec(t *testing.T, text string) spec.EngineConfig {
	t.Helper()
	c := spec.DefaultEngineConfig()
	if err := parse.EngineSpec(&c, text); err != nil {
		t.Fatal(err)
	}
	return c
}

// matchRun is what a test match left behind.
type matchRun struct {
	res *Result
	err error
	out string
	pgn string
}

// runMatch plays a match with output and PGN captured, then checks that no
// goroutine and no child process outlived it.
func runMatch(t *testing.T, cfg spec.Config) matchRun {
	t.Helper()
	return runMatchCtx(t, context.Background(), cfg)
}

func runMatchCtx(t *testing.T, ctx context.Context, cfg spec.Config) matchRun {
	t.Helper()
	var out proctest.Output
	if cfg.PGNOut == "" {
		cfg.PGNOut = filepath.Join(t.TempDir(), "games.pgn")
	}
	res, err := Run(ctx, cfg, Options{Out: &out})
	run := matchRun{res: res, err: err, out: out.String()}
	if b, rerr := os.ReadFile(cfg.PGNOut); rerr == nil {
		run.pgn = string(b)
		checkRecordsHold(t, cfg, cfg.PGNOut)
	}
	checkNoLeaks(t)
	return run
}

// checkNoLeaks fails the test if a goroutine or a child process is left.
func checkNoLeaks(t *testing.T) {
	t.Helper()
	goleak.VerifyNone(t)
	if kids := childProcesses(); len(kids) > 0 {
		t.Errorf("child processes left behind: %v", kids)
	}
}

// childProcesses lists the processes (zombies included) whose parent is
// this test binary, except the go build of misengine.
func childProcesses() []string {
	self := strconv.Itoa(os.Getpid())
	entries, _ := os.ReadDir("/proc")
	var kids []string
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		status, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		var name, ppid string
		for _, line := range strings.Split(string(status), "\n") {
			if v, ok := strings.CutPrefix(line, "Name:"); ok {
				name = strings.TrimSpace(v)
			}
			if v, ok := strings.CutPrefix(line, "PPid:"); ok {
				ppid = strings.TrimSpace(v)
			}
		}
		if ppid == self {
			kids = append(kids, e.Name()+":"+name)
		}
	}
	return kids
}

// pgnGame is the little of a PGN game the tests look at.
type pgnGame struct {
	tags   map[string]string
	moves  string
	ending string
}

var (
	tagRe    = regexp.MustCompile(`(?m)^\[(\w+) "((?:[^"\\]|\\.)*)"\]$`)
	endingRe = regexp.MustCompile(`\{([^{}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$`)
)

// parseGames splits PGN text into games; it fails the test on a game
// without a final comment and result.
func parseGames(t *testing.T, text string) []pgnGame {
	t.Helper()
	var games []pgnGame
	for _, chunk := range strings.Split(text, "\n\n[Event ")[0:] {
		if strings.TrimSpace(chunk) == "" {
			continue
		}
		if !strings.HasPrefix(chunk, "[Event ") {
			chunk = "[Event " + chunk
		}
		g := pgnGame{tags: map[string]string{}}
		for _, m := range tagRe.FindAllStringSubmatch(chunk, -1) {
			g.tags[m[1]] = m[2]
		}
		_, moves, _ := strings.Cut(chunk, "\n\n")
		g.moves = moves
		m := endingRe.FindStringSubmatch(strings.TrimSpace(moves))
		if m == nil {
			t.Fatalf("game without a final comment and result:\n%s", chunk)
		}
		if m[2] != g.tags["Result"] {
			t.Errorf("movetext result %s differs from the Result tag %s", m[2], g.tags["Result"])
		}
		g.ending = strings.Join(strings.Fields(m[1]), " ")
		games = append(games, g)
	}
	return games
}

// checkPGNExtract runs pgn-extract over the file when it is installed (CI
// installs it) and fails on any complaint.
func checkPGNExtract(t *testing.T, path string, games int) {
	t.Helper()
	bin := "/usr/games/pgn-extract"
	if _, err := os.Stat(bin); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install pgn-extract: %v", err)
		}
		t.Logf("pgn-extract not installed: PGN not checked by it")
		return
	}
	cmd := exec.Command(bin, "-r", path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, stderr.String())
	}
	report := stderr.String()
	want := strconv.Itoa(games) + " games matched out of " + strconv.Itoa(games)
	if !strings.Contains(report, want) || strings.Contains(strings.ToLower(report), "error") || strings.Contains(report, "Warning") {
		t.Fatalf("pgn-extract on %s: want %q and no errors; it said:\n%s", path, want, report)
	}
}
