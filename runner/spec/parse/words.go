package parse

import (
	"fmt"
	"strings"
)

// SplitWords splits a command line or spec into words: on unquoted spaces,
// quotes grouping, backslash escaping.
func SplitWords(spec string) ([]string, error) {
	var tokens []string
	var cur strings.Builder
	inToken := false
	var quote byte
	for i := 0; i < len(spec); i++ {
		ch := spec[i]
		switch {
		case ch == '\\' && i+1 < len(spec):
			i++
			cur.WriteByte(spec[i])
			inToken = true
		case quote != 0:
			if ch == quote {
				quote = 0
			} else {
				cur.WriteByte(ch)
			}
		case ch == '"' || ch == '\'':
			quote, inToken = ch, true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if inToken {
				tokens = append(tokens, cur.String())
				cur.Reset()
				inToken = false
			}
		default:
			cur.WriteByte(ch)
			inToken = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed %c quote in %q", quote, spec)
	}
	if inToken {
		tokens = append(tokens, cur.String())
	}
	return tokens, nil
}
