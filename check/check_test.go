package check

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

func TestMain(m *testing.M) {
	code := m.Run()
	proctest.RemoveBuilds()
	os.Exit(code)
}

// binaries builds the built-in engine (autoplay itself) and the
// misbehaving test engine, once per test run.
func binaries(t *testing.T) (autoplay, misengine string) {
	t.Helper()
	return proctest.Build(t, "autoplay", "../cmd/autoplay"), proctest.Build(t, "misengine", "../runner/testdata/misengine")
}

func need(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install %s", path)
		}
		t.Skipf("%s not installed", path)
	}
}

func engineOf(t *testing.T, text string) spec.EngineConfig {
	t.Helper()
	e := spec.DefaultEngineConfig()
	if err := parse.EngineSpec(&e, text); err != nil {
		t.Fatal(err)
	}
	if e.Name == "" {
		e.Name = "engine"
	}
	return e
}

// runCheck runs the battery and checks that it left no goroutine and no
// process behind.
func runCheck(t *testing.T, text string, o Options) *Report {
	t.Helper()
	start := time.Now()
	r := Run(context.Background(), engineOf(t, text), o, nil)
	t.Logf("%s: %d PASS, %d FAIL, %d WARN, %d SKIP in %v", text, r.Count(Pass), r.Count(Fail), r.Count(Warn), r.Count(Skip), time.Since(start).Round(time.Millisecond))
	goleak.VerifyNone(t)
	if kids := children(); len(kids) > 0 {
		t.Errorf("processes left behind: %v", kids)
	}
	return r
}

// children are this process's live children.
func children() []string {
	self := strconv.Itoa(os.Getpid())
	entries, _ := os.ReadDir("/proc")
	var kids []string
	for _, e := range entries {
		status, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		if strings.Contains(string(status), "\nPPid:\t"+self+"\n") && !strings.Contains(string(status), "State:\tZ") {
			kids = append(kids, e.Name())
		}
	}
	return kids
}

// statuses maps each check's name to its verdict.
func statuses(r *Report) map[string]Status {
	m := map[string]Status{}
	for _, res := range r.Results {
		m[res.Name] = res.Status
	}
	return m
}

// passOrFail, as a wanted status, accepts either: the check must have run.
const passOrFail Status = "PASS or FAIL"

// expect fails unless every named check has its status and no other check
// failed; it prints the failures' evidence.
func expect(t *testing.T, r *Report, want map[string]Status) {
	t.Helper()
	expectNamed(t, r, want)
	for _, res := range r.Results {
		if res.Status == Fail && want[res.Name] != Fail && want[res.Name] != passOrFail {
			t.Errorf("unexpected FAIL %s: %s\n%s", res.Name, res.Detail, strings.Join(res.Evidence, "\n"))
		}
	}
}

// The built-in engine passes every check, over UCI and over XBoard (its
// time use in games is left to the command's own runs: 16 s of games; the
// games' pass and fail paths are tested with the misbehaving engine).
func TestBuiltinEnginePassesEveryCheck(t *testing.T) {
	autoplay, _ := binaries(t)
	for _, c := range []struct {
		spec string
		o    Options
		n    int // results expected at least
	}{
		{"cmd=" + autoplay + " arg=engine", Options{NoGames: true}, 32},
		{"cmd=" + autoplay + " arg=engine arg=--xboard proto=xboard", Options{NoGames: true}, 10},
	} {
		r := runCheck(t, c.spec, c.o)
		for _, res := range r.Results {
			if res.Status != Pass && !(res.Status == Skip && c.o.NoGames) {
				t.Errorf("%s: %s %s: %s\n%s", c.spec, res.Status, res.Name, res.Detail, strings.Join(res.Evidence, "\n"))
			}
		}
		if len(r.Results) < c.n {
			t.Errorf("%s: %d results, want %d", c.spec, len(r.Results), c.n)
		}
	}
}

// Real engines: stockfish and Fairy-Max (XBoard, setboard=0: edit mode)
// break nothing; GNU Chess over UCI ignores node limits and answers a mate
// or stalemate with a move, and over XBoard on pipes says nothing: each
// shows, none hangs the battery.
func TestRealEngines(t *testing.T) {
	const stockfish, fairymax, gnuchess = "/usr/games/stockfish", "/usr/games/fairymax", "/usr/games/gnuchess"
	for _, p := range []string{stockfish, fairymax, gnuchess} {
		need(t, p)
	}
	noGames := Options{NoGames: true}
	r := runCheck(t, "cmd="+stockfish+" option.Threads=1", noGames)
	expect(t, r, map[string]Status{"Chess960: castling sent as king takes rook": Pass, "ponder: go ponder, then ponderhit": Pass, "go infinite, then stop": Pass})
	r = runCheck(t, "cmd="+fairymax+" proto=xboard", noGames)
	expect(t, r, map[string]Status{"a position by edit mode (setboard=0), then go": Pass, "ping/pong": Pass, "quit": Pass})
	r = runCheck(t, "cmd="+gnuchess+" arg=--uci", Options{NoGames: true, Timeout: 3 * time.Second})
	expect(t, r, map[string]Status{"mated: bestmove (none) or 0000": Fail, "stalemated: bestmove (none) or 0000": Fail,
		"go nodes": Fail, "position startpos (go depth 1)": Pass,
		// GNU Chess exits at once on quit when idle, but not within the
		// second while it still searches past the node limit it ignored:
		// which one the battery meets depends on the machine's load.
		"quit": passOrFail})
	start := time.Now()
	r = runCheck(t, "cmd="+gnuchess+" arg=--xboard proto=xboard", noGames)
	// Over pipes GNU Chess usually stays silent (FAIL); now and then, on a
	// loaded machine, it does greet, and then the battery must have gone on
	// to its other checks (it refuses "sd 2" as a move: a real FAIL).
	if st := statuses(r)["start and features"]; st != Fail && !(st == Pass && len(r.Results) > 3) {
		t.Errorf("start and features: %s after %d checks, want FAIL, or PASS with the battery run", st, len(r.Results))
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("a silent XBoard engine held the battery %v", d)
	}
}

// The misbehaving engine's faults each fail the check that meets them,
// and the battery goes on (a fresh engine for the next check, which fails
// again at its own Nth go: those repeat, so other FAILs are allowed where
// the fault comes back; a fault at a single place fails nothing else).
// expectNamed fails unless every named check has its status.
func expectNamed(t *testing.T, r *Report, want map[string]Status) {
	t.Helper()
	got := statuses(r)
	for name, st := range want {
		if st == passOrFail && (got[name] == Pass || got[name] == Fail) {
			continue
		}
		if got[name] != st {
			t.Errorf("%s: %s, want %s", name, got[name], st)
		}
	}
}

func TestMisbehavingEngineFailsTheRightChecks(t *testing.T) {
	_, mis := binaries(t)
	short := Options{NoGames: true, Timeout: 2 * time.Second}
	for _, c := range []struct {
		mode   string
		o      Options
		want   map[string]Status
		others bool // other checks may fail too: the fault recurs in every fresh engine
	}{
		{"-mode illegal -at 3", short, map[string]Status{"position fen, black to move (go depth 1)": Fail, "info lines: well formed, PVs legal": Fail, "quit": Pass}, false},
		{"-mode malformed -at 1", short, map[string]Status{"position startpos (go depth 1)": Fail, "position fen, white to move (go depth 1)": Pass}, false},
		{"-mode hang -at 2", Options{NoGames: true, Timeout: time.Second}, map[string]Status{"position fen, white to move (go depth 1)": Fail, "position fen, black to move (go depth 1)": Pass}, true},
		{"-mode crash -at 2", short, map[string]Status{"position fen, white to move (go depth 1)": Fail, "quit": Pass}, true},
		{"-mode nouciok", short, map[string]Status{"start and handshake": Fail}, false},
		{"-mode noreadyok -at 2", short, map[string]Status{"setoption: every declared value": Fail}, true},
		{"-xboard -mode falseclaim -at 2", Options{Timeout: 2 * time.Second}, map[string]Status{"time use: 2 games at 1+0.01": Fail, "time use: 2 games at 10+0.1": Fail, "quit": Pass}, false},
		{"-xboard -mode normal", Options{Timeout: 2 * time.Second}, map[string]Status{"time use: 2 games at 1+0.01": Pass, "time use: 2 games at 10+0.1": Pass}, false},
		{"-xboard -mode san", short, map[string]Status{"usermove as Black's opponent": Pass}, false},
		{"-xboard -mode nodone", short, map[string]Status{"start and features": Warn}, false},
	} {
		text := "cmd=" + mis
		for _, a := range strings.Fields(c.mode) {
			text += " arg=" + a
		}
		if strings.Contains(c.mode, "-xboard") {
			text += " proto=xboard"
		}
		t.Run(c.mode, func(t *testing.T) {
			r := runCheck(t, text, c.o)
			if c.others {
				expectNamed(t, r, c.want)
			} else {
				expect(t, r, c.want)
			}
		})
	}
}

// A ponder move is checked after the best move, in the position it leads to.
func TestPonderMoveLegality(t *testing.T) {
	p := newSentPosition("", false)
	if !ponderLegal(p.pos, "e2e4", "e7e5") || ponderLegal(p.pos, "e2e4", "e2e4") || ponderLegal(p.pos, "e2e5", "e7e5") {
		t.Error("ponder legality")
	}
}

// The battery leaves no file behind in the engine's directory (a string
// option set to a spelling of "empty" the engine takes for a file name).
func TestNoFilesLeftInTheEngineDirectory(t *testing.T) {
	const stockfish = "/usr/games/stockfish"
	need(t, stockfish)
	dir := t.TempDir()
	runCheck(t, "cmd="+stockfish+" dir="+dir+" option.Threads=1", Options{NoGames: true})
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("left in the engine's directory: %v", entries)
	}
}
