package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

const stockfish = "/usr/games/stockfish"

func TestMain(m *testing.M) {
	code := m.Run()
	proctest.RemoveBuilds()
	os.Exit(code)
}

// buildAutoplay builds the command once per test run.
func buildAutoplay(t *testing.T) string {
	t.Helper()
	return proctest.Build(t, "autoplay", ".")
}

func needStockfish(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(stockfish); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must install stockfish")
		}
		t.Skip("stockfish not installed")
	}
}

func TestMatchFlagErrorsAreClearAndPlayNothing(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "--engine", "cmd=/bin/true colour=red"}, `--engine 1: colour=red: unknown key "colour"`},
		{[]string{"match", "--engine", "name=x nodes=1"}, "--engine 1: missing cmd="},
		{[]string{"match", "--each", "nodes=1", "--engine", "cmd=/nonexistent/eng name=ghost"}, "engine ghost: cannot start /nonexistent/eng"},
		{[]string{"match", "--each", "tc=fast"}, `--each: tc=fast: time control "fast"`},
		{[]string{"match", "--openings", "file=x.epd order=shuffled"}, "order=shuffled: must be sequential or random"},
		{[]string{"match", "--engine", "cmd=a", "--engine", "cmd=b", "--engine", "cmd=c"}, "--engine given 3 times"},
		{[]string{"match", "--concurrency", "0"}, "--concurrency 0: must be at least 1"},
		{[]string{"match", "--concurrency", "-3"}, "--concurrency -3: must be at least 1"},
		{[]string{"match", "--maxmoves", "-1"}, "maxmoves -1"},
		{[]string{"match", "--report-every", "-2"}, "report-every -2"},
		{[]string{"match", "--games", "1000000000000000000"}, "a run plays at most"},
		{[]string{"match", "--each", "option.Hash=16\nquit"}, `"quit": expected key=value`},
		{[]string{"match", "--each", "\"option.Hash=16\nquit\""}, "line break"},
		{[]string{"match", "--engine", "cmd=/bin/sh name=\"a\nquit\""}, "line break"},
	} {
		cmd := exec.Command(bin, tc.args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if err == nil || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: err %v, stderr %q; want %q", tc.args, err, stderr.String(), tc.want)
		}
		if strings.Contains(stdout.String(), "Started game") {
			t.Errorf("%v: a game started despite the error", tc.args)
		}
	}
}

func TestCtrlCStopsTheMatchCleanly(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "int.pgn")
	cmd := exec.Command(bin, "match",
		"--engine", "cmd="+stockfish+" name=a option.Hash=4",
		"--engine", "cmd="+stockfish+" name=b option.Hash=4",
		"--each", "tc=5+0.05", "--games", "50", "--maxmoves", "6", "--pgnout", pgnPath)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() }) // a failed test must not leave it running
	proctest.WaitUntil(t, "a finished game", func() bool {
		b, _ := os.ReadFile(pgnPath)
		return bytes.Contains(b, []byte("[Event "))
	})
	kids := childrenOf(cmd.Process.Pid)
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if code := exitCodeOf(err); code != 130 {
		t.Fatalf("exit code %d (%v), want 130\n%s\n%s", code, err, stdout.String(), stderr.String())
	}
	out := stdout.String()
	finished := strings.Count(out, "Finished game")
	b, _ := os.ReadFile(pgnPath)
	if games := bytes.Count(b, []byte("[Event ")); games != finished || games == 0 {
		t.Errorf("%d games in the PGN, %d reported finished", games, finished)
	}
	if !bytes.HasSuffix(bytes.TrimRight(b, "\n"), []byte("1/2-1/2")) && !bytes.HasSuffix(bytes.TrimRight(b, "\n"), []byte("1-0")) && !bytes.HasSuffix(bytes.TrimRight(b, "\n"), []byte("0-1")) {
		t.Errorf("the PGN does not end with a whole game:\n%s", b)
	}
	if !strings.Contains(out, "Interrupted after") || !strings.Contains(out, "Score of a vs b") {
		t.Errorf("no final score:\n%s", out)
	}
	for _, pid := range kids {
		if alive(pid) {
			t.Errorf("engine process %d outlived the match", pid)
		}
	}
}

func TestSecondCtrlCExitsAtOnceAndEnginesDie(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	cmd := exec.Command(bin, "match",
		"--engine", "cmd="+stockfish+" name=a", "--engine", "cmd="+stockfish+" name=b",
		"--each", "tc=600", "--games", "2", "--verbose")
	outPath := filepath.Join(t.TempDir(), "out")
	stdout, err := os.Create(outPath)
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	cmd.Stdout = stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() }) // a failed test must not leave it running
	proctest.WaitUntil(t, "the game to start", func() bool {
		out, _ := os.ReadFile(outPath)
		return len(childrenOf(cmd.Process.Pid)) == 2 && bytes.Contains(out, []byte("Started game 1"))
	})
	kids := childrenOf(cmd.Process.Pid)
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Process.Signal(syscall.SIGINT)
	if code := exitCodeOf(cmd.Wait()); code != 130 {
		t.Fatalf("exit code %d, want 130", code)
	}
	proctest.WaitUntil(t, "engines to die with the runner", func() bool {
		for _, pid := range kids {
			if alive(pid) {
				return false
			}
		}
		return true
	})
}

func exitCodeOf(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

// childrenOf lists the live child processes of pid.
func childrenOf(pid int) []int {
	var kids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// Fields after the command name: state, ppid, ...
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			kids = append(kids, child)
		}
	}
	return kids
}

// alive reports whether pid is a running (not zombie) process.
func alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z"
}

func TestRunFileAndStatsCommands(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "rr.pgn")
	yaml := filepath.Join(dir, "rr.yaml")
	os.WriteFile(yaml, []byte(`type: round-robin
games: 2
maxmoves: 15
pgnout: `+pgnPath+`
each: {depth: 1}
engines:
  - {name: sf, cmd: `+stockfish+`, nodes: 100}
  - {name: builtin-a, cmd: builtin}
  - {name: builtin-b, cmd: builtin, proto: xboard}
`), 0o644)
	out, err := exec.Command(bin, "run", yaml).CombinedOutput()
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out)
	}
	for _, want := range []string{"Finished game 6 ", "Rank Name", "builtin-b"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("run output lacks %q:\n%s", want, out)
		}
	}
	stats, err := exec.Command(bin, "stats", pgnPath).CombinedOutput()
	if err != nil {
		t.Fatalf("stats: %v\n%s", err, stats)
	}
	if !strings.Contains(string(stats), "Rank Name") {
		t.Errorf("stats output:\n%s", stats)
	}
	// An SPRT over three engines is refused; over too few games it is undecided (status 4).
	if _, err := exec.Command(bin, "stats", "--elo0", "0", "--elo1", "5", pgnPath).CombinedOutput(); exitCodeOf(err) != 1 {
		t.Errorf("stats with an SPRT over three engines: %v", err)
	}

	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("games: two\nengines: []\n"), 0o644)
	out, err = exec.Command(bin, "run", bad).CombinedOutput()
	if exitCodeOf(err) != 1 || !strings.Contains(string(out), "bad.yaml:1:8: games: expected a whole number") {
		t.Errorf("bad run file: %v\n%s", err, out)
	}
}

// The built-in engine asked to speak XBoard is started with --xboard, by
// match as by run.
func TestMatchStartsTheBuiltinEngineInXBoard(t *testing.T) {
	bin := buildAutoplay(t)
	pgnPath := filepath.Join(t.TempDir(), "x.pgn")
	cmd := exec.Command(bin, "match", "--each", "proto=xboard tc=2+0.05 timeout=5", "--games", "2", "--maxmoves", "8", "--pgnout", pgnPath)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	b, _ := os.ReadFile(pgnPath)
	if n := bytes.Count(b, []byte("[Event ")); n != 2 || bytes.Contains(b, []byte("stalls")) {
		t.Errorf("%d games; PGN:\n%s", n, b)
	}
}
