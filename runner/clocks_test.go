package runner

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// A real game under two periods: stockfish gets movestogo to the period's
// end, then none in the sudden death, each side's clock after every move
// (tl=) is its clock before it less the move's time plus the period's
// increment, plus the next period's time after the period's last move, and
// the PGN's TimeControl tag is the standard's. A node limit keeps the
// moves short, so that a loaded machine plays the same clocks.
func TestStockfishPlaysAClockOfTwoPeriods(t *testing.T) {
	needStockfish(t)
	g, logPath := clockGame(t, stockfishPath, " option.Hash=8 tc=4/3+0.1:2+0.05 nodes=3000 timemargin=5000", 12)
	if g.tags["TimeControl"] != "4/3+0.1:2+0.05" {
		t.Fatalf("want the game tagged TimeControl \"4/3+0.1:2+0.05\": %+v", g.tags)
	}
	comments := moveClocks(t, g.moves, 12)
	left := [2]int64{3000, 3000}
	for i, c := range comments {
		side, move := i%2, i/2+1
		want := left[side] - c.took
		if move <= 4 {
			want += 100
		} else {
			want += 50
		}
		if move == 4 {
			want += 2000 // the second period's time, after the first's last move
		}
		got := c.left
		if got < want-2 || got > want+2 { // each figure is rounded to the millisecond
			t.Errorf("ply %d: tl=%.3f s, want %.3f s (%.3f s before, the move took %d ms)", i+1, float64(got)/1000, float64(want)/1000, float64(left[side])/1000, c.took)
		}
		left[side] = got
	}
	want := "4 4 3 3 2 2 1 1 - - - -"
	if got := strings.Join(goFields(t, logPath, "movestogo", 12), " "); got != want {
		t.Errorf("movestogo of the first 12 go commands: %s, want %s", got, want)
	}
}

// An hourglass played by stockfish: each move's time leaves the mover's
// clock and goes to the opponent's, so the two clocks always sum to twice
// the start, and every tl= is the mover's clock before less its move.
func TestStockfishPlaysAnHourglass(t *testing.T) {
	needStockfish(t)
	g, _ := clockGame(t, stockfishPath, " option.Hash=8 tc=5 hourglass=true nodes=3000 timemargin=5000", 6)
	if g.tags["TimeControl"] != "*5" {
		t.Fatalf("want the game tagged TimeControl \"*5\" (the standard's sandclock): %+v", g.tags)
	}
	left := [2]int64{5000, 5000}
	for i, c := range moveClocks(t, g.moves, 12) {
		side := i % 2
		if want := left[side] - c.took; c.left < want-2 || c.left > want+2 {
			t.Errorf("ply %d: tl=%d ms, want %d ms (%d before, the move took %d)", i+1, c.left, want, left[side], c.took)
		}
		left[side] = c.left
		left[1-side] += c.took
	}
}

// A simple delay: moves shorter than it never run the clock, and the
// engine is told the delay as its increment.
func TestStockfishPlaysASimpleDelay(t *testing.T) {
	needStockfish(t)
	g, logPath := clockGame(t, stockfishPath, " option.Hash=8 tc=5 delay=2 nodes=3000 timemargin=5000", 4)
	for i, c := range moveClocks(t, g.moves, 8) {
		if c.took < 2000 && c.left != 5000 {
			t.Errorf("ply %d took %d ms, inside the delay, yet the clock shows %d ms", i+1, c.took, c.left)
		}
	}
	if got := strings.Join(goFields(t, logPath, "winc", 4), " "); got != "2000 2000 2000 2000" {
		t.Errorf("winc of the first go commands: %s, want the delay, 2000", got)
	}
}

// clockGame plays one game of maxMoves moves between two instances of the
// engine at cmd, each with the spec each, with every move's clock in the
// PGN and an I/O log; it returns the game and the log's path.
func clockGame(t *testing.T, cmd, each string, maxMoves int) (pgnGame, string) {
	t.Helper()
	logPath := t.TempDir() + "/io.log"
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+cmd+" name=a"+each),
			engineSpec(t, "cmd="+cmd+" name=b"+each),
		},
		Schedule:     spec.Schedule{Games: 1},
		Adjudication: spec.Adjudication{MaxMoves: maxMoves},
		Outputs:      spec.Outputs{LogFile: logPath, MoveFields: spec.MoveFields{TimeLeft: true}},
	})
	if run.err != nil {
		t.Fatalf("match: %v\n%s", run.err, run.out)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 1 {
		t.Fatalf("%d games, want one:\n%s", len(games), run.pgn)
	}
	return games[0], logPath
}

type moveClock struct{ took, left int64 } // milliseconds

// moveClocks reads each move's time and tl= from a movetext, at least min.
func moveClocks(t *testing.T, movetext string, min int) []moveClock {
	t.Helper()
	ms := func(s string) int64 { f, _ := strconv.ParseFloat(s, 64); return int64(f*1000 + 0.5) }
	var out []moveClock
	for _, m := range regexp.MustCompile(`\{[^}]*?(\d+\.\d{3})s, tl=(\d+\.\d{3})s[^}]*\}`).FindAllStringSubmatch(strings.Join(strings.Fields(movetext), " "), -1) {
		out = append(out, moveClock{ms(m[1]), ms(m[2])})
	}
	if len(out) < min {
		t.Fatalf("%d moves with a time and a clock, want at least %d:\n%s", len(out), min, movetext)
	}
	return out
}

// goFields is the value of field in the first n go commands with a clock
// of the I/O log, "-" where a command has none.
func goFields(t *testing.T, logPath, field string, n int) []string {
	t.Helper()
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(field + ` (\d+)`)
	var out []string
	for _, l := range strings.Split(string(log), "\n") {
		if strings.Contains(l, "> go ") && strings.Contains(l, "wtime") && len(out) < n {
			if m := re.FindStringSubmatch(l); m != nil {
				out = append(out, m[1])
			} else {
				out = append(out, "-")
			}
		}
	}
	return out
}

// An XBoard engine on a delay: level carries it as the increment (the
// protocol has no delay), and time/otim the real clocks.
func TestXBoardEngineIsToldTheDelayAsIncrement(t *testing.T) {
	needEngine(t, fairymaxPath)
	_, logPath := clockGame(t, fairymaxPath, " proto=xboard tc=30 bronstein=2 depth=2 timemargin=5000", 2) // depth keeps its moves quick
	log, _ := os.ReadFile(logPath)
	if n := strings.Count(string(log), "> level 0 0:30 2\n"); n != 2 {
		t.Errorf("%d engines were sent \"level 0 0:30 2\", want both:\n%s", n, log)
	}
}
