package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

var plyWithComment = regexp.MustCompile(`(\S+)\s+\{([^}]*)\}`)

// book=FILE bookdepth=N: the runner plays the engine's first N moves from
// its Polyglot book, each a book move of its position, and the engine is not
// asked for them. Both engines have the book (so the game stays in it), one
// for 3 moves, the other for 2.
func TestEngineBookPlaysForTheEngine(t *testing.T) {
	needStockfish(t)
	book := polyglotBook(t, "../pgn/testdata/8moves_head.pgn")
	data, _ := os.ReadFile(book)
	pb, err := chess.ParsePolyglot(data)
	if err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(t.TempDir(), "io.log")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=booked nodes=300 option.Hash=4 book="+book+" bookdepth=3"),
			engineSpec(t, "cmd="+stockfishPath+" name=plain nodes=300 option.Hash=4 book="+book+" bookdepth=2"),
		},
		Schedule:     spec.Schedule{Games: 2, Seed: 5},
		Adjudication: spec.Adjudication{MaxMoves: 6},
		Outputs:      spec.Outputs{LogFile: logPath},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	for _, g := range games {
		bookedWhite := g.tags["White"] == "booked"
		pos := chess.NewPosition()
		plies := plyWithComment.FindAllStringSubmatch(g.moves, -1)
		bookMoves := 0
		for i, p := range plies {
			depth := 2 // the mover's book depth
			if (i%2 == 0) == bookedWhite {
				depth = 3
			}
			isBook := p[2] == "book"
			if isBook != (i/2 < depth) {
				t.Fatalf("game %s ply %d %s {%s}: want a book move for the first %d moves of each side, and no other", g.tags["Round"], i+1, p[1], p[2], depth)
			}
			m, err := pos.ParseSAN(p[1])
			if err != nil {
				t.Fatalf("%v in %s", err, g.moves)
			}
			if isBook {
				bookMoves++
				found := false
				for _, w := range pb.Moves(pos, nil) {
					found = found || w.Move == m
				}
				if !found {
					t.Fatalf("game %s ply %d %s is not in the book", g.tags["Round"], i+1, p[1])
				}
			}
			pos.MakeMove(m)
		}
		if bookMoves != 5 {
			t.Fatalf("game %s: %d book moves, want 5: %s", g.tags["Round"], bookMoves, g.moves)
		}
	}
	// Each engine is asked once per own non-book move: 6 full moves a game,
	// 3 of the one's and 2 of the other's from the book.
	log, _ := os.ReadFile(logPath)
	gos := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m) (\w+)\(\d+\) > go\b`).FindAllStringSubmatch(string(log), -1) {
		gos[m[1]]++
	}
	if gos["booked"] != 2*3 || gos["plain"] != 2*4 {
		t.Errorf("go sent: %v, want booked 6 and plain 8\n%s", gos, log)
	}
}

func TestEngineBookFileIsCheckedBeforeAnyGame(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.bin")
	os.WriteFile(bad, []byte("not a book: 17 b."), 0o644) // not a multiple of 16 bytes
	random := filepath.Join(t.TempDir(), "random.bin")
	noise := make([]byte, 16*40)
	for i := range noise {
		noise[i] = byte(i*131 + i*i*7 + 13) // 16-byte "entries" whose moves are no moves
	}
	os.WriteFile(random, noise, 0o644)
	for _, tc := range []struct{ book, want string }{
		{bad, "bad.bin"},
		{random, "random.bin: polyglot book: entry"},
		{"/nonexistent/book.bin", "/nonexistent/book.bin"},
	} {
		run := runMatch(t, spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, "cmd=/bin/true name=a depth=1 book="+tc.book),
				engineSpec(t, "cmd=/bin/true name=b depth=1"),
			},
			Schedule: spec.Schedule{Games: 2},
		})
		if run.err == nil || !strings.Contains(run.err.Error(), "engine a: book=") || !strings.Contains(run.err.Error(), tc.want) || run.pgn != "" {
			t.Errorf("book %s: err %v, pgn %q", tc.book, run.err, run.pgn)
		}
	}
	e := spec.DefaultEngineConfig()
	if err := parse.SetEngineKey(&e, "bookdepth", "0"); err == nil {
		t.Error("bookdepth=0 accepted")
	}
}

// An XBoard engine's book moves reach it as the moves of the game before its
// first go: it plays on from there, in step.
func TestEngineBookWithXBoardEngine(t *testing.T) {
	needStockfish(t)
	needEngine(t, fairymaxPath)
	book := polyglotBook(t, "../pgn/testdata/8moves_head.pgn")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=10+0.1 book="+book+" bookdepth=3"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=300 option.Hash=4 tc=10+0.1 book="+book+" bookdepth=3"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 8},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, g := range parseGames(t, run.pgn) {
		if !strings.Contains(g.ending, "move limit") || strings.Count(g.moves, "{book}") != 6 {
			t.Errorf("game %s: %s {%s}", g.tags["Round"], g.moves, g.ending)
		}
	}
}
