package pgn

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSuiteReadsZipAndGzipCopies(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"uho_head.epd", "8moves_head.pgn"} {
		plain := filepath.Join("testdata", name)
		data, err := os.ReadFile(plain)
		if err != nil {
			t.Fatal(err)
		}
		copies := map[string][]byte{
			name + ".gz":           gzipped(t, name, data),
			name + ".zip":          zipped(t, zipEntry{name, data}),
			"with_readme.zip":      zipped(t, zipEntry{"README.txt", []byte("not a suite\n")}, zipEntry{"books/" + name, data}),
			"first_entry_only.zip": zipped(t, zipEntry{"suite", data}, zipEntry{"other", []byte("x")}),
		}
		want := allOpenings(t, openSuite(t, plain, FormatAuto, 0))
		for cname, c := range copies {
			path := filepath.Join(dir, cname)
			if err := os.WriteFile(path, c, 0o644); err != nil {
				t.Fatal(err)
			}
			s := openSuite(t, path, FormatAuto, 0)
			got := allOpenings(t, s)
			for i := range got {
				// Only the file named in Source differs.
				got[i].Source = strings.Replace(got[i].Source, path, plain, 1)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s (copy of %s): openings differ from the plain file:\n%+v\nwant\n%+v", cname, name, got, want)
			}
		}
	}
}

type zipEntry struct {
	name string
	data []byte
}

func zipped(t *testing.T, entries ...zipEntry) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		w, err := zw.Create(e.name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(e.data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gzipped(t *testing.T, name string, data []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Name = name
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func allOpenings(t *testing.T, s *Suite) []Opening {
	t.Helper()
	var out []Opening
	for i := 0; i < s.Len(); i++ {
		o, err := s.Opening(i)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

func TestOpenSuiteGuessesTheFormat(t *testing.T) {
	dir := t.TempDir()
	epd, _ := os.ReadFile("testdata/uho_head.epd")
	pgn, _ := os.ReadFile("testdata/8moves_head.pgn")
	tests := []struct {
		name string
		data []byte
		want Format
	}{
		{"book.epd", epd, FormatEPD},
		{"book.PGN", pgn, FormatPGN},
		{"book.pgn.zip", zipped(t, zipEntry{"inner", pgn}), FormatPGN},
		{"book.zip", zipped(t, zipEntry{"inner.epd", epd}), FormatEPD},
		{"book.gz", gzipped(t, "inner.pgn", pgn), FormatPGN},
		{"epd_content.txt", epd, FormatEPD},
		{"pgn_content.txt", pgn, FormatPGN},
		{"tagless_pgn.txt", []byte("1. e4 e5 *\n"), FormatPGN},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name)
		os.WriteFile(path, tt.data, 0o644)
		s := openSuite(t, path, FormatAuto, 0)
		if s.Format() != tt.want {
			t.Errorf("%s: guessed %v, want %v", tt.name, s.Format(), tt.want)
		}
	}
}

func TestOpenSuiteErrors(t *testing.T) {
	dir := t.TempDir()
	notZip := filepath.Join(dir, "broken.zip")
	os.WriteFile(notZip, []byte("PK\x03\x04 and then nothing"), 0o644)
	empty := filepath.Join(dir, "empty.zip")
	os.WriteFile(empty, zipped(t), 0o644)
	blank := filepath.Join(dir, "blank.epd")
	os.WriteFile(blank, []byte("# only a comment\n\n"), 0o644)
	tests := []struct {
		path string
		want string
	}{
		{filepath.Join(dir, "missing.epd"), "no such file"},
		{notZip, "broken.zip: zip: not a valid zip file"},
		{empty, "empty.zip: empty zip archive"},
		{blank, "blank.epd: no openings"},
	}
	for _, tt := range tests {
		if _, err := OpenSuite(tt.path, FormatAuto, 0); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("OpenSuite(%s) = %v, want an error containing %q", tt.path, err, tt.want)
		}
	}
	if _, err := OpenSuite("testdata/ops.epd", FormatEPD, -1); err == nil {
		t.Error("OpenSuite with negative plies succeeded")
	}
}
