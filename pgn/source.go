package pgn

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Bounds on what an opening file may make autoplay hold, whatever it is: a
// suite is kept in memory whole (entries are parsed when drawn), so its
// text is capped, and so is one line, which is how a file of one huge line
// or a compressed file of zeros is refused after reading little of it.
const (
	maxSuiteSize = 512 << 20
	maxLineLen   = 64 << 10
)

// readSource returns the whole content of an opening file, decompressing a
// .zip (its single .epd/.pgn member, else its first) or .gz, recognised by
// their magic bytes, as it streams. name is the member name for zips, else
// path. Errors name the file (and member) and, for a line too long, the line.
func readSource(filename string) (data []byte, name string, err error) {
	f, err := os.Open(filename)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	magic, _ := br.Peek(4)
	switch {
	case bytes.HasPrefix(magic, []byte("PK\x03\x04")), bytes.HasPrefix(magic, []byte("PK\x05\x06")):
		data, name, err = readZip(filename)
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		data, name, err = readGzip(br, filename)
	default:
		size := int64(0)
		if st, err := f.Stat(); err == nil {
			size = st.Size()
		}
		name = filename
		data, err = readBounded(br, min(size, maxSuiteSize))
	}
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", filename, err)
	}
	// Editors on Windows may start the text with a byte order mark.
	return bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), name, nil
}

func readZip(filename string) ([]byte, string, error) {
	zr, err := zip.OpenReader(filename)
	if err != nil {
		return nil, "", err
	}
	defer zr.Close()
	var files, suites []*zip.File
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		files = append(files, f)
		if formatFromName(f.Name) != FormatAuto {
			suites = append(suites, f)
		}
	}
	var f *zip.File
	switch {
	case len(suites) == 1:
		f = suites[0]
	case len(files) > 0:
		f = files[0]
	default:
		return nil, "", fmt.Errorf("empty zip archive")
	}
	if f.UncompressedSize64 > maxSuiteSize {
		return nil, "", fmt.Errorf("%s: %d bytes uncompressed: an opening suite may have at most %d", f.Name, f.UncompressedSize64, maxSuiteSize)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", f.Name, err)
	}
	defer rc.Close()
	data, err := readBounded(rc, int64(f.UncompressedSize64))
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", f.Name, err)
	}
	return data, f.Name, nil
}

func readGzip(r io.Reader, filename string) ([]byte, string, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, "", err
	}
	data, err := readBounded(zr, 0)
	if err != nil {
		return nil, "", err
	}
	name := zr.Name
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(filename), ".gz")
	}
	return data, name, nil
}

// readBounded reads r to its end, refusing more than maxSuiteSize bytes or
// a line longer than maxLineLen as soon as either shows; sizeHint, when
// known, sizes the buffer (up to 8 MiB: a file's size alone is no reason
// to take more memory before its content is seen).
func readBounded(r io.Reader, sizeHint int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, min(max(sizeHint, 4096), 8<<20)+1))
	lr := &lineLimitReader{r: io.LimitReader(r, maxSuiteSize+1), line: 1}
	if _, err := buf.ReadFrom(lr); err != nil {
		return nil, err
	}
	if buf.Len() > maxSuiteSize {
		return nil, fmt.Errorf("more than %d bytes (uncompressed): an opening suite may have at most that", maxSuiteSize)
	}
	return buf.Bytes(), nil
}

// errLineTooLong is wrapped with the line it was found on.
var errLineTooLong = errors.New("line longer than the limit")

// lineLimitReader passes bytes through and fails on the first line longer
// than maxLineLen, naming it.
type lineLimitReader struct {
	r    io.Reader
	line int // 1-based number of the line being read
	run  int // bytes of that line so far
}

func (l *lineLimitReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for b := p[:n]; len(b) > 0; {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			l.run += len(b)
			break
		}
		l.run += i
		if l.run > maxLineLen {
			break
		}
		l.line++
		l.run = 0
		b = b[i+1:]
	}
	if l.run > maxLineLen {
		return n, fmt.Errorf("line %d: %w (%d bytes): not an opening suite", l.line, errLineTooLong, maxLineLen)
	}
	return n, err
}
