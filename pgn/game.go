package pgn

import (
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/protocol"
)

// Tag is one PGN tag pair, e.g. {"White", "Stockfish 17"}.
type Tag struct{ Name, Value string }

// Move is one move of a game record: its SAN and an optional comment such as
// "+0.35/12 0.512s" or "book" ("" writes no comment).
type Move struct{ SAN, Comment string }

// Game is one finished game as the runner records it.
type Game struct {
	// Tags are written after the Seven Tag Roster, in order. Roster tags
	// given here fill the roster; SetUp and FEN tags are ignored because
	// StartFEN decides them.
	Tags []Tag
	// StartFEN is the start position; "" is the standard initial position.
	StartFEN string
	Moves    []Move
	// Result is "1-0", "0-1", "1/2-1/2" or "*" ("" writes "*"); it is also
	// the Result tag, so the tag always agrees with the movetext.
	Result string
	// Ending names how the game ended, e.g. "White mates"; it becomes the
	// final comment ("" writes none).
	Ending string
	// BlackNumberOnlyFirst numbers a Black move only when it is the
	// game's first ("1... e5"), as cutechess-cli and fastchess write;
	// otherwise a Black move after a comment has its number too ("12...
	// Nf6"), as the PGN standard (8.2.2.2) asks.
	BlackNumberOnlyFirst bool
}

// sevenTagRoster is the PGN standard's mandatory tag order with the value
// written when a tag is missing.
var sevenTagRoster = [...]Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// maxLineWidth is the widest movetext line written; the PGN export format
// asks for lines under 80 columns.
const maxLineWidth = 79

// AppendTo appends the game as PGN text (tags, blank line, movetext, blank
// line) to dst and returns the extended slice.
func (g *Game) AppendTo(dst []byte) []byte {
	result := g.Result
	if result == "" {
		result = "*"
	}
	for _, r := range sevenTagRoster {
		v := r.Value
		if r.Name == "Result" {
			v = result
		} else if t, ok := g.tag(r.Name); ok {
			v = t
		}
		dst = appendTag(dst, r.Name, v)
	}
	// SetUp and FEN follow the roster unless the tags place them, with the
	// game's own FEN (a tool's order); any other FEN tag is ignored.
	fen, _ := g.tag("FEN")
	placed := g.StartFEN != "" && fen == g.StartFEN
	if g.StartFEN != "" && !placed {
		dst = appendTag(dst, "SetUp", "1")
		dst = appendTag(dst, "FEN", g.StartFEN)
	}
	for _, t := range g.Tags {
		if isRosterTag(t.Name) || (!placed && (t.Name == "SetUp" || t.Name == "FEN")) {
			continue
		}
		dst = appendTag(dst, t.Name, t.Value)
	}
	dst = append(dst, '\n')
	dst = g.appendMovetext(dst, result)
	return append(dst, '\n', '\n')
}

// tag returns the value of the first tag called name.
func (g *Game) tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

func isRosterTag(name string) bool {
	for _, r := range sevenTagRoster {
		if r.Name == name {
			return true
		}
	}
	return false
}

// appendTag writes [Name "Value"] with the value escaped: line breaks and
// tabs as spaces, other control characters (which PGN does not allow inside
// a tag) and invalid UTF-8 as visible escapes (protocol.Escape: an engine's
// name may hold them), then quotes and backslashes as PGN escapes them.
func appendTag(dst []byte, name, value string) []byte {
	dst = append(dst, '[')
	dst = append(dst, name...)
	dst = append(dst, ' ', '"')
	value = protocol.Escape(breaksToSpaces(value))
	for i := 0; i < len(value); i++ {
		c := value[i]
		if c == '"' || c == '\\' {
			dst = append(dst, '\\')
		}
		dst = append(dst, c)
	}
	return append(dst, '"', ']', '\n')
}

// startNumbering returns the fullmove number and whether Black moves first,
// read from the FEN's side-to-move and fullmove fields (1 and White when
// absent or unreadable).
func startNumbering(fen string) (number int, blackFirst bool) {
	f := strings.Fields(fen)
	number = 1
	if len(f) > 1 {
		blackFirst = f[1] == "b"
	}
	if len(f) > 5 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			number = n
		}
	}
	return number, blackFirst
}

// lineWrapper appends words separated by single spaces, breaking lines
// before a word that would pass maxLineWidth.
type lineWrapper struct {
	dst []byte
	col int
}

// space makes room for a word of n bytes: a space, or a new line when the
// word would not fit on this one.
func (w *lineWrapper) space(n int) {
	switch {
	case w.col == 0:
	case w.col+1+n > maxLineWidth:
		w.dst = append(w.dst, '\n')
		w.col = 0
	default:
		w.dst = append(w.dst, ' ')
		w.col++
	}
	w.col += n
}

func (w *lineWrapper) word(s string) {
	w.space(len(s))
	w.dst = append(w.dst, s...)
}

// moveNumber writes "12." or, for Black, "12...".
func (w *lineWrapper) moveNumber(n int, black bool) {
	var buf [24]byte
	num := strconv.AppendInt(buf[:0], int64(n), 10)
	if black {
		num = append(num, "..."...)
	} else {
		num = append(num, '.')
	}
	w.space(len(num))
	w.dst = append(w.dst, num...)
}

// comment writes {text} word by word so that long comments wrap at spaces,
// as pgn-extract does. Braces inside the text would end the comment early,
// so they become parentheses; line breaks and tabs become spaces, other
// control characters and invalid UTF-8 visible escapes (protocol.Escape:
// the text may be an engine's).
func (w *lineWrapper) comment(text string) {
	text = protocol.Escape(breaksToSpaces(text))
	i, first := nextWord(text, 0), true
	if i == len(text) {
		w.word("{}")
		return
	}
	for i < len(text) {
		end := i
		for end < len(text) && !isCommentSpace(text[end]) {
			end++
		}
		next := nextWord(text, end)
		last := next == len(text)
		n := end - i
		if first {
			n++
		}
		if last {
			n++
		}
		w.space(n)
		if first {
			w.dst = append(w.dst, '{')
		}
		for _, c := range []byte(text[i:end]) {
			switch c {
			case '{':
				c = '('
			case '}':
				c = ')'
			}
			w.dst = append(w.dst, c)
		}
		if last {
			w.dst = append(w.dst, '}')
		}
		i, first = next, false
	}
}

// nextWord returns the index of the first non-space byte of text at or
// after i, or len(text).
func nextWord(text string, i int) int {
	for i < len(text) && isCommentSpace(text[i]) {
		i++
	}
	return i
}

func isCommentSpace(c byte) bool { return c == ' ' }

func (g *Game) appendMovetext(dst []byte, result string) []byte {
	w := lineWrapper{dst: dst}
	number, black := 1, false
	if g.StartFEN != "" {
		number, black = startNumbering(g.StartFEN)
	}
	// Black's move needs its own number ("12...") at the start and after
	// a comment, as in PGN export format.
	needNumber := true
	for _, m := range g.Moves {
		if !black || needNumber {
			w.moveNumber(number, black)
		}
		w.word(m.SAN)
		needNumber = false
		if m.Comment != "" {
			w.comment(m.Comment)
			needNumber = !g.BlackNumberOnlyFirst
		}
		if black {
			number++
		}
		black = !black
	}
	if g.Ending != "" {
		w.comment(g.Ending)
	}
	w.word(result)
	return w.dst
}

// breaksToSpaces is s with line breaks and tabs made spaces: PGN allows
// neither in a tag, and they part a comment's words as spaces do. Other
// bytes stay as they are, invalid UTF-8 too, for protocol.Escape to show.
func breaksToSpaces(s string) string {
	if !strings.ContainsAny(s, "\n\r\t") {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if c == '\n' || c == '\r' || c == '\t' {
			b[i] = ' '
		}
	}
	return string(b)
}
