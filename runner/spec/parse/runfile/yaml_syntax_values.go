package runfile

import (
	"fmt"
	"strconv"
	"strings"
)

// The values the syntax scanner reads (syntaxScanner): plain, quoted, | and
// > texts, [ ] and { } over lines, anchors, aliases and tags.

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
