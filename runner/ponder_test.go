package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// ponderLog counts, per engine, the ponder searches sent, the ponderhits,
// and the misses: a stop of a ponder search followed by a fresh position (a
// stop at the end of a game is neither).
type ponderLog struct{ ponders, hits, misses map[string]int }

func readPonderLog(t *testing.T, path string) ponderLog {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l := ponderLog{map[string]int{}, map[string]int{}, map[string]int{}}
	pondering, stopped := map[string]bool{}, map[string]bool{}
	sent := regexp.MustCompile(` (\w+)\(\d+\) > (.*)$`)
	for _, line := range strings.Split(string(data), "\n") {
		m := sent.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name, cmd := m[1], m[2]
		if stopped[name] && strings.HasPrefix(cmd, "position ") {
			l.misses[name]++
		}
		stopped[name] = false
		switch {
		case strings.HasPrefix(cmd, "go ponder"):
			l.ponders[name]++
			pondering[name] = true
		case cmd == "ponderhit" && pondering[name]:
			l.hits[name]++
			pondering[name] = false
		case cmd == "stop" && pondering[name]:
			stopped[name] = true
			pondering[name] = false
		case strings.HasPrefix(cmd, "go "):
			pondering[name] = false
		}
	}
	return l
}

// An engine that predicts its opponent's reply right every time and answers
// at once on ponderhit uses no clock time, though each opponent move takes
// 0.6 s: were ponder time charged, its 2 s would run out by its 4th move.
func TestPonderHitsDoNotCostClockTime(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "io.log")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=ponderer arg=-pick arg=first tc=2 ponder=true"),
			engineSpec(t, "cmd="+misengine(t)+" name=slow arg=-pick arg=first arg=-mode arg=slow arg=-delay arg=600ms tc=60"),
		},
		Schedule:     spec.Schedule{Games: 1},
		Adjudication: spec.Adjudication{MaxMoves: 8},
		Outputs:      spec.Outputs{LogFile: logPath},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	// First-move engines shuffle a knight: a repetition or the move limit.
	for _, g := range parseGames(t, run.pgn) {
		if !strings.Contains(g.ending, "move limit") && !strings.Contains(g.ending, "repetition") {
			t.Errorf("game %s ended %q", g.tags["Round"], g.ending)
		}
	}
	if e := run.res.Engines[0]; e.TimeForfeits != 0 {
		t.Errorf("the ponderer lost on time: ponder time was charged")
	}
	l := readPonderLog(t, logPath)
	if l.hits["ponderer"] < 4 || l.misses["ponderer"] != 0 || l.ponders["slow"] != 0 {
		t.Errorf("ponders %v, hits %v, misses %v: want every prediction a hit", l.ponders, l.hits, l.misses)
	}
}

// A wrong prediction: the search is stopped, its bestmove dropped, and the
// engine asked afresh; the games go on without a fault.
func TestPonderMissesAreStoppedAndAskedAgain(t *testing.T) {
	needStockfish(t)
	logPath := filepath.Join(t.TempDir(), "io.log")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=guesser tc=10+0.1 ponder=true"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=2000 option.Hash=8 tc=10+0.1"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 10},
		Outputs:      spec.Outputs{LogFile: logPath},
	})
	checkNoFailures(t, run)
	l := readPonderLog(t, logPath)
	if l.misses["guesser"] < 4 || l.hits["guesser"]+l.misses["guesser"] > l.ponders["guesser"] {
		t.Errorf("ponders %v, hits %v, misses %v", l.ponders, l.hits, l.misses)
	}
}

// Both stockfish ponder, with Ponder set; hits and misses both happen and
// nothing is charged to anyone.
func TestPonderStockfishAgainstStockfish(t *testing.T) {
	needStockfish(t)
	logPath := filepath.Join(t.TempDir(), "io.log")
	// timemargin=3000: the ponder dialogue is proven here, not the clocks;
	// two pondering stockfish under load 28 lost both games on time.
	sf := "cmd=" + stockfishPath + " option.Hash=8 option.Threads=1 tc=2+0.05 ponder=true timemargin=3000"
	run := runMatch(t, spec.Config{
		Engines:      []spec.EngineConfig{engineSpec(t, sf+" name=a"), engineSpec(t, sf+" name=b")},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 16},
		Outputs:      spec.Outputs{LogFile: logPath},
	})
	checkNoFailures(t, run)
	l := readPonderLog(t, logPath)
	data, _ := os.ReadFile(logPath)
	if !strings.Contains(string(data), "> setoption name Ponder value true") {
		t.Error("Ponder option not set")
	}
	if l.hits["a"]+l.hits["b"] == 0 || l.misses["a"]+l.misses["b"] == 0 {
		t.Errorf("ponders %v, hits %v, misses %v: want both hits and misses", l.ponders, l.hits, l.misses)
	}
}

// A bestmove while pondering, before ponderhit or stop, breaks the protocol:
// that engine loses, its opponent is charged nothing.
func TestBestmoveWhilePonderingLoses(t *testing.T) {
	needStockfish(t)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=eager arg=-mode arg=ponderearly tc=10+0.1 ponder=true"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=1000 option.Hash=8 tc=10+0.1"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 10},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	games := parseGames(t, run.pgn)
	for _, g := range games {
		if !strings.Contains(g.ending, "moves out of turn") {
			t.Errorf("game %s ended %q", g.tags["Round"], g.ending)
		}
	}
	eager, sf := run.res.Engines[0], run.res.Engines[1]
	if eager.Points != 0 || eager.Illegal != 2 || sf.Illegal+sf.TimeForfeits+sf.Disconnects+sf.Stalls != 0 {
		t.Errorf("eager %+v, sf %+v", eager, sf)
	}
}

// XBoard engines ponder by themselves once told "hard".
func TestPonderXBoardSendsHard(t *testing.T) {
	needStockfish(t)
	needEngine(t, fairymaxPath)
	logPath := filepath.Join(t.TempDir(), "io.log")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=5+0.1 ponder=true"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=500 option.Hash=8 tc=5+0.1"),
		},
		Schedule:     spec.Schedule{Games: 1},
		Adjudication: spec.Adjudication{MaxMoves: 4},
		Outputs:      spec.Outputs{LogFile: logPath},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	data, _ := os.ReadFile(logPath)
	if !regexp.MustCompile(`fm\(\d+\) > hard`).Match(data) || regexp.MustCompile(`fm\(\d+\) > easy`).Match(data) {
		t.Errorf("fairymax was not told hard:\n%s", data)
	}
	if g := parseGames(t, run.pgn); len(g) != 1 || !strings.Contains(g[0].ending, "move limit") {
		t.Errorf("games: %+v", g)
	}
}

// checkNoFailures fails the test unless the run ended without an error and
// no engine was charged a fault.
func checkNoFailures(t *testing.T, run matchRun) {
	t.Helper()
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, e := range run.res.Engines {
		if e.TimeForfeits+e.Disconnects+e.Stalls+e.Illegal != 0 {
			t.Errorf("engine %s failures: %+v", e.Name, e)
		}
	}
}

// An engine that ignores stop after a missed ponder is on its own clock
// from the opponent's move: it loses on time at its flag, not after the
// stall timeout as a disconnect, and the time is charged to it alone.
func TestPonderMissIgnoredStopLosesOnTime(t *testing.T) {
	needStockfish(t)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=deaf arg=-mode arg=ponderdeaf tc=1+0.01 timeout=3 ponder=true"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=2000 option.Hash=8 tc=10+0.1"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 20},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, g := range parseGames(t, run.pgn) {
		deafIs := "White"
		if g.tags["Black"] == "deaf" {
			deafIs = "Black"
		}
		if g.ending != deafIs+" loses on time" {
			t.Errorf("game %s ended %q, want %s (deaf) to lose on time", g.tags["Round"], g.ending, deafIs)
		}
	}
	deaf, sf := run.res.Engines[0], run.res.Engines[1]
	if deaf.TimeForfeits != 2 || deaf.Disconnects+deaf.Stalls != 0 || sf.TimeForfeits+sf.Disconnects+sf.Stalls+sf.Illegal != 0 {
		t.Errorf("deaf %+v, sf %+v", deaf, sf)
	}
}
