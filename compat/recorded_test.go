package compat

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner"
)

// The recordings in testdata/recorded are the real tools' output for the
// command lines of testdata/recorded/cases (see the README there for the
// versions and record.sh). Each command line runs here through autoplay's
// drop-in mode; standard output must match line for line, and the PGN tag
// for tag and move for move, once times are masked.

const recorded = "testdata/recorded"

// stockfish is Debian's, the engine the recordings were made with.
const stockfish = "/usr/games/stockfish"

// syzygy is the project's shared 3-4 piece tables, outside the repository
// (too big to keep here): the cases that adjudicate by them skip without.
const syzygy = "../../shared/syzygy"

type recordedCase struct {
	name string
	tool Dialect
	args string
}

func readCases(t *testing.T) []recordedCase {
	t.Helper()
	f, err := os.Open(filepath.Join(recorded, "cases"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []recordedCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, " ", 3)
		out = append(out, recordedCase{name: f[0], tool: Dialect(f[1]), args: f[2]})
	}
	return out
}

// Masks hit only what changes from run to run: the wall clock.
var (
	stdoutMasks = []*regexp.Regexp{
		regexp.MustCompile(`^(Total Time: )\d+:\d\d:\d\d( \(hours:minutes:seconds\))$`),
		// The PGN's path is the test's, its CRC32 that of its dates and times.
		regexp.MustCompile(`^(File ).* has CRC32: 0x[0-9a-f]+()$`),
	}
	tagMasks = []*regexp.Regexp{
		regexp.MustCompile(`^(\[Date ")\d{4}\.\d\d\.\d\d("\])$`),
		regexp.MustCompile(`^(\[GameDuration ")\d\d:\d\d:\d\d("\])$`),
		regexp.MustCompile(`^(\[Game(?:Start|End)Time ")\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{3})?(?: UTC| \+0000)("\])$`),
	}
)

func mask(line string, masks []*regexp.Regexp) string {
	for _, m := range masks {
		line = m.ReplaceAllString(line, "${1}…${2}")
	}
	return line
}

func TestDropinOutputMatchesRecordedTools(t *testing.T) {
	if _, err := os.Stat(stockfish); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must install stockfish")
		}
		t.Skip("stockfish not installed")
	}
	// The recordings were made on a machine of 2 hardware threads
	// (-concurrency -1, -quick).
	t.Cleanup(func(f func() int) func() { return func() { hardwareThreads = f } }(hardwareThreads))
	hardwareThreads = func() int { return 2 }
	abs := func(name string) string {
		p, err := filepath.Abs(filepath.Join(recorded, name))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	book, pgnBook, adjBook, tbBook := abs("book.epd"), abs("book.pgn"), abs("adjudicate.epd"), abs("tb.epd")
	for _, c := range readCases(t) {
		t.Run(c.name, func(t *testing.T) {
			// Each case plays at node limits, one game at a time: its games
			// are the same however busy the machine, so cases play side by side.
			t.Parallel()
			if strings.Contains(c.args, "{SYZYGY}") {
				if _, err := os.Stat(filepath.Join(syzygy, "KRvKR.rtbw")); err != nil {
					t.Skip("the shared Syzygy tables are not here")
				}
			}
			pgnPath := filepath.Join(t.TempDir(), c.name+".pgn")
			line := strings.NewReplacer("{SF}", stockfish, "{BOOK}", book, "{PGNBOOK}", pgnBook, "{PGN}", pgnPath,
				"{ADJBOOK}", adjBook, "{TBBOOK}", tbBook, "{SYZYGY}", syzygy).Replace(c.args)
			got, gotErr := runDropin(t, c.tool, strings.Fields(line))
			want, err := os.ReadFile(filepath.Join(recorded, c.name+".out"))
			if err != nil {
				t.Fatal(err)
			}
			wantLines, gotLines := lines(string(want), stdoutMasks), lines(got, stdoutMasks)
			compareLines(t, "standard output", wantLines, gotLines)
			// A tool's warnings, when it printed any, on standard error.
			if wantErr, err := os.ReadFile(filepath.Join(recorded, c.name+".err")); err == nil {
				compareLines(t, "standard error", lines(string(wantErr), nil), lines(gotErr, nil))
			}
			wantPGN, err := os.ReadFile(filepath.Join(recorded, c.name+".pgn"))
			if err != nil {
				t.Fatal(err)
			}
			gotPGN, err := os.ReadFile(pgnPath)
			if err != nil {
				t.Fatal(err)
			}
			compareLines(t, "PGN tags", pgnTags(string(wantPGN)), pgnTags(string(gotPGN)))
			compareLines(t, "PGN moves", pgnMoves(string(wantPGN)), pgnMoves(string(gotPGN)))
			times := moveTimes[c.tool]
			compareLines(t, "PGN movetext", pgnMovetext(string(wantPGN), times), pgnMovetext(string(gotPGN), times))
		})
	}
}

// runDropin runs a command line as `autoplay cutechess|fastchess` does and
// returns its standard output and standard error.
func runDropin(t *testing.T, d Dialect, args []string) (string, string) {
	t.Helper()
	inv, err := Parse(d, args)
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if err := inv.Prepare(&stderr); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := runner.Run(context.Background(), inv.Config, inv.Options(&out)); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if err := inv.Conclude(&out); err != nil {
		t.Fatal(err)
	}
	return out.String(), stderr.String()
}

func lines(s string, masks []*regexp.Regexp) []string {
	out := strings.Split(s, "\n")
	for i := range out {
		out[i] = mask(out[i], masks)
	}
	return out
}

// pgnTags lists each game's tags in order, masked, a blank line between
// games. The ECO, Opening and Variation tags both tools name a game from
// the initial position by, from their own tables of openings, are left out:
// autoplay does not carry those tables.
func pgnTags(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		switch {
		case strings.HasPrefix(l, "[ECO ") || strings.HasPrefix(l, "[Opening ") || strings.HasPrefix(l, "[Variation "):
		case strings.HasPrefix(l, "[Event "):
			if len(out) > 0 {
				out = append(out, "")
			}
			out = append(out, mask(l, tagMasks))
		case strings.HasPrefix(l, "["):
			out = append(out, mask(l, tagMasks))
		}
	}
	return out
}

// gameMovetexts splits a PGN into each game's movetext, its lines as they are.
func gameMovetexts(s string) []string {
	var out []string
	var text strings.Builder
	for _, l := range strings.Split(s+"\n[Event ", "\n") {
		if strings.HasPrefix(l, "[Event ") && text.Len() > 0 {
			out = append(out, text.String())
			text.Reset()
		}
		if !strings.HasPrefix(l, "[") {
			text.WriteString(l + "\n")
		}
	}
	return out
}

// pgnMoves lists each game's moves in SAN, its result last: comments and move
// numbers go (the engines' comments are the tools' own picks of their output).
func pgnMoves(s string) []string {
	var out []string
	comment, number := regexp.MustCompile(`\{[^}]*\}`), regexp.MustCompile(`^\d+\.+`)
	for _, text := range gameMovetexts(s) {
		var moves []string
		for _, w := range strings.Fields(comment.ReplaceAllString(text, " ")) {
			if w = number.ReplaceAllString(w, ""); w != "" {
				moves = append(moves, w)
			}
		}
		if len(moves) > 0 {
			out = append(out, strings.Join(moves, " "))
		}
	}
	return out
}

// moveTimes are the shapes of a move's time in each tool's comments:
// cutechess-cli's decimals shrink as the time grows ("0.045s", "0.23s",
// "1.5s", "12s"), fastchess always writes three. A time of another shape
// is not masked, so it differs.
var moveTimes = map[Dialect]*regexp.Regexp{
	Cutechess: regexp.MustCompile(`^(?:0|0\.0\d\d|0\.[1-9]\d|[1-9]\.\d|[1-9]\d+)s$`),
	Fastchess: regexp.MustCompile(`^\d+\.\d{3}s$`),
}

// pgnMovetext is each game's movetext as one line, line breaks as spaces
// (the tools break lines in their own places), move numbers and comments
// kept, and in the comments each move time of the tool's shape masked.
func pgnMovetext(s string, times *regexp.Regexp) []string {
	var out []string
	comment := regexp.MustCompile(`\{[^}]*\}`)
	for _, text := range gameMovetexts(s) {
		line := strings.Join(strings.Fields(text), " ")
		line = comment.ReplaceAllStringFunc(line, func(c string) string {
			words := strings.Fields(c[1 : len(c)-1])
			for i, w := range words {
				if t := strings.TrimSuffix(w, ","); times.MatchString(t) {
					words[i] = "…s" + w[len(t):]
				}
			}
			return "{" + strings.Join(words, " ") + "}"
		})
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}

// compareLines fails with every differing line, numbered.
func compareLines(t *testing.T, what string, want, got []string) {
	t.Helper()
	var diff strings.Builder
	for i := range max(len(want), len(got)) {
		w, g := "(none)", "(none)"
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			fmt.Fprintf(&diff, "line %d:\n  want %q\n  got  %q\n", i+1, w, g)
		}
	}
	if diff.Len() > 0 {
		t.Errorf("%s differs from the recording:\n%s", what, diff.String())
	}
}
