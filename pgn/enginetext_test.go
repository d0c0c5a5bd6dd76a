package pgn

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

// Engine text in tags and comments (a name with a terminal's colour codes,
// a move that is not one, bytes that are not UTF-8, braces) is written as
// visible escapes, never raw, and the file reads back to the same game with
// the visible text.
func TestEngineTextIsWrittenVisibleAndReadsBack(t *testing.T) {
	name := "evil\x1b[31m \"red\"\x1b[0m \xff\u202e"
	ending := "White illegal: e2\x1b[2Je4 } {"
	g := Game{
		Tags:   []Tag{{"White", name}, {"Black", "plain"}, {"EngineWhiteName", name}},
		Moves:  []Move{{"e4", "said \x07 beep \x9b"}, {"e5", ""}},
		Result: "1-0",
		Ending: ending,
	}
	text := g.AppendTo(nil)
	for i, c := range text {
		if c < ' ' && c != '\n' || c == 0x7f {
			t.Fatalf("byte %#x raw at %d of\n%s", c, i, text)
		}
	}
	for _, want := range []string{`[White "evil\\x1b[31m \"red\"\\x1b[0m \\xff\\u202e"]`, `{White illegal: e2\x1b[2Je4 ) (}`, `{said \x07 beep \x9b}`} {
		if !strings.Contains(string(text), want) {
			t.Errorf("written PGN lacks %s:\n%s", want, text)
		}
	}
	path := filepath.Join(t.TempDir(), "g.pgn")
	writeGames(t, path, g)
	games, _, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || games[0].White != protocol.Escape(name) || games[0].Ending != `White illegal: e2\x1b[2Je4 ) (` {
		t.Errorf("read back %+v, want White %q", games, protocol.Escape(name))
	}
}
