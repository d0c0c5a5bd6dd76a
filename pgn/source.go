package pgn

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// maxSuiteSize is the largest suite read; the index stores 32-bit offsets.
const maxSuiteSize = 1<<32 - 1

// readSource returns the whole content of an opening file, decompressing a
// .zip (its single .epd/.pgn member, else its first) or .gz, recognised by
// their magic bytes. name is the member name for zips, else path.
func readSource(filename string) (data []byte, name string, err error) {
	data, err = os.ReadFile(filename)
	if err != nil {
		return nil, "", err
	}
	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")), bytes.HasPrefix(data, []byte("PK\x05\x06")):
		data, name, err = readZip(data)
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		data, name, err = readGzip(data, filename)
	case len(data) > maxSuiteSize:
		err = fmt.Errorf("%d bytes is too large", len(data))
	default:
		name = filename
	}
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", filename, err)
	}
	// Editors on Windows may start the text with a byte order mark.
	return bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), name, nil
}

func readZip(raw []byte) ([]byte, string, error) {
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, "", err
	}
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
		return nil, "", fmt.Errorf("%s: %d bytes is too large", f.Name, f.UncompressedSize64)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", f.Name, err)
	}
	defer rc.Close()
	data := make([]byte, f.UncompressedSize64)
	if _, err := io.ReadFull(rc, data); err != nil {
		return nil, "", fmt.Errorf("%s: %w", f.Name, err)
	}
	return data, f.Name, nil
}

func readGzip(raw []byte, filename string) ([]byte, string, error) {
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, "", err
	}
	// Text suites compress about 4:1; start there to avoid regrowing.
	buf := bytes.NewBuffer(make([]byte, 0, 4*len(raw)+512))
	if _, err := io.Copy(buf, io.LimitReader(zr, maxSuiteSize+1)); err != nil {
		return nil, "", err
	}
	if buf.Len() > maxSuiteSize {
		return nil, "", fmt.Errorf("more than %d bytes uncompressed", int64(maxSuiteSize))
	}
	name := zr.Name
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(filename), ".gz")
	}
	return buf.Bytes(), name, nil
}
