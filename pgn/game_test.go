package pgn

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenGames are the records whose exact text testdata/golden holds.
var goldenGames = map[string]Game{
	"fools_mate": {
		Tags: []Tag{
			{"White", "engine A"}, {"Event", "golden test"}, {"TimeControl", "10+0.1"},
			{"Black", "engine B"}, {"Date", "2026.11.23"}, {"Round", "1"}, {"Site", "here"},
		},
		Moves: []Move{
			{"f3", "book"}, {"e5", "book"},
			{"g4", "-3.10/12 0.512s"}, {"Qh4#", "-M1/1 0.001s"},
		},
		Result: "0-1",
		Ending: "Black mates",
	},
	"fen_black_to_move": {
		Tags:     []Tag{{"Event", "from a FEN"}, {"FEN", "ignored"}, {"SetUp", "0"}, {"Result", "1-0"}},
		StartFEN: "4k3/8/8/8/8/8/1p4P1/R3K2R b KQ - 0 12",
		Moves: []Move{
			{"bxa1=Q+", ""}, {"Ke2", "+9.99/20 1.000s"}, {"Qxh1", ""}, {"g4", ""}, {"Kd7", ""},
		},
		Result: "*",
		Ending: "Black makes an illegal move: d7d9",
	},
	"escaped_tags_no_moves": {
		Tags: []Tag{
			{"White", `Say "hi" \ bye`}, {"Black", "two\nlines"}, {"Annotator", `}{"`},
		},
		Result: "1/2-1/2",
		Ending: "Draw by adjudication: {both} agreed",
	},
	"wrapped_comments": {
		Moves: []Move{
			{"Nf3", "+0.35/12 0.512s"}, {"d5", "-0.20/13 0.498s"}, {"g3", "+0.31/14 0.611s"},
			{"c6", "-0.25/12 0.402s"}, {"Bg2", "+0.30/15 0.733s"}, {"Nf6", "-0.28/14 0.520s"},
			{"d3", "+0.27/13 0.454s"}, {"Bg4", "-0.31/14 0.495s"}, {"h3", "+0.33/15 0.601s"},
			{"Bh5", "-0.30/16 0.688s"}, {"b3", "+0.28/14 0.520s"}, {"e6", "-0.22/15 0.530s"},
			{"Bb2", "a much longer comment that has to be split over more than one line because it is long"},
			{"Qa5+", ""}, {"Qd2", ""}, {"Qxd2+", ""},
		},
		Result: "1/2-1/2",
		Ending: "Draw by 3-fold repetition",
	},
}

func TestAppendToMatchesGolden(t *testing.T) {
	for name, g := range goldenGames {
		t.Run(name, func(t *testing.T) {
			got := g.AppendTo(nil)
			path := filepath.Join("testdata", "golden", name+".pgn")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("AppendTo =\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestAppendToPutsRosterFirstWithDefaults(t *testing.T) {
	g := Game{Tags: []Tag{{"ECO", "A00"}, {"White", "W"}}, Result: "1-0"}
	got := string(g.AppendTo(nil))
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "W"]
[Black "?"]
[Result "1-0"]
[ECO "A00"]

1-0

`
	if got != want {
		t.Errorf("AppendTo =\n%q\nwant\n%q", got, want)
	}
}

func TestAppendToNumbersMoves(t *testing.T) {
	tests := []struct {
		name string
		g    Game
		want string // movetext without the trailing blank line
	}{
		{"white starts at 1", Game{Moves: []Move{{"e4", ""}, {"e5", ""}, {"Nf3", ""}}, Result: "*"},
			"1. e4 e5 2. Nf3 *"},
		{"black to move repeats the number", Game{StartFEN: "4k3/8/8/8/8/8/8/4K3 b - - 3 40",
			Moves: []Move{{"Kd7", ""}, {"Kd2", ""}}, Result: "*"},
			"40... Kd7 41. Kd2 *"},
		{"a comment before black's move repeats the number", Game{
			Moves: []Move{{"e4", "book"}, {"e5", ""}, {"Nf3", "x"}}, Result: "*"},
			"1. e4 {book} 1... e5 2. Nf3 {x} *"},
		{"ending comment before the result", Game{Moves: []Move{{"e4", ""}}, Result: "0-1", Ending: "White loses on time"},
			"1. e4 {White loses on time} 0-1"},
		{"no result is *", Game{}, "*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := string(tt.g.AppendTo(nil))
			_, movetext, _ := strings.Cut(text, "]\n\n")
			if movetext != tt.want+"\n\n" {
				t.Errorf("movetext = %q, want %q", movetext, tt.want+"\n\n")
			}
		})
	}
}

func TestAppendToWrapsAt79ColumnsWithoutSplittingTokens(t *testing.T) {
	g := playedGame(t, 7, "", 200, "+0.35/12 0.512s", "", "book", "-1.20/20 12.345s", "a comment that is long enough to need wrapping over several words and lines")
	text := string(g.AppendTo(nil))
	_, movetext, _ := strings.Cut(text, "]\n\n")
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(movetext), "\n") {
		if len(line) > maxLineWidth {
			t.Errorf("line of %d columns: %q", len(line), line)
		}
		if line != strings.TrimSpace(line) || strings.Contains(line, "  ") {
			t.Errorf("stray spaces in %q", line)
		}
	}
	// Joining the lines with spaces must give the unwrapped movetext back.
	number := 1
	for i, m := range g.Moves {
		if i%2 == 0 {
			want = append(want, strconv.Itoa(number)+".")
		} else if g.Moves[i-1].Comment != "" {
			want = append(want, strconv.Itoa(number)+"...")
		}
		want = append(want, m.SAN)
		if m.Comment != "" {
			want = append(want, "{"+m.Comment+"}")
		}
		if i%2 == 1 {
			number++
		}
	}
	want = append(want, "{"+g.Ending+"}", g.Result)
	if got := strings.Join(strings.Fields(movetext), " "); got != strings.Join(want, " ") {
		t.Errorf("movetext tokens differ:\n got %s\nwant %s", got, strings.Join(want, " "))
	}
}
