package pgn

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// GameResult is what statistics need from one recorded game.
type GameResult struct {
	Round        int    // the Round tag as a number (autoplay writes the game number there); 0 if absent or not a number
	White, Black string // the White and Black tags
	Result       string // the movetext's result: "1-0", "0-1", "1/2-1/2" or "*" (callers skip "*")
	Termination  string // the Termination tag, "" if absent
	Ending       string // the {comment} just before the result, spaces collapsed ("White mates"), if any
	Line         int    // line of the game's first tag (or first movetext token), for messages
}

// ReadResults reads every complete game of a PGN file without parsing its
// moves: tags are read, movetext is only scanned for comments, variations
// and the result token that ends the game.
//
// A game is complete once its result token has been written and something
// follows it: a line end, or more text. complete is the byte offset just
// past the last complete game and the white space after it, so it equals
// the file size for a whole file. A file cut off mid-game (autoplay killed
// while writing, a truncated copy, a last game without its final line end)
// yields the games before the cut and complete < size, so a caller can
// truncate the file at complete before appending.
//
// Errors name path:line: a malformed tag, a Result tag that disagrees with
// the movetext, or a game that is followed by another game's tags before
// its result (a cut in the middle of the file, which truncating at complete
// could not repair).
func ReadResults(path string) (games []GameResult, complete int64, err error) {
	complete, err = ScanGames(path, func(g GameResult, _ []byte) error {
		games = append(games, g)
		return nil
	})
	return games, complete, err
}

// ScanGames reads the games of a PGN file as ReadResults does, handing
// each complete game to each with its text (tags and movetext, without the
// white space after it), which is valid only during the call: a caller
// that replays the games holds one at a time, whatever the file's size.
// An error from each ends the scan and is returned.
func ScanGames(path string, each func(g GameResult, text []byte) error) (complete int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("pgn: %w", err)
	}
	defer f.Close()
	chunk := readChunk
	if fi, err := f.Stat(); err == nil && fi.Size() < int64(chunk) {
		chunk = int(fi.Size()) + 1 // small files need no more room
	}
	r := resultReader{path: path}
	return r.readAll(f, chunk, each)
}

// readChunk is how much of a large file is read at a time; a game longer
// than the buffer makes it grow.
const readChunk = 1 << 20

// scanStatus says how far scanGame got.
type scanStatus int

const (
	gameComplete   scanStatus = iota
	gameNeedsMore             // the data ended inside a game, and more may follow
	gameCut                   // the file ended inside a game
	onlyWhiteSpace            // nothing but white space up to the end of the file
)

// resultReader reads the games of one file, sharing the strings that
// repeat from game to game.
type resultReader struct {
	path    string
	strings map[string]string // names and endings repeat from game to game
}

// intern returns b as a string, allocating only the first time it is seen.
func (r *resultReader) intern(b []byte) string {
	if s, ok := r.strings[string(b)]; ok {
		return s
	}
	if r.strings == nil {
		r.strings = make(map[string]string)
	}
	s := string(b)
	if len(r.strings) < 10_000 { // endings with move numbers or scores are many
		r.strings[s] = s
	}
	return s
}

// readAll reads games from f through a buffer of chunk bytes.
func (r *resultReader) readAll(f io.Reader, chunk int, each func(GameResult, []byte) error) (complete int64, err error) {
	var (
		buf   = make([]byte, 0, max(chunk, 1))
		base  int64 // file offset of buf[0]
		line  = 1   // line number of buf[0]
		atEOF bool
	)
	for {
		n, rerr := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		switch {
		case rerr == io.EOF:
			atEOF = true
		case rerr != nil:
			return complete, fmt.Errorf("pgn: %w", rerr)
		case n == 0 && len(buf) < cap(buf):
			continue // a reader may return nothing without an error
		}
		pos := 0
	scan:
		for {
			g, n, endLine, status, err := r.scanGame(buf[pos:], line, atEOF)
			if err != nil {
				return complete, err
			}
			switch status {
			case gameComplete:
				if err := each(g, bytes.TrimRight(buf[pos:pos+n], "\r\n\t ")); err != nil {
					return complete, err
				}
				pos += n
				line = endLine
				complete = base + int64(pos)
			case onlyWhiteSpace:
				return base + int64(len(buf)), nil
			case gameCut:
				return complete, nil
			case gameNeedsMore:
				break scan
			}
		}
		// Keep the unfinished game, and grow when it fills the buffer.
		rest := buf[pos:]
		if pos == 0 && len(buf) == cap(buf) {
			grown := make([]byte, len(buf), 2*cap(buf))
			copy(grown, buf)
			buf = grown
		} else {
			buf = buf[:copy(buf, rest)]
		}
		base += int64(pos)
	}
}

// scanGame reads the game at the start of data, whose first byte is on
// line. n covers the game and the white space after it; endLine is the line
// of data[n]. Lines are counted only where one is needed, with bytes.Count,
// so that the byte loops stay short.
func (r *resultReader) scanGame(data []byte, line int, atEOF bool) (g GameResult, n, endLine int, status scanStatus, err error) {
	lineAt := func(i int) int { return line + bytes.Count(data[:i], newline) }
	more := func() (GameResult, int, int, scanStatus, error) {
		if atEOF {
			return g, 0, line, gameCut, nil
		}
		return g, 0, line, gameNeedsMore, nil
	}
	var (
		i, commentEnd int
		comment       []byte // the last comment
		lineStart     = true
		tagResult     []byte
		hasTagResult  bool
	)
	// The tags, and comments or escape lines before the movetext.
tags:
	for {
		if i == len(data) {
			if g.Line > 0 || !atEOF {
				return more()
			}
			return g, 0, line, onlyWhiteSpaceOrCut(data), nil
		}
		c := data[i]
		if isSpaceByte[c] {
			lineStart = lineStart || c == '\n'
			i++
			continue
		}
		switch {
		case c == '%' && lineStart, c == ';':
			j := bytes.IndexByte(data[i:], '\n')
			if j < 0 {
				return more()
			}
			i += j
		case c == '{':
			j := bytes.IndexByte(data[i:], '}')
			if j < 0 {
				return more()
			}
			comment, commentEnd = data[i+1:i+j], i+j+1
			i = commentEnd
		case c == '[':
			end := bytes.IndexByte(data[i:], '\n')
			if end < 0 {
				return more() // a tag line is whole only with its line end
			}
			if g.Line == 0 {
				g.Line = lineAt(i)
			}
			name, value, next, ok := simpleTag(data[:i+end], i)
			if !ok {
				// Escapes, odd spacing or errors: the full tag reader.
				s := scanner{data: data[:i+end], i: i}
				tok, err := s.tag()
				if err != nil {
					return g, 0, line, 0, fmt.Errorf("%s:%d: %w", r.path, lineAt(i), err)
				}
				name, value, next = tok.text, []byte(tok.value), s.i
			}
			switch string(name) {
			case "Round":
				g.Round, _ = strconv.Atoi(string(bytes.TrimSpace(value)))
			case "White":
				g.White = r.intern(value)
			case "Black":
				g.Black = r.intern(value)
			case "Result":
				tagResult, hasTagResult = value, true
			case "Termination":
				g.Termination = r.intern(value)
			}
			comment, i = nil, next
		default:
			break tags
		}
		lineStart = false
	}
	if g.Line == 0 {
		g.Line = lineAt(i)
	}
	// The movetext, where most of the bytes are: the inner loop passes
	// over everything that cannot start a comment, escape, tag, variation
	// or result.
	depth := 0 // variation nesting
	for {
		for i < len(data) && !movetextStop[data[i]] {
			i++
		}
		if i == len(data) {
			return more()
		}
		switch c := data[i]; c {
		case '{':
			j := bytes.IndexByte(data[i:], '}')
			if j < 0 {
				return more()
			}
			comment, commentEnd = data[i+1:i+j], i+j+1
			i = commentEnd
		case '%', ';':
			if c == '%' && !atLineStart(data, i) {
				i++
				continue
			}
			j := bytes.IndexByte(data[i:], '\n')
			if j < 0 {
				return more()
			}
			i += j
		case '[':
			return g, 0, line, 0, fmt.Errorf("%s:%d: game has no result before the next game's tags", r.path, g.Line)
		case '(':
			depth++
			i++
		case ')':
			depth--
			i++
		default: // '*', '0' or '1': a result if it starts a symbol
			start := i
			i++
			if start > 0 && !endsSymbol[data[start-1]] {
				continue
			}
			// A symbol cut at the end of data is no result; the game is
			// then unfinished and read again with more data.
			for i < len(data) && !endsSymbol[data[i]] {
				i++
			}
			tok := data[start:i]
			if depth > 0 || !isResult(tok) {
				continue
			}
			// Cut right after the result, the file may still lack the line
			// end that lets the next game be appended.
			for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r') {
				i++
			}
			if i == len(data) {
				return more()
			}
			g.Result = r.intern(tok)
			if hasTagResult && string(tagResult) != g.Result {
				return g, 0, line, 0, fmt.Errorf("%s:%d: Result tag %q disagrees with the game's result %q", r.path, g.Line, tagResult, g.Result)
			}
			if comment != nil && noTokens(data[commentEnd:start]) {
				g.Ending = r.collapseSpaces(comment)
			}
			for i < len(data) && isSpaceByte[data[i]] {
				i++
			}
			return g, i, lineAt(i), gameComplete, nil
		}
	}
}

// noTokens reports whether text holds nothing but white space, ; comments
// and escape lines: a comment before it is still the game's last word.
func noTokens(text []byte) bool {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case isSpaceByte[c]:
		case c == ';' || c == '%' && atLineStart(text, i):
			j := bytes.IndexByte(text[i:], '\n')
			if j < 0 {
				return true
			}
			i += j
		default:
			return false
		}
	}
	return true
}

// atLineStart reports whether only white space stands between data[i] and
// the start of its line (or of data, which starts a line).
func atLineStart(data []byte, i int) bool {
	k := i - 1
	for k >= 0 && isSpaceByte[data[k]] && data[k] != '\n' {
		k--
	}
	return k < 0 || data[k] == '\n'
}

// simpleTag reads the common tag line [Name "value"] at data[i], with one
// space and no backslash; ok is false for anything else, which the full
// tag reader then handles.
func simpleTag(data []byte, i int) (name, value []byte, next int, ok bool) {
	j := i + 1
	for j < len(data) && isTagNameByte(data[j]) {
		j++
	}
	if j == i+1 || j+1 >= len(data) || data[j] != ' ' || data[j+1] != '"' {
		return nil, nil, 0, false
	}
	name = data[i+1 : j]
	k := bytes.IndexByte(data[j+2:], '"')
	if k < 0 {
		return nil, nil, 0, false
	}
	value = data[j+2 : j+2+k]
	next = j + 2 + k + 1
	if next >= len(data) || data[next] != ']' || bytes.IndexByte(value, '\\') >= 0 {
		return nil, nil, 0, false
	}
	return name, value, next + 1, true
}

// collapseSpaces returns a comment's words joined by single spaces, as the
// writer wrapped it over lines.
func (r *resultReader) collapseSpaces(text []byte) string {
	plain := len(text) > 0 && text[0] != ' ' && text[len(text)-1] != ' '
	for i, c := range text {
		if c == '\n' || c == '\r' || c == '\t' || c == ' ' && i > 0 && text[i-1] == ' ' {
			plain = false
			break
		}
	}
	if plain {
		return r.intern(text)
	}
	return r.intern([]byte(strings.Join(strings.Fields(string(text)), " ")))
}

var newline = []byte{'\n'}

// isSpaceByte and endsSymbol are isSpace and "isSpace or isDelimiter" as
// tables: lookups keep the scan of long files fast.
var isSpaceByte = func() (t [256]bool) {
	for c := range t {
		t[c] = isSpace(byte(c))
	}
	return t
}()

// movetextStop marks the bytes the movetext scan looks at: those that open
// a comment, escape, tag or variation, and the first bytes of results.
var movetextStop = func() (t [256]bool) {
	for _, c := range []byte("{;%[()*01") {
		t[c] = true
	}
	return t
}()

var endsSymbol = func() (t [256]bool) {
	for c := range t {
		t[c] = isSpace(byte(c)) || isDelimiter(byte(c))
	}
	return t
}()

// onlyWhiteSpaceOrCut tells a tail of white space from one holding
// comments or escape lines but no game, which counts as cut.
func onlyWhiteSpaceOrCut(data []byte) scanStatus {
	for _, c := range data {
		if !isSpace(c) {
			return gameCut
		}
	}
	return onlyWhiteSpace
}
