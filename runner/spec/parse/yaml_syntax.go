package parse

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

// value reads a value from pos; parent is the column of its key or dash,
// which the lines of a value spread over must stay deeper than.
func (s *syntaxScanner) value(line string, pos, parent int) {
	pos += indentOf(line[pos:])
	for pos < len(line) && (line[pos] == '&' || line[pos] == '!' || line[pos] == '*') {
		start := pos
		end := pos + 1
		for end < len(line) && !strings.ContainsRune(" \t,[]{}", rune(line[end])) {
			end++
		}
		if problem := s.mark(line[start:end]); problem != "" {
			s.fail(start, problem)
		}
		if s.fault != nil || line[start] == '*' {
			return
		}
		pos = end + indentOf(line[end:])
	}
	if blank(line[pos:]) {
		s.awaiting, s.awaitIndent = true, parent
		return
	}
	switch c := line[pos]; c {
	case '|', '>':
		if h := strings.TrimLeft(line[pos+1:], "+-123456789"); !blank(h) || (h != "" && h[0] == '#') {
			s.fail(len(line)-len(strings.TrimLeft(h, " \t")), "after | or > the text starts on the next line: nothing but a comment may follow on this one")
			return
		}
		s.blockText(parent)
	case '"', '\'':
		s.quoted(line, pos, parent)
	case '[', '{':
		s.flow(pos, parent)
	case ']', '}':
		s.fail(pos, "a closing "+string(c)+" with nothing open before it")
	case '@', '`', '%':
		s.fail(pos, string(c)+" cannot start a plain value in YAML: put the value in quotes")
	case '-':
		if isDash(line, pos) {
			s.fail(pos, "a list entry (- ...) on its key's line: start the list on the next line, indented")
			return
		}
		s.plainValue(line, pos)
	default:
		s.plainValue(line, pos)
	}
}

// plainValue: a value without quotes, which a colon and a space would end.
func (s *syntaxScanner) plainValue(line string, pos int) {
	if c := plainColon(line, pos); c >= 0 {
		s.fail(c, "a second colon and space in one line's value: put the value in quotes")
		return
	}
	s.plain = true
}

// mark reads an anchor (&name), alias (*name) or tag (!tag): what is wrong
// with it, or "".
func (s *syntaxScanner) mark(token string) string {
	name := token[1:]
	switch {
	case token[0] == '&' && name == "":
		return "an anchor (&) without a name"
	case token[0] == '*' && name == "":
		return "an alias (*) without a name"
	case token[0] == '*' && !s.anchors[name]:
		return "alias *" + name + " names no anchor &" + name + " above it"
	case token[0] == '!' && (name == "<>" || strings.HasPrefix(name, "<") != strings.HasSuffix(name, ">")):
		return "a tag (!) that is not well formed"
	case token[0] == '&':
		s.anchors[name] = true
	}
	return ""
}

// blockText skips the lines of a | or > text: deeper than parent, none less
// deep than its first line.
func (s *syntaxScanner) blockText(parent int) {
	first := -1
	for s.i+1 < len(s.lines) {
		next := strings.TrimSuffix(s.lines[s.i+1], "\r")
		if strings.TrimLeft(next, " ") == "" {
			s.i++
			continue
		}
		ind := indentOf(next)
		if ind <= parent {
			return
		}
		if first < 0 {
			first = ind
		} else if ind < first {
			s.failAt(s.i+1, ind, "this line of the | or > text is indented less than its first line")
			return
		}
		s.i++
	}
}

// quoted reads a quoted text from pos, over lines if need be; a text still
// open at the end of the file, or at a line no deeper than its key, is a
// quote never closed.
func (s *syntaxScanner) quoted(line string, pos, parent int) {
	startLine, q := s.i, line[pos]
	what := "this quote (" + string(q) + ") is never closed"
	for i, from := s.i, pos+1; i < len(s.lines); i, from = i+1, 0 {
		text := strings.TrimSuffix(s.lines[i], "\r")
		if i > startLine && !blank(text) && indentOf(text) <= parent {
			s.failAt(startLine, pos, what)
			return
		}
		for j := from; j < len(text); j++ {
			switch {
			case q == '"' && text[j] == '\\':
				if problem := badEscape(text[j+1:]); problem != "" {
					s.failAt(i, j, problem)
					return
				}
				j++
			case q == '\'' && text[j] == '\'' && j+1 < len(text) && text[j+1] == '\'':
				j++
			case text[j] == q:
				s.i = i
				s.after(text, j+1)
				return
			}
		}
	}
	s.failAt(startLine, pos, what)
}

// after checks that nothing but a comment follows a closed value; a quoted
// key's colon is left to the caller.
func (s *syntaxScanner) after(text string, pos int) {
	rest := strings.TrimLeft(text[pos:], " \t")
	if rest == "" || rest[0] == '#' || rest[0] == ':' {
		return
	}
	s.fail(len(text)-len(rest), "text after the end of the value: put the whole value in quotes")
}

// maxFlowDepth bounds the memory a value of brackets in brackets costs
// (yaml.v3 itself stops at 10000).
const maxFlowDepth = 10000

// flow reads a [ ] or { } value from pos, over lines if need be.
func (s *syntaxScanner) flow(pos, parent int) {
	type opener struct {
		line, pos int
		c         byte
	}
	var open []opener
	for i, from := s.i, pos; i < len(s.lines); i, from = i+1, 0 {
		text := strings.TrimSuffix(s.lines[i], "\r")
		if i > s.i && !blank(text) && indentOf(text) <= parent {
			break
		}
		for j := from; j < len(text); j++ {
			switch c := text[j]; {
			case c == '#' && (j == 0 || text[j-1] == ' '):
				j = len(text)
			case c == '"' || c == '\'':
				end := closingQuote(text, j)
				if end < 0 {
					s.failAt(i, j, "this quote ("+string(c)+") is never closed inside the [ ] or { }")
					return
				}
				j = end
			case (c == '&' || c == '*') && (j == 0 || strings.IndexByte(" [{,", text[j-1]) >= 0):
				end := j + 1
				for end < len(text) && !strings.ContainsRune(" \t,[]{}", rune(text[end])) {
					end++
				}
				if problem := s.mark(text[j:end]); problem != "" {
					s.failAt(i, j, problem)
					return
				}
				j = end - 1
			case c == '[' || c == '{':
				if len(open) == maxFlowDepth {
					s.failAt(i, j, "[ and { nested more than "+strconv.Itoa(maxFlowDepth)+" deep")
					return
				}
				open = append(open, opener{i, j, c})
			case c == ']' || c == '}':
				if len(open) == 0 {
					s.failAt(i, j, "a closing "+string(c)+" with nothing open before it")
					return
				}
				o := open[len(open)-1]
				if want := map[byte]byte{'[': ']', '{': '}'}[o.c]; c != want {
					s.failAt(i, j, "this "+string(c)+" closes the "+string(o.c)+" of line "+strconv.Itoa(o.line+1)+", which wants "+string(want))
					return
				}
				open = open[:len(open)-1]
				if len(open) == 0 {
					s.i = i
					s.after(text, j+1)
					return
				}
			}
		}
	}
	o := open[len(open)-1]
	s.failAt(o.line, o.pos, "this "+string(o.c)+" is never closed")
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

// badEscape says what is wrong with the escape after a backslash in a
// double-quoted value (esc is the text after the backslash), or "".
func badEscape(esc string) string {
	if esc == "" {
		return "" // the value goes on to the next line
	}
	digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[esc[0]]
	if digits == 0 {
		if strings.IndexByte("0abt\tnvfre \"/\\N_LP", esc[0]) < 0 {
			return fmt.Sprintf("unknown escape \\%c in a double-quoted value: write \\\\ for a backslash, or use single quotes", esc[0])
		}
		return ""
	}
	for k := 1; k <= digits; k++ {
		if k >= len(esc) || strings.IndexByte("0123456789abcdefABCDEF", esc[k]) < 0 {
			return fmt.Sprintf("\\%c takes %d hexadecimal digits", esc[0], digits)
		}
	}
	return ""
}
