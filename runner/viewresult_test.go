package runner

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/record"
)

func viewedPGNGame(round, result, comment string) string {
	return "[Event \"x\"]\n[Round \"" + round + "\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"" + result + "\"]\n\n1. e4 e5 2. Nf3 {" + comment + "} " + result + "\n\n"
}

// Every game of a PGN is reachable in the viewer, whatever its Round
// tags, and a huge final comment does not make the state every browser
// polls huge.
func TestPGNIndexReachesEveryGameAndBoundsComments(t *testing.T) {
	huge := strings.Repeat("z", 10<<20)
	path := filepath.Join(t.TempDir(), "g.pgn")
	text := viewedPGNGame("1", "1-0", "White mates") + viewedPGNGame("1", "0-1", "White loses on time") + viewedPGNGame("", "1/2-1/2", "Draw by adjudication: move limit") + viewedPGNGame("2", "1-0", huge)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := live.OpenPGNIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if x.Len() != 4 {
		t.Fatalf("%d games", x.Len())
	}
	for n := 1; n <= 4; n++ {
		g, ok := x.Game(n)
		if !ok || len(g.Moves) != 3 || g.Moves[2] != "g1f3" {
			t.Errorf("game %d: %v %+v", n, ok, g.Moves)
		}
		if len(g.Reason) > 300 {
			t.Errorf("game %d lists a reason of %d bytes", n, len(g.Reason))
		}
	}
	for _, g := range x.Latest(100) {
		if len(g.Reason) > 300 || g.PGN != "" {
			t.Errorf("listed game %d holds %d bytes of reason, %d of text", g.Number, len(g.Reason), len(g.PGN))
		}
	}
	res := resultOfViewed(x.Players(), x.Games(), nil)
	if res.Played != 4 || res.Engines[0].TimeForfeits != 1 {
		t.Errorf("standing: %d played, %d time losses of a", res.Played, res.Engines[0].TimeForfeits)
	}
}

// The viewer orients an encounter as the run and `autoplay stats` do, the
// run's first engine first, whatever order the games finished in: here
// game 2 (bi White) finished and was written before game 1 (sf White).
func TestPGNIndexOrientsEncountersAsTheRun(t *testing.T) {
	game := func(round, white, black, result string) string {
		moves := "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {White mates}"
		if result == "0-1" {
			moves = "1. f3 e5 2. g4 Qh4# {Black mates}"
		}
		return "[Event \"x\"]\n[Round \"" + round + "\"]\n[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n\n"
	}
	var text strings.Builder
	for _, round := range []string{"2", "1", "4", "3", "5", "6", "7"} {
		if n, _ := strconv.Atoi(round); n%2 == 1 {
			text.WriteString(game(round, "sf", "bi", "1-0"))
		} else {
			text.WriteString(game(round, "bi", "sf", "0-1"))
		}
	}
	path := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := live.OpenPGNIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if p := x.Players(); len(p) != 2 || p[0] != "sf" || p[1] != "bi" {
		t.Fatalf("players %v, want [sf bi] as the run had them", p)
	}
	res := resultOfViewed(x.Players(), x.Games(), nil)
	enc := res.Encounters[0]
	if res.Engines[enc.First].Name != "sf" || enc.Score.Wins != 7 || enc.Score.Losses != 0 {
		t.Errorf("encounter %s vs %s %d-%d-%d, want sf vs bi 7-0-0", res.Engines[enc.First].Name, res.Engines[enc.Second].Name, enc.Score.Wins, enc.Score.Losses, enc.Score.Draws)
	}
	if g, ok := x.Game(2); !ok || g.White != "bi" || g.Black != "sf" {
		t.Errorf("game 2: %s vs %s, want bi vs sf", g.White, g.Black)
	}
	var stats bytes.Buffer
	if _, err := StatsFromPGN([]string{path}, nil, &stats, func(w string) { t.Error(w) }); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stats.String(), "sf") || strings.Index(stats.String(), "sf") > strings.Index(stats.String(), "bi") {
		t.Errorf("stats names bi before sf:\n%s", stats.String())
	}
}

// A plot point while one side has every point says "inf", not a number
// (nor 0, which JSON would otherwise be given).
func TestPlotPointOfASweepIsInfinite(t *testing.T) {
	games := []live.ViewedGame{
		{Number: 1, White: 0, Black: 1, Outcome: record.WhiteWins, Valid: true},
		{Number: 2, White: 1, Black: 0, Outcome: record.BlackWins, Valid: true},
	}
	var points []live.Point
	resultOfViewed([]string{"a", "b"}, games, func(res *Result) { points = append(points, pointOf(res)) })
	if len(points) != 2 {
		t.Fatalf("%d points", len(points))
	}
	js, err := json.Marshal(points[1])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"elo":"inf"`) {
		t.Errorf("after a sweep: %s", js)
	}
}
