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
	logPath := t.TempDir() + "/io.log"
	const each = " option.Hash=8 tc=4/3+0.1:2+0.05 nodes=3000 timemargin=5000"
	run := runMatch(t, spec.Config{
		Games: 1, MaxMoves: 12, LogFile: logPath, MoveFields: spec.MoveFields{TimeLeft: true},
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a"+each),
			engineSpec(t, "cmd="+stockfishPath+" name=b"+each),
		},
	})
	if run.err != nil {
		t.Fatalf("match: %v\n%s", run.err, run.out)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 1 || games[0].tags["TimeControl"] != "4/3+0.1:2+0.05" {
		t.Fatalf("want one game tagged TimeControl \"4/3+0.1:2+0.05\": %+v", games)
	}
	comments := regexp.MustCompile(`\{[^}]*?(\d+\.\d{3})s, tl=(\d+\.\d{3})s[^}]*\}`).FindAllStringSubmatch(strings.Join(strings.Fields(games[0].moves), " "), -1)
	if len(comments) < 12 {
		t.Fatalf("%d moves with a time and a clock, want at least 12 (6 a side, past the first period's 4):\n%s", len(comments), games[0].moves)
	}
	ms := func(s string) int64 { f, _ := strconv.ParseFloat(s, 64); return int64(f*1000 + 0.5) }
	left := [2]int64{3000, 3000}
	for i, c := range comments {
		side, move := i%2, i/2+1
		want := left[side] - ms(c[1])
		if move <= 4 {
			want += 100
		} else {
			want += 50
		}
		if move == 4 {
			want += 2000 // the second period's time, after the first's last move
		}
		got := ms(c[2])
		if got < want-2 || got > want+2 { // each figure is rounded to the millisecond
			t.Errorf("ply %d: tl=%.3f s, want %.3f s (%.3f s before, the move took %s s)", i+1, float64(got)/1000, float64(want)/1000, float64(left[side])/1000, c[1])
		}
		left[side] = got
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	var togo []string
	for _, l := range strings.Split(string(log), "\n") {
		if i := strings.Index(l, "> go "); i >= 0 && strings.Contains(l, "wtime") {
			m := regexp.MustCompile(`movestogo (\d+)`).FindStringSubmatch(l)
			if m == nil {
				togo = append(togo, "-")
			} else {
				togo = append(togo, m[1])
			}
		}
	}
	want := "4 4 3 3 2 2 1 1 - - - -"
	if got := strings.Join(togo[:min(len(togo), 12)], " "); got != want {
		t.Errorf("movestogo of the first 12 go commands: %s, want %s", got, want)
	}
}
