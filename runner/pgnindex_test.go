package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func viewGame(round, result, comment string) string {
	return "[Event \"x\"]\n[Round \"" + round + "\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"" + result + "\"]\n\n1. e4 e5 2. Nf3 {" + comment + "} " + result + "\n\n"
}

// Every game of a PGN is reachable in the viewer, whatever its Round
// tags, and a huge final comment does not make the state every browser
// polls huge.
func TestPGNIndexReachesEveryGameAndBoundsComments(t *testing.T) {
	huge := strings.Repeat("z", 10<<20)
	path := filepath.Join(t.TempDir(), "g.pgn")
	text := viewGame("1", "1-0", "White mates") + viewGame("1", "0-1", "White loses on time") + viewGame("", "1/2-1/2", "Draw by adjudication: move limit") + viewGame("2", "1-0", huge)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := OpenPGNIndex(path)
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
	res := x.Result(nil)
	if res.Played != 4 || res.Engines[0].TimeForfeits != 1 {
		t.Errorf("standing: %d played, %d time losses of a", res.Played, res.Engines[0].TimeForfeits)
	}
}

// A PGN of many megabytes is indexed in memory that does not grow with it:
// a few dozen bytes a game, the games' text left in the file.
func TestPGNIndexMemoryDoesNotGrowWithTheFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 27 MB")
	}
	path := filepath.Join(t.TempDir(), "big.pgn")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	const games = 10000
	long := strings.Repeat("a comment that takes room ", 100) // ~2.6 KB a game, as real games with comments are
	for i := 1; i <= games; i++ {
		f.WriteString(viewGame(strconv.Itoa(i), "1-0", long+"White mates"))
	}
	f.Close()
	info, _ := os.Stat(path)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x, err := OpenPGNIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if x.Len() != games {
		t.Fatalf("%d games indexed, want %d", x.Len(), games)
	}
	if perGame := held / games; perGame > 200 || held > info.Size()/20 {
		t.Errorf("the index of a %d MB file holds %d KB (%d bytes a game)", info.Size()>>20, held>>10, perGame)
	}
	if g, ok := x.Game(games / 2); !ok || g.Number != games/2 || len(g.Moves) != 3 {
		t.Errorf("game %d not served: %+v", games/2, g.Moves)
	}
}

// api/games/N.json gives castling in UCI, the king's step; the rook's
// file follows only in Chess960, where the step does not say which rook.
func TestViewedCastlingIsUCIUnlessChess960(t *testing.T) {
	moves := "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O 1-0"
	std := parseViewedGame("[Event \"x\"]\n[Result \"1-0\"]\n\n" + moves + "\n")
	frc := parseViewedGame("[Event \"x\"]\n[Variant \"fischerandom\"]\n[Result \"1-0\"]\n\n" + moves + "\n")
	if len(std.Moves) != 7 || std.Moves[6] != "e1g1" {
		t.Errorf("standard castling given as %v", std.Moves)
	}
	if len(frc.Moves) != 7 || frc.Moves[6] != "e1g1/h" {
		t.Errorf("Chess960 castling given as %v", frc.Moves)
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
	x, err := OpenPGNIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if p := x.Players(); len(p) != 2 || p[0] != "sf" || p[1] != "bi" {
		t.Fatalf("players %v, want [sf bi] as the run had them", p)
	}
	res := x.Result(nil)
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
