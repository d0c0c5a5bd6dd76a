package pgn

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// resultGames are games the runner could write, with the tags that
// ReadResults reads, comments holding PGN's special characters, and every
// result.
func resultGames(t testing.TB) []Game {
	t.Helper()
	tagged := func(g Game, round, white, black, termination string) Game {
		g.Tags = []Tag{{"Event", "results test"}, {"Round", round}, {"White", white}, {"Black", black}, {"Termination", termination}}
		return g
	}
	decisive := playedGame(t, 7, "", 90, "+0.35/12 0.512s", `[%clk 0:01:00] "quoted"`, "book")
	decisive.Result, decisive.Ending = "0-1", "Black wins on time"
	drawn := playedGame(t, 8, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 57", 40, "-0.01/30 10.000s")
	drawn.Result, drawn.Ending = "1/2-1/2", "Draw by adjudication: a long {reason} that wraps over the end of the line"
	return []Game{
		tagged(goldenGames["fools_mate"], "1", "Stockfish 17", "Fairy-Max", "normal"),
		tagged(decisive, "2", `Mr. "Quote" \ Backslash`, "Stockfish 17", "time forfeit"),
		tagged(drawn, "3", "Fairy-Max", "GNU Chess", "adjudication"),
		tagged(Game{Result: "*"}, "4", "A", "B", "unterminated"),
		tagged(playedGame(t, 9, "", 30), "?", "C", "D", ""),
	}
}

// wantResults is what ReadResults should find in games written in order
// from line 1: the tags as given, the result and ending as written.
func wantResults(games []Game) []GameResult {
	var want []GameResult
	line := 1
	for i := range games {
		g := &games[i]
		round, _ := g.tag("Round")
		n, _ := strconv.Atoi(round)
		w := GameResult{Round: n, Result: g.Result, Line: line}
		w.White, _ = g.tag("White")
		w.Black, _ = g.tag("Black")
		w.Termination, _ = g.tag("Termination")
		// The writer turns braces into parentheses and wraps long comments.
		w.Ending = strings.NewReplacer("{", "(", "}", ")").Replace(g.Ending)
		want = append(want, w)
		line += strings.Count(string(g.AppendTo(nil)), "\n")
	}
	return want
}

func writeTemp(t testing.TB, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReadResultsReturnsWhatTheWriterWrote(t *testing.T) {
	games := resultGames(t)
	path := filepath.Join(t.TempDir(), "games.pgn")
	writeGames(t, path, games...)
	got, complete, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := wantResults(games); !reflect.DeepEqual(got, want) {
		t.Errorf("ReadResults =\n%+v\nwant\n%+v", got, want)
	}
	if fi, _ := os.Stat(path); complete != fi.Size() {
		t.Errorf("complete = %d, want the file size %d", complete, fi.Size())
	}
}

// TestReadResultsOfACutFileKeepsOnlyWholeGames cuts the text at every byte,
// with LF and with CRLF line ends: a game counts once its result and the
// line end after it are there, and complete is where the first unfinished
// game starts (or the cut, when only white space follows the last game).
func TestReadResultsOfACutFileKeepsOnlyWholeGames(t *testing.T) {
	games := resultGames(t)
	all := wantResults(games)
	for _, eol := range []string{"\n", "\r\n"} {
		var data []byte
		var starts, done []int // where each game starts; the first cut that completes it
		for i := range games {
			text := strings.ReplaceAll(string(games[i].AppendTo(nil)), "\n", eol)
			starts = append(starts, len(data))
			data = append(data, text...)
			done = append(done, len(data)-len(eol)) // the result and one line end
		}
		starts = append(starts, len(data)+1)
		path := filepath.Join(t.TempDir(), "cut.pgn")
		for cut := 0; cut <= len(data); cut++ {
			// Through the file for the last game, as the brief has it; in
			// memory, which is faster, for the others.
			got, complete, err := readAllResults(&resultReader{path: path}, bytes.NewReader(data[:cut]), cut+1)
			if cut >= starts[len(games)-1] {
				if err := os.WriteFile(path, data[:cut], 0o644); err != nil {
					t.Fatal(err)
				}
				got, complete, err = ReadResults(path)
			}
			if err != nil {
				t.Fatalf("eol %q cut %d: %v", eol, cut, err)
			}
			m := 0
			for m < len(games) && done[m] <= cut {
				m++
			}
			if len(got) != m || (m > 0 && !reflect.DeepEqual(got, all[:m])) {
				t.Fatalf("eol %q cut %d (%q): got %d games %+v, want %d", eol, cut, tail(data[:cut]), len(got), got, m)
			}
			if want := int64(min(cut, starts[m])); complete != want {
				t.Fatalf("eol %q cut %d (%q): complete = %d, want %d", eol, cut, tail(data[:cut]), complete, want)
			}
		}
	}
}

func tail(b []byte) []byte { return b[max(0, len(b)-12):] }

// TestReadResultsFindsTheSameGamesInAnyChunks reads through tiny buffers
// and one-byte reads, so that games and tokens straddle every boundary.
func TestReadResultsFindsTheSameGamesInAnyChunks(t *testing.T) {
	var buf bytes.Buffer
	games := resultGames(t)
	for i := range games {
		buf.Write(games[i].AppendTo(nil))
	}
	tricky, err := os.ReadFile("testdata/results/tricky_crlf.pgn")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"writer": buf.Bytes(), "tricky": tricky} {
		want, wantComplete, err := readAllResults(&resultReader{path: name}, bytes.NewReader(data), len(data)+1)
		if err != nil {
			t.Fatal(err)
		}
		for _, chunk := range []int{1, 2, 7, 64, 1000} {
			for rname, r := range map[string]io.Reader{
				"one byte": iotest.OneByteReader(bytes.NewReader(data)),
				"half":     iotest.HalfReader(bytes.NewReader(data)),
			} {
				got, complete, err := readAllResults(&resultReader{path: name}, r, chunk)
				if err != nil || complete != wantComplete || !reflect.DeepEqual(got, want) {
					t.Errorf("%s, chunk %d, %s reads: %d games, complete %d, %v; want %d games, complete %d",
						name, chunk, rname, len(got), complete, err, len(want), wantComplete)
				}
			}
		}
	}
}

func TestReadResultsSkipsCommentsEscapesAndVariationsInCRLFFiles(t *testing.T) {
	path := "testdata/results/tricky_crlf.pgn"
	got, complete, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []GameResult{
		{Round: 1, White: "Stockfish", Black: "Fairy-Max", Result: "1-0", Termination: "adjudication",
			Ending: "Black resigns after a long think", Line: 2},
		{Round: 0, White: "Fairy-Max", Black: "Stockfish", Result: "1/2-1/2", Ending: "Draw by 3-fold repetition", Line: 17},
		{Round: 3, White: "Stockfish", Black: "Fairy-Max", Result: "*", Termination: "unterminated", Ending: "book", Line: 26},
		{Round: 4, White: "A", Black: "B", Result: "0-1", Ending: "Black wins on time", Line: 34},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReadResults =\n%+v\nwant\n%+v", got, want)
	}
	if fi, _ := os.Stat(path); complete != fi.Size() {
		t.Errorf("complete = %d, want the file size %d", complete, fi.Size())
	}
}

func TestReadResultsStopsAtAGameCutInItsTags(t *testing.T) {
	// The first lines of 8moves_v3.pgn, CRLF, cut after the fourth game's
	// Round tag.
	got, complete, err := ReadResults("testdata/results/8moves_cut_crlf.pgn")
	if err != nil {
		t.Fatal(err)
	}
	var want []GameResult
	for _, line := range []int{1, 13, 25} {
		want = append(want, GameResult{Round: 1, White: "Stockfish", Black: "Stockfish", Result: "1/2-1/2", Line: line})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReadResults =\n%+v\nwant\n%+v", got, want)
	}
	if complete != 696 {
		t.Errorf("complete = %d, want 696, where the fourth game's [Event starts", complete)
	}
}

func TestReadResultsOfOddButWholeFiles(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		want       []GameResult
	}{
		{"empty", "", nil},
		{"white space only", " \r\n\n\t\n", nil},
		{"movetext without tags", "\n\n1. e4 e5 2. Qh5 {a comment} ; and one to the line end\n 1-0\n",
			[]GameResult{{Result: "1-0", Ending: "a comment", Line: 3}}},
		{"a result inside a variation does not end the game", "1. e4 (1. d4 1-0) e5 (1... c5 (1... e6 0-1)) 0-1\n",
			[]GameResult{{Result: "0-1", Line: 1}}},
		{"a comment then a move is no ending", "1. e4 {good} e5 1/2-1/2\n",
			[]GameResult{{Result: "1/2-1/2", Line: 1}}},
		{"a comment then a NAG is no ending", "1. e4 {good} $1 1/2-1/2\n",
			[]GameResult{{Result: "1/2-1/2", Line: 1}}},
		{"a comment closing a variation is no ending", "1. e4 (1. d4 {good}) 1/2-1/2\n",
			[]GameResult{{Result: "1/2-1/2", Line: 1}}},
		{"results inside symbols do not count", "1. e4* e1-0 10. Kf1 {x}*1-0 0-1\n",
			[]GameResult{{Result: "0-1", Line: 1}}},
		{"an escape line in the movetext", "1. e4\n  % [Event \"x\"] 1-0\ne5 50% 0-1\n",
			[]GameResult{{Result: "0-1", Line: 1}}},
		{"two tags on a line and text after the result", "[White \"a\"] [Black \"b\"]\n1. e4 1-0 [White \"c\"]\n0-1\n",
			[]GameResult{{White: "a", Black: "b", Result: "1-0", Line: 1}, {White: "c", Result: "0-1", Line: 2}}},
		{"a non-numeric round is 0", "[Round \"1.2\"]\n\n*\n", []GameResult{{Result: "*", Line: 1}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, complete, err := ReadResults(writeTemp(t, []byte(tt.text)))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ReadResults =\n%+v\nwant\n%+v", got, tt.want)
			}
			if complete != int64(len(tt.text)) {
				t.Errorf("complete = %d, want %d", complete, len(tt.text))
			}
		})
	}
}

func TestReadResultsErrorsNameFileAndLine(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"[Event \"x]\n\n1-0\n", `games.pgn:1: bad tag "[Event \"x]": unterminated value`},
		{"[White \"a\"]\r\n[Black \"b\"\r\n\r\n1-0\r\n", `games.pgn:2: bad tag "[Black \"b\"": no closing ]`},
		{"[Event \"a\"]\n\n1. e4 *\n\n[White \"b\"]\n[ \"b\"]\n\n1-0\n", `games.pgn:6: bad tag "[ \"b\"]": no name`},
		{"\n[Result \"1-0\"]\n\n1. e4 0-1\n\n", `games.pgn:2: Result tag "1-0" disagrees with the game's result "0-1"`},
		{"[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 1-0\n\n", `games.pgn:1: game has no result before the next game's tags`},
	} {
		_, _, err := ReadResults(writeTemp(t, []byte(tt.text)))
		if err == nil || !strings.HasSuffix(err.Error(), tt.want) {
			t.Errorf("ReadResults(%q) error = %v, want one ending %q", tt.text, err, tt.want)
		}
	}
	_, _, err := ReadResults(filepath.Join(t.TempDir(), "missing.pgn"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: error = %v, want fs.ErrNotExist", err)
	}
}

// BenchmarkReadResults reads a file of 10,000 games of 90 plies with a
// comment on every move, as the runner writes them.
func BenchmarkReadResults(b *testing.B) {
	const games = 10_000
	g := playedGame(b, 1, "", 90, "+0.35/12 0.512s", "-0.20/13 0.498s")
	g.Tags = []Tag{{"Event", "bench"}, {"Round", "1"}, {"White", "Stockfish 17"}, {"Black", "Fairy-Max"},
		{"TimeControl", "10+0.1"}, {"Termination", "adjudication"}, {"PlyCount", "90"}, {"GameDuration", "00:00:19"}}
	g.Result, g.Ending = "1/2-1/2", "Draw by adjudication"
	text := g.AppendTo(nil)
	path := writeTemp(b, bytes.Repeat(text, games))
	b.SetBytes(int64(len(text) * games))
	b.ReportAllocs()
	for b.Loop() {
		got, _, err := ReadResults(path)
		if err != nil || len(got) != games {
			b.Fatalf("%d games, %v", len(got), err)
		}
	}
}
