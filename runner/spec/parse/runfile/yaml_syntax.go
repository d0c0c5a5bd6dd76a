package runfile

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// yaml.v3 places a syntax error badly: it names the line where the
// enclosing block or flow began rather than the fault (line 1 for a fault
// on line 7), one line early for some faults, and no line at all for others
// (an unknown alias, a bad tag). Its problem mark is not exported, so once it
// has refused a file, syntaxScanner reads the text itself for the first
// fault of the kinds YAML has, to name its line and column.

// syntaxFault is the first place where a run file's text stops being YAML.
type syntaxFault struct {
	line, col int // 1-based
	what      string
}

// blockLevel is an open block mapping or list, by the column its keys or
// dashes stand at.
type blockLevel struct {
	indent int
	list   bool
}

type syntaxScanner struct {
	lines   []string
	i       int // the line being read
	levels  []blockLevel
	anchors map[string]bool
	// awaiting: the line above ended with a key or a dash whose value is on
	// the lines below, deeper than awaitIndent (or, for a list, level with it).
	awaiting    bool
	awaitIndent int
	// plain: the line above ended in a plain value, which a deeper line
	// without a key continues.
	plain bool
	fault *syntaxFault
	lost  bool // met YAML this reading does not follow: no fault is named
}

// findSyntaxFault reads data line by line; false when it sees no fault.
func findSyntaxFault(data []byte) (syntaxFault, bool) {
	s := &syntaxScanner{lines: strings.Split(string(data), "\n"), anchors: map[string]bool{}}
	if s.badCharacter() {
		return *s.fault, true
	}
	for s.i = 0; s.i < len(s.lines) && s.fault == nil && !s.lost; s.i++ {
		s.line(strings.TrimSuffix(s.lines[s.i], "\r"))
	}
	if s.fault == nil || s.lost {
		return syntaxFault{}, false
	}
	return *s.fault, true
}

// failAt records the first fault, at byte offset pos of line i.
func (s *syntaxScanner) failAt(i, pos int, what string) {
	if s.fault == nil {
		line := strings.TrimSuffix(s.lines[i], "\r")
		pos = min(pos, len(line))
		s.fault = &syntaxFault{line: i + 1, col: utf8.RuneCountInString(line[:pos]) + 1, what: what}
	}
}

func (s *syntaxScanner) fail(pos int, what string) { s.failAt(s.i, pos, what) }

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// blank: nothing but spaces, tabs and a comment.
func blank(text string) bool {
	t := strings.TrimLeft(text, " \t")
	return t == "" || t[0] == '#'
}

func (s *syntaxScanner) line(line string) {
	indent := indentOf(line)
	if blank(line) {
		return
	}
	if line[indent] == '\t' {
		s.fail(indent, "a tab in the indentation: YAML indents with spaces only")
		return
	}
	if indent == 0 && (strings.HasPrefix(line, "---") || strings.HasPrefix(line, "...")) {
		s.levels, s.awaiting, s.plain = nil, false, false
		return
	}
	if line[0] == '%' {
		if !strings.HasPrefix(line, "%YAML") && !strings.HasPrefix(line, "%TAG") {
			s.fail(0, "unknown directive (only %YAML and %TAG exist)")
		}
		return
	}
	if (line[indent] == '?' || line[indent] == ':') && (indent+1 == len(line) || line[indent+1] == ' ') {
		s.lost = true // explicit keys (? and :) are beyond this reading: yaml.v3's own words then
		return
	}
	dash := isDash(line, indent)
	if !s.place(line, indent, dash) {
		return
	}
	s.awaiting, s.plain = false, false
	s.entry(line, indent)
}

func isDash(line string, pos int) bool {
	return line[pos] == '-' && (pos+1 == len(line) || line[pos+1] == ' ')
}

// place checks a line's indentation against the open blocks; false when the
// line needs no further reading (a continued plain value) or is a fault.
func (s *syntaxScanner) place(line string, indent int, dash bool) bool {
	if len(s.levels) == 0 {
		s.levels = append(s.levels, blockLevel{indent, dash})
		return true
	}
	top := s.levels[len(s.levels)-1]
	switch {
	case indent > top.indent && s.awaiting:
		if !dash && keyColon(line, indent) < 0 {
			return true // the value of the key above
		}
		s.levels = append(s.levels, blockLevel{indent, dash})
		return true
	case indent > top.indent && s.plain && !dash && keyColon(line, indent) < 0:
		return false // a plain value going on over lines
	case indent > top.indent:
		s.fail(indent, "indented deeper than the line above allows (it is not a key waiting for a value below it)")
		return false
	case s.awaiting && dash && indent == s.awaitIndent && !top.list:
		s.levels = append(s.levels, blockLevel{indent, true}) // a list level with its key
		return true
	}
	open := s.levels // the levels before the pops, for the message
	for len(s.levels) > 0 && s.levels[len(s.levels)-1].indent > indent {
		s.levels = s.levels[:len(s.levels)-1]
	}
	if len(s.levels) == 0 {
		s.fail(indent, "indented less than the first line of the document, which sets the top level's indentation")
		return false
	}
	if s.levels[len(s.levels)-1].indent != indent {
		s.fail(indent, "this indentation matches no block above it: "+expectedIndents(open))
		return false
	}
	top = s.levels[len(s.levels)-1]
	if top.list && !dash {
		if n := len(s.levels); n > 1 && s.levels[n-2].indent == indent {
			s.levels = s.levels[:n-1] // the list under a key ends, the mapping goes on
			return true
		}
		s.fail(indent, "a key where the list above expects its next entry (- ...)")
		return false
	}
	if !top.list && dash {
		s.fail(indent, "a list entry (- ...) where the mapping above expects its next key")
		return false
	}
	return true
}

func expectedIndents(levels []blockLevel) string {
	var cols []string
	for _, l := range levels {
		cols = append(cols, strconv.Itoa(l.indent))
	}
	return "indent by " + strings.Join(cols, " or ") + " spaces"
}

// entry reads what a line holds from pos: dashes, then a key and its value
// or a value alone.
func (s *syntaxScanner) entry(line string, pos int) {
	parent := pos
	for isDash(line, pos) {
		parent = pos
		next := pos + 1 + indentOf(line[pos+1:])
		if blank(line[pos+1:]) {
			s.awaiting, s.awaitIndent = true, pos
			return
		}
		if line[next] == '\t' {
			s.fail(next, "a tab after a dash: YAML indents with spaces only")
			return
		}
		pos = next
		if isDash(line, pos) || keyColon(line, pos) >= 0 {
			s.levels = append(s.levels, blockLevel{pos, isDash(line, pos)})
		}
	}
	if c := keyColon(line, pos); c >= 0 {
		if line[pos] == '"' || line[pos] == '\'' {
			s.quoted(line, pos, pos) // a quoted key: closed on its line, by keyColon
		}
		s.value(line, c+1, pos)
		return
	}
	if len(s.levels) > 0 && !s.levels[len(s.levels)-1].list && pos == s.levels[len(s.levels)-1].indent && parent == pos &&
		!strings.ContainsRune("\"'[{", rune(line[pos])) {
		s.fail(pos, "no key here where the mapping expects key: value (a key, a colon and a space)")
		return
	}
	s.value(line, pos, parent)
}

// keyColon finds the colon ending a key that starts at pos, or -1.
func keyColon(line string, pos int) int {
	if pos >= len(line) {
		return -1
	}
	switch line[pos] {
	case '"', '\'':
		end := closingQuote(line, pos)
		if end < 0 {
			return -1
		}
		rest := strings.TrimLeft(line[end+1:], " ")
		if strings.HasPrefix(rest, ":") && (len(rest) == 1 || rest[1] == ' ') {
			return len(line) - len(rest)
		}
		return -1
	case '[', '{', '|', '>', '#', '`', '@', '*':
		return -1
	}
	return plainColon(line, pos)
}

// plainColon finds ": " (or a colon ending the line) in a plain text from pos,
// before any comment; -1 when there is none.
func plainColon(line string, pos int) int {
	for j := pos; j < len(line); j++ {
		switch {
		case line[j] == '#' && j > pos && line[j-1] == ' ':
			return -1
		case line[j] == ':' && (j+1 == len(line) || line[j+1] == ' ' || line[j+1] == '\t'):
			return j
		}
	}
	return -1
}

// closingQuote finds the quote closing the one at pos on the same line, or -1.
func closingQuote(line string, pos int) int {
	q := line[pos]
	for j := pos + 1; j < len(line); j++ {
		switch {
		case q == '"' && line[j] == '\\':
			j++
		case q == '\'' && line[j] == '\'' && j+1 < len(line) && line[j+1] == '\'':
			j++
		case line[j] == q:
			return j
		}
	}
	return -1
}

// badCharacter finds the first byte that is not UTF-8 or is a control
// character YAML refuses anywhere (all but tab, line feed and carriage return).
func (s *syntaxScanner) badCharacter() bool {
	for i, line := range s.lines {
		for j, r := range line {
			switch {
			case r == utf8.RuneError:
				if _, size := utf8.DecodeRuneInString(line[j:]); size == 1 {
					s.failAt(i, j, "a byte that is not UTF-8 text: save the file as UTF-8")
					return true
				}
			case r == '\t' || r == '\r':
			case r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0):
				s.failAt(i, j, fmt.Sprintf("control character %U: YAML allows none but tab and line breaks", r))
				return true
			}
		}
	}
	return false
}
