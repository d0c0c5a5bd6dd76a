package pgn

import (
	"archive/zip"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// zeros writes n zero bytes to w in chunks.
func zeros(t *testing.T, w io.Writer, n int) {
	t.Helper()
	chunk := make([]byte, 1<<20)
	for n > 0 {
		k := min(n, len(chunk))
		if _, err := w.Write(chunk[:k]); err != nil {
			t.Fatal(err)
		}
		n -= k
	}
}

// Files that would take unbounded memory are refused after little of them
// is read: a huge file of one line (sparse, 2 GB), and compressed files of
// zeros that expand a thousandfold.
func TestHugeAndBombOpeningFilesAreRefusedEarly(t *testing.T) {
	dir := t.TempDir()
	oneLine := filepath.Join(dir, "one-line.epd")
	f, _ := os.Create(oneLine)
	f.Truncate(2 << 30)
	f.Close()

	gz := filepath.Join(dir, "zeros.epd.gz")
	f, _ = os.Create(gz)
	zw := gzip.NewWriter(f)
	zeros(t, zw, 64<<20)
	zw.Close()
	f.Close()

	zp := filepath.Join(dir, "zeros.epd.zip")
	f, _ = os.Create(zp)
	archive := zip.NewWriter(f)
	w, _ := archive.Create("zeros.epd")
	zeros(t, w, 64<<20)
	archive.Close()
	f.Close()

	longLine := filepath.Join(dir, "long.pgn")
	os.WriteFile(longLine, []byte("[Event \"x\"]\n\n1. e4 "+strings.Repeat("{comment} ", 10000)+"*\n"), 0o644)

	for _, tc := range []struct{ path, want string }{
		{oneLine, "one-line.epd: line 1: line longer than the limit"},
		{gz, "zeros.epd.gz: line 1: line longer than the limit"},
		{zp, "zeros.epd.zip: zeros.epd: line 1: line longer than the limit"},
		{longLine, "long.pgn: line 3: line longer than the limit"},
	} {
		start := time.Now()
		_, err := OpenSuite(tc.path, FormatAuto, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", filepath.Base(tc.path), err, tc.want)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s: refused after %v", filepath.Base(tc.path), took)
		}
	}
}

// Every opening of a suite is checked as a start position: the reasons
// name the line.
func TestOpeningsAreCheckedAsStartPositions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.epd")
	lines := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",   // good: a double step just made
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",     // no pawn stepped past e6
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",      // good
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w KQkq - 0 1",      // castling K without the h1 rook
		"rnbqkbnr/ppppp1pp/8/5p1Q/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 1", // black to move... is in check, white to move
		"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",        // no black king
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w KQkq - 0 1",      // pawn on the first rank
	}
	os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	s, err := OpenSuite(path, FormatAuto, 0)
	if err != nil {
		t.Fatal(err)
	}
	wantBad := map[int]string{
		2: "en-passant square e6, but no black pawn has just stepped past it",
		4: "castling",
		5: "the side not to move is in check",
		6: "kings",
		7: "pawn on rank 1",
	}
	for i := range lines {
		_, err := s.Opening(i)
		want, bad := wantBad[i+1]
		switch {
		case !bad && err != nil:
			t.Errorf("line %d: %v", i+1, err)
		case bad && (err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "bad.epd:"+string(rune('0'+i+1)))):
			t.Errorf("line %d: error %v, want %q at bad.epd:%d", i+1, err, want, i+1)
		}
	}
	if err := s.Check(nil, nil); err == nil || !strings.Contains(err.Error(), "bad.epd:2") {
		t.Errorf("Check: %v, want the first bad line, bad.epd:2", err)
	}
	if n, first := s.DropInvalid(); n != 5 || first == nil || s.Len() != 2 {
		t.Errorf("DropInvalid: %d dropped (%v), %d left; want 5 and 2", n, first, s.Len())
	}
}

// The published suites open and validate, every entry, quickly.
func BenchmarkValidateUHO(b *testing.B) {
	path := sharedBook(b, "UHO_4060_v3.epd.zip")
	for b.Loop() {
		s, err := OpenSuite(path, FormatAuto, 0)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Check(nil, nil); err != nil {
			b.Fatal(err)
		}
	}
}
