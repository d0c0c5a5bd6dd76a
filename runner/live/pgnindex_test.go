package live

import (
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
