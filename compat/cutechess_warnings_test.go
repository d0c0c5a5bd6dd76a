package compat

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cutechess-cli's warnings of a command line are said before any game, on
// standard error, as the recorded tool said them (NAME.err beside the
// recorded cases); no engine need start for them.
func TestCutechessWarningsAsRecorded(t *testing.T) {
	book, err := filepath.Abs(filepath.Join(recorded, "book.epd"))
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, c := range readCases(t) {
		want, err := os.ReadFile(filepath.Join(recorded, c.name+".err"))
		if err != nil || c.tool != Cutechess {
			continue
		}
		seen++
		line := strings.NewReplacer("{SF}", stockfish, "{BOOK}", book, "{PGN}", filepath.Join(t.TempDir(), "games.pgn")).Replace(c.args)
		inv, err := Parse(Cutechess, strings.Fields(line))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var stderr bytes.Buffer
		if err := inv.Prepare(&stderr); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if stderr.String() != string(want) {
			t.Errorf("%s: standard error\n%s\nwant\n%s", c.name, stderr.String(), want)
		}
	}
	if seen < 2 {
		t.Fatalf("%d recorded cutechess-cli cases with warnings, want 2 or more", seen)
	}
}

// A suite far shorter than its start= gets a bounded number of warnings.
func TestStartIndexWarningsAreBounded(t *testing.T) {
	if got := startIndexWarnings(1<<30, 1, false); len(got) != maxStartWarnings {
		t.Errorf("%d warnings, want %d", len(got), maxStartWarnings)
	}
	if got := startIndexWarnings(9, 8, false); len(got) != 1 || got[0] != "Start index larger than book size, wrapping after 8." {
		t.Errorf("start=9 of 8: %q", got)
	}
	if got := startIndexWarnings(8, 8, true); len(got) != 0 {
		t.Errorf("start=8 of 8: %q", got)
	}
}
