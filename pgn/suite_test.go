package pgn

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

func openSuite(t *testing.T, path string, format Format, plies int) *Suite {
	t.Helper()
	s, err := OpenSuite(path, format, plies)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// moves builds expected moves; "e1g1/h" is castling with the h-file rook.
func moves(ms ...string) []protocol.Move {
	out := make([]protocol.Move, len(ms))
	for i, m := range ms {
		text, rook, castles := strings.Cut(m, "/")
		out[i] = protocol.MustParseMove(text)
		if castles {
			out[i] = out[i].Castling(rook[0])
		}
	}
	return out
}

func TestEPDSuiteReadsEveryLineForm(t *testing.T) {
	s := openSuite(t, "testdata/ops.epd", FormatEPD, 0)
	want := []Opening{
		{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", Source: "testdata/ops.epd:3"},
		{FEN: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", Source: "testdata/ops.epd:4"},
		{FEN: "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4", Source: "testdata/ops.epd:5"},
		{FEN: "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 0 4", Source: "testdata/ops.epd:7"},
		{FEN: "4k3/8/8/8/8/8/8/4K2R w K - 7 40", Source: "testdata/ops.epd:8"},
	}
	if s.Len() != len(want) {
		t.Fatalf("Len = %d, want %d (blank and # lines skipped)", s.Len(), len(want))
	}
	for i, w := range want {
		got, err := s.Opening(i)
		if err != nil {
			t.Fatalf("Opening(%d): %v", i, err)
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("Opening(%d) = %+v, want %+v", i, got, w)
		}
	}
}

func TestEPDSuiteReadsBookLinesWithCRLF(t *testing.T) {
	for _, name := range []string{"uho_head.epd", "frc_head.epd"} {
		path := filepath.Join("testdata", name)
		data, _ := os.ReadFile(path)
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		s := openSuite(t, path, FormatAuto, 0)
		if s.Len() != len(lines) {
			t.Fatalf("%s: Len = %d, want %d", name, s.Len(), len(lines))
		}
		for i, line := range lines {
			o, err := s.Opening(i)
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.TrimSpace(line); o.FEN != want {
				t.Errorf("%s entry %d: FEN %q, want the line %q", name, i, o.FEN, want)
			}
		}
	}
}

func TestEPDSuiteNamesTheBadLine(t *testing.T) {
	s := openSuite(t, "testdata/bad.epd", FormatEPD, 0)
	want := []string{
		`testdata/bad.epd:1: bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1": 7 ranks`,
		`testdata/bad.epd:2: bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1": rank 1 has 7 squares`,
		`testdata/bad.epd:3: bad FEN "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": unknown piece 'x' on rank 7`,
		`testdata/bad.epd:4: bad FEN "rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": 0 black kings`,
		`testdata/bad.epd:5: bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1": side to move "x" is not w or b`,
		`testdata/bad.epd:6: bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1": bad castling rights "KQkqK"`,
		`testdata/bad.epd:7: bad FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1": bad en passant square "e3"`,
		`testdata/bad.epd:8: bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w": 2 fields, want at least 4`,
		`testdata/bad.epd:9: bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1": bad halfmove clock "x"`,
		`testdata/bad.epd:10: bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0": bad fullmove number "0"`,
	}
	if s.Len() != len(want) {
		t.Fatalf("Len = %d, want %d", s.Len(), len(want))
	}
	for i, w := range want {
		o, err := s.Opening(i)
		if err == nil || err.Error() != w {
			t.Errorf("Opening(%d) error\n got %v\nwant %s", i, err, w)
		}
		var fe *FENError
		if !errorsAs(err, &fe) {
			t.Errorf("Opening(%d) error %v does not wrap a *FENError", i, err)
		}
		if o.Source != "testdata/bad.epd:"+itoa(i+1) {
			t.Errorf("Opening(%d).Source = %q", i, o.Source)
		}
	}
}

func TestPGNSuitePlaysTheMainLine(t *testing.T) {
	s := openSuite(t, "testdata/features.pgn", FormatAuto, 0)
	want := []Opening{
		{
			Moves:  moves("e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1/h", "f8e7"),
			SAN:    strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7"),
			Source: "testdata/features.pgn:2",
		},
		{
			FEN:    "4k3/8/8/8/8/8/1p4P1/R3K2R b KQ - 0 12",
			Moves:  moves("b2a1q", "e1e2", "a1h1", "g2g4", "e8d7"),
			SAN:    strings.Fields("bxa1=Q+ Ke2 Qxh1 g4 Kd7"),
			Source: "testdata/features.pgn:10",
		},
		{
			Moves:  moves("d2d4", "d7d5", "c2c4"),
			SAN:    strings.Fields("d4 d5 c4"),
			Source: "testdata/features.pgn:17",
		},
		{
			Moves:  moves("c2c4", "c7c5"),
			SAN:    strings.Fields("c4 c5"),
			Source: "testdata/features.pgn:19",
		},
	}
	if s.Len() != len(want) {
		t.Fatalf("Len = %d, want %d", s.Len(), len(want))
	}
	for i, w := range want {
		got, err := s.Opening(i)
		if err != nil {
			t.Fatalf("Opening(%d): %v", i, err)
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("Opening(%d) =\n%+v\nwant\n%+v", i, got, w)
		}
	}
}

func TestPGNSuiteAcceptsLenientImportFormat(t *testing.T) {
	// Rest-of-line comments, detached annotations, move numbers without a
	// period, castling with zeros.
	s := openSuite(t, "testdata/lenient.pgn", FormatPGN, 0)
	if s.Len() != 1 {
		t.Fatalf("Len = %d, want 1", s.Len())
	}
	o, err := s.Opening(0)
	if err != nil {
		t.Fatal(err)
	}
	want := moves("e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1/h", "f7f6",
		"d2d4", "e5d4", "f3d4", "c6c5", "d4b3", "d8d1", "f1d1", "c8d7", "b1c3", "e8c8/a")
	if !reflect.DeepEqual(o.Moves, want) {
		t.Errorf("Moves = %v, want %v", o.Moves, want)
	}
}

func TestPGNSuiteStopsAtPlies(t *testing.T) {
	for _, plies := range []int{1, 4, 16, 0} {
		s := openSuite(t, "testdata/8moves_head.pgn", FormatPGN, plies)
		o, err := s.Opening(0)
		if err != nil {
			t.Fatal(err)
		}
		all := moves("g1f3", "d7d5", "g2g3", "c7c6", "f1g2", "g8f6", "d2d3", "c8g4",
			"h2h3", "g4h5", "b2b3", "e7e6", "c1b2", "d8a5", "d1d2", "a5d2")
		want := all
		if plies > 0 {
			want = all[:plies]
		}
		if !reflect.DeepEqual(o.Moves, want) || len(o.SAN) != len(want) {
			t.Errorf("plies %d: Moves = %v (%d SAN), want %v", plies, o.Moves, len(o.SAN), want)
		}
	}
}

// TestPGNSuiteAgreesWithPgnExtract compares every opening's coordinate
// moves with the real pgn-extract's -Wuci conversion of the same file.
func TestPGNSuiteAgreesWithPgnExtract(t *testing.T) {
	tool := pgnExtract(t)
	for _, name := range []string{"8moves_head.pgn", "features.pgn"} {
		path := filepath.Join("testdata", name)
		out, err := exec.Command(tool, "-s", "-Wuci", "--notags", "-C", "-N", "-V", path).Output()
		if err != nil {
			t.Fatalf("pgn-extract %s: %v", name, err)
		}
		var games [][]string
		for _, movetext := range strings.Split(strings.TrimSpace(string(out)), "\n\n") {
			f := strings.Fields(strings.ToLower(movetext))
			games = append(games, f[:len(f)-1]) // drop the result
		}
		s := openSuite(t, path, FormatPGN, 0)
		if s.Len() != len(games) {
			t.Fatalf("%s: Len = %d, pgn-extract found %d games", name, s.Len(), len(games))
		}
		for i, want := range games {
			o, err := s.Opening(i)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range o.Moves {
				got = append(got, m.String())
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s game %d: moves %v, pgn-extract says %v", name, i+1, got, want)
			}
		}
	}
}

func TestPGNSuiteNamesTheBadMove(t *testing.T) {
	s := openSuite(t, "testdata/bad.pgn", FormatPGN, 0)
	want := []string{
		`testdata/bad.pgn:4: move 5 "Nf9": not a SAN move`,
		`testdata/bad.pgn:8: move 5 "Bxf7+": illegal in position r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5`,
		`testdata/bad.pgn:12: move 3 "Nd2": ambiguous in position rnbqkbnr/ppp2ppp/4p3/3p4/8/3P1N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3`,
		`testdata/bad.pgn:16: bad FEN "8/8/8 w - - 0 1": 3 ranks`,
		`testdata/bad.pgn:21: bad tag "[White Stockfish]": no quoted value`,
		`testdata/bad.pgn:26: variant "Chess960" is not supported`,
		`testdata/bad.pgn:32: move 1... "--": null moves are not supported`,
	}
	if s.Len() != len(want) {
		t.Fatalf("Len = %d, want %d", s.Len(), len(want))
	}
	for i, w := range want {
		if _, err := s.Opening(i); err == nil || err.Error() != w {
			t.Errorf("Opening(%d) error\n got %v\nwant %s", i, err, w)
		}
	}
}

func TestSuiteSkipsAByteOrderMark(t *testing.T) {
	for _, text := range []string{"\xef\xbb\xbf" + StartFEN + "\n", "\xef\xbb\xbf[Event \"a\"]\n\n1. e4 *\n"} {
		path := filepath.Join(t.TempDir(), "bom.txt")
		os.WriteFile(path, []byte(text), 0o644)
		s := openSuite(t, path, FormatAuto, 0)
		if _, err := s.Opening(0); err != nil || s.Len() != 1 {
			t.Errorf("%q: Len %d, Opening(0) error %v", text, s.Len(), err)
		}
	}
}

func TestOpeningIsSafeForConcurrentUse(t *testing.T) {
	s := openSuite(t, "testdata/8moves_head.pgn", FormatPGN, 0)
	want := allOpenings(t, s)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range want {
				o, err := s.Opening(i)
				if err != nil || !reflect.DeepEqual(o, want[i]) {
					t.Errorf("concurrent Opening(%d) = %+v, %v", i, o, err)
				}
			}
		}()
	}
	wg.Wait()
}

func TestOpeningOutOfRangeIsAnError(t *testing.T) {
	s := openSuite(t, "testdata/ops.epd", FormatEPD, 0)
	for _, i := range []int{-1, s.Len()} {
		if _, err := s.Opening(i); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("Opening(%d) = %v, want out of range", i, err)
		}
	}
}

func TestIndexPGNCountsOnlyRealGames(t *testing.T) {
	tests := []struct {
		name string
		text string
		want int
	}{
		{"trailing blank lines make no game", "[Event \"a\"]\n\n1. e4 *\n\n\n\r\n\n", 1},
		{"games without a blank line between", "[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n", 2},
		{"game missing its result ends at the next tag", "[Event \"a\"]\n\n1. e4\n\n[Event \"b\"]\n\n1. d4 *\n", 2},
		{"tagless games split at results", "1. e4 e5 1-0\n1. d4 d5 0-1 1. c4 1/2-1/2\n", 3},
		{"a result inside a variation does not end the game", "[Event \"a\"]\n1. e4 (1. d4 1-0) e5 *\n", 1},
		{"brackets in comments are not tags", "[Event \"a\"]\n1. e4 {\n[Event \"x\"]} ; [Event \"y\"]\n%[Event \"z\"]\n e5 *\n", 1},
		{"empty file", "", 0},
	}
	for _, tt := range tests {
		if got := len(indexPGN([]byte(tt.text))); got != tt.want {
			t.Errorf("%s: %d games, want %d", tt.name, got, tt.want)
		}
	}
}

func TestParseFormat(t *testing.T) {
	tests := []struct {
		in   string
		want Format
		ok   bool
	}{
		{"epd", FormatEPD, true}, {"EPD", FormatEPD, true}, {"fen", FormatEPD, true},
		{"pgn", FormatPGN, true}, {"auto", FormatAuto, true}, {"", FormatAuto, true},
		{"polyglot", FormatAuto, false},
	}
	for _, tt := range tests {
		got, err := ParseFormat(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseFormat(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
		if tt.ok && tt.in != "" && !strings.EqualFold(got.String(), tt.in) && tt.in != "fen" {
			t.Errorf("%v.String() = %q, want %q", got, got.String(), tt.in)
		}
	}
}

// sharedBooks is where the project's opening suites live, relative to this
// package; tests that use them skip when it is absent.
const sharedBooks = "../../shared/books"

func sharedBook(tb testing.TB, name string) string {
	tb.Helper()
	path := filepath.Join(sharedBooks, name)
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("shared book not available: %v", err)
	}
	return path
}

func TestSharedBooksHaveTheirPublishedCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 34 MB of shared books")
	}
	tests := []struct {
		name string
		want int
	}{
		{"UHO_4060_v3.epd.zip", 242201},
		{"8moves_v3.pgn.zip", 34700},
		{"noob_3moves.epd.zip", 150932},
		{"3moves_FRC.epd.zip", 126113},
	}
	for _, tt := range tests {
		s := openSuite(t, sharedBook(t, tt.name), FormatAuto, 0)
		if s.Len() != tt.want {
			t.Errorf("%s: Len = %d, want %d", tt.name, s.Len(), tt.want)
		}
		for _, i := range []int{0, s.Len() / 2, s.Len() - 1} {
			if _, err := s.Opening(i); err != nil {
				t.Errorf("%s: Opening(%d): %v", tt.name, i, err)
			}
		}
	}
}

func TestPGNTagsAreReadWithEscapesOrRejected(t *testing.T) {
	tests := []struct {
		text string
		want string // error text; "" = the FEN tag below must be read
	}{
		{`[FEN  "4k3/8/8/8/8/8/8/4K3 w - - 0 1" ]` + "\n*", ""},
		{`[Event "a \"b\" \\ c"]` + "\n" + `[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]` + "\n*", ""},
		{`[ "x"]`, `g.pgn:3: bad tag "[ \"x\"]": no name`},
		{`[Event "x]`, `g.pgn:3: bad tag "[Event \"x]": unterminated value`},
		{`[Event "x"`, `g.pgn:3: bad tag "[Event \"x\"": no closing ]`},
		{`[Event x]`, `g.pgn:3: bad tag "[Event x]": no quoted value`},
	}
	for _, tt := range tests {
		o, err := parsePGNOpening([]byte(tt.text), "g.pgn", 3, 0)
		switch {
		case tt.want == "" && (err != nil || o.FEN != "4k3/8/8/8/8/8/8/4K3 w - - 0 1"):
			t.Errorf("%q: FEN %q, error %v", tt.text, o.FEN, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("%q: error %v, want %s", tt.text, err, tt.want)
		}
	}
}
