package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

func writeGames(t *testing.T, open func(string) (*Writer, error), path string, games ...Game) {
	t.Helper()
	w, err := open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range games {
		if err := w.Write(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestCreateEmptiesTheFileAndOpenAppendKeepsIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	a := Game{Tags: []Tag{{"Event", "a"}}, Result: "*"}
	b := Game{Tags: []Tag{{"Event", "b"}}, Result: "*"}
	writeGames(t, Create, path, a)
	writeGames(t, OpenAppend, path, b)
	got, _ := os.ReadFile(path)
	if want := string(a.AppendTo(nil)) + string(b.AppendTo(nil)); string(got) != want {
		t.Errorf("after Create a, OpenAppend b:\n%s\nwant\n%s", got, want)
	}
	writeGames(t, Create, path, b)
	got, _ = os.ReadFile(path)
	if want := string(b.AppendTo(nil)); string(got) != want {
		t.Errorf("after Create b:\n%s\nwant\n%s", got, want)
	}
}

func TestConcurrentWritesKeepEveryGameWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	w1, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// A second writer on the same file stands for another process.
	w2, err := OpenAppend(path)
	if err != nil {
		t.Fatal(err)
	}
	const perWriter = 40
	base := playedGame(t, 1, "", 60, "+0.10/5 0.010s")
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		w := w1
		if i%2 == 1 {
			w = w2
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j < perWriter/2; j++ {
				g := base
				g.Tags = []Tag{{"Round", fmt.Sprintf("%d.%d", i, j)}}
				if err := w.Write(&g); err != nil {
					t.Error(err)
				}
			}
		}(i)
	}
	wg.Wait()
	for _, w := range []*Writer{w1, w2} {
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(path)
	games := bytes.Split(bytes.TrimSuffix(data, []byte("\n\n")), []byte("\n\n[Event"))
	if len(games) != 2*perWriter {
		t.Fatalf("file holds %d games, wrote %d", len(games), 2*perWriter)
	}
	rounds := map[string]bool{}
	for i, g := range games {
		rounds[string(regexp.MustCompile(`\[Round "(.*)"\]`).FindSubmatch(g)[1])] = true
		// Each game is tags, a blank line, then movetext ending in a result.
		parts := strings.Split(string(g), "\n\n")
		if len(parts) != 2 || !isResult([]byte(lastField(parts[1]))) {
			t.Fatalf("game %d is torn:\n%s", i+1, g)
		}
	}
	if len(rounds) != 2*perWriter {
		t.Errorf("%d distinct games in the file, wrote %d", len(rounds), 2*perWriter)
	}
}

func TestWriteAfterCloseFails(t *testing.T) {
	w, err := Create(filepath.Join(t.TempDir(), "games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Write(&Game{}); err == nil || !strings.Contains(err.Error(), "write after close") {
		t.Errorf("Write after Close = %v, want a write-after-close error", err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close = %v, want nil", err)
	}
}

func TestCreateInMissingDirectoryFails(t *testing.T) {
	_, err := Create(filepath.Join(t.TempDir(), "no", "such", "games.pgn"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Create in a missing directory = %v, want not-exist", err)
	}
}

func lastField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}
