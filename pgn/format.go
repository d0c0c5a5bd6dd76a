package pgn

import (
	"bytes"
	"fmt"
	"path"
	"strings"
)

// Format is the kind of an opening suite file.
type Format int

// The opening suite formats. FormatAuto, the zero value, guesses from the
// file name (.epd, .fen, .pgn, also inside .zip/.gz) and then the content.
const (
	FormatAuto Format = iota
	FormatEPD
	FormatPGN
)

// String returns the name ParseFormat accepts.
func (f Format) String() string {
	switch f {
	case FormatAuto:
		return "auto"
	case FormatEPD:
		return "epd"
	case FormatPGN:
		return "pgn"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat reads a format name: "epd", "pgn" or "auto" (or "").
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "", "auto":
		return FormatAuto, nil
	case "epd", "fen":
		return FormatEPD, nil
	case "pgn":
		return FormatPGN, nil
	}
	return FormatAuto, fmt.Errorf("pgn: unknown opening format %q (want epd, pgn or auto)", s)
}

// formatFromName guesses the format from a file name, looking through a
// .zip or .gz suffix; it returns FormatAuto when the name does not tell.
func formatFromName(name string) Format {
	name = strings.ToLower(name)
	for _, s := range []string{".zip", ".gz"} {
		name = strings.TrimSuffix(name, s)
	}
	switch path.Ext(name) {
	case ".epd", ".fen":
		return FormatEPD
	case ".pgn":
		return FormatPGN
	}
	return FormatAuto
}

// formatFromContent guesses the format from the first line that is not
// blank or a comment: PGN starts with a tag or movetext, EPD with a board
// of eight ranks.
func formatFromContent(data []byte) Format {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' || line[0] == '%' {
			continue
		}
		if line[0] == '[' {
			return FormatPGN
		}
		board, _, _ := bytes.Cut(line, []byte(" "))
		if bytes.Count(board, []byte("/")) == 7 {
			return FormatEPD
		}
		return FormatPGN
	}
	return FormatEPD
}
