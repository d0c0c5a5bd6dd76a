package pgn

import (
	"bytes"
	"fmt"
	"strings"
)

// tokenKind is the kind of a PGN token.
type tokenKind int

const (
	tokEOF    tokenKind = iota
	tokTag              // [Name "value"]
	tokSymbol           // move, move number or result
	tokNAG              // $1
	tokOpen             // ( starts a variation
	tokClose            // ) ends a variation
)

// token is one PGN token; comments are skipped, not returned.
type token struct {
	kind  tokenKind
	text  []byte // symbol or NAG text, or the tag name
	value string // tag value, unescaped
	line  int
}

// scanner splits one game's PGN text into tokens, counting lines so that
// errors can name them.
type scanner struct {
	data      []byte
	i         int
	line      int
	lineStart bool
}

func newScanner(data []byte, line int) *scanner {
	return &scanner{data: data, line: line, lineStart: true}
}

// next returns the next token; a malformed tag is an error naming its line.
func (s *scanner) next() (token, error) {
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '\n':
			s.line++
			s.lineStart = true
			s.i++
			continue
		case isSpace(c):
			s.i++
			continue
		case c == '%' && s.lineStart, c == ';':
			s.skipPast('\n', false)
		case c == '{':
			s.skipPast('}', true)
		case c == '[':
			s.lineStart = false
			return s.tag()
		case c == '(' || c == ')':
			s.lineStart = false
			s.i++
			if c == '(' {
				return token{kind: tokOpen, line: s.line}, nil
			}
			return token{kind: tokClose, line: s.line}, nil
		default:
			s.lineStart = false
			j := s.i + 1
			for j < len(s.data) && !isSpace(s.data[j]) && !isDelimiter(s.data[j]) {
				j++
			}
			t := token{kind: tokSymbol, text: s.data[s.i:j], line: s.line}
			if c == '$' {
				t.kind = tokNAG
			}
			s.i = j
			return t, nil
		}
		s.lineStart = false
	}
	return token{kind: tokEOF, line: s.line}, nil
}

// skipPast moves past the next c (a comment's end); with consume false it
// stops on c so that a newline is still counted by next.
func (s *scanner) skipPast(c byte, consume bool) {
	j := bytes.IndexByte(s.data[s.i:], c)
	if j < 0 {
		j = len(s.data) - s.i
	}
	s.line += bytes.Count(s.data[s.i:s.i+j], []byte{'\n'})
	s.i += j
	if consume && s.i < len(s.data) {
		s.i++
	}
}

// tag reads [Name "value"] with \" and \\ escapes in the value.
func (s *scanner) tag() (token, error) {
	t := token{kind: tokTag, line: s.line}
	bad := func(what string) (token, error) {
		end := bytes.IndexByte(s.data[s.i:], '\n')
		if end < 0 {
			end = len(s.data) - s.i
		}
		text := strings.TrimSpace(string(s.data[s.i : s.i+end]))
		s.i += end
		return t, fmt.Errorf("bad tag %q: %s", text, what)
	}
	start := s.i
	j := s.i + 1
	for j < len(s.data) && (s.data[j] == ' ' || s.data[j] == '\t') {
		j++
	}
	n := j
	for n < len(s.data) && isTagNameByte(s.data[n]) {
		n++
	}
	if n == j {
		return bad("no name")
	}
	t.text = s.data[j:n]
	for n < len(s.data) && (s.data[n] == ' ' || s.data[n] == '\t') {
		n++
	}
	if n >= len(s.data) || s.data[n] != '"' {
		s.i = start
		return bad("no quoted value")
	}
	var value []byte
	for n++; ; n++ {
		if n >= len(s.data) || s.data[n] == '\n' {
			s.i = start
			return bad("unterminated value")
		}
		c := s.data[n]
		if c == '"' {
			break
		}
		if c == '\\' && n+1 < len(s.data) && (s.data[n+1] == '"' || s.data[n+1] == '\\') {
			n++
			c = s.data[n]
		}
		value = append(value, c)
	}
	n++
	for n < len(s.data) && (s.data[n] == ' ' || s.data[n] == '\t') {
		n++
	}
	if n >= len(s.data) || s.data[n] != ']' {
		s.i = start
		return bad("no closing ]")
	}
	s.i = n + 1
	t.value = string(value)
	return t, nil
}

func isTagNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}
