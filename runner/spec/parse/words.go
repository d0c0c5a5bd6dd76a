package parse

import (
	"fmt"
	"strings"
)

// SplitWords splits a command line or spec into words: on unquoted spaces,
// quotes grouping, backslash escaping.
func SplitWords(spec string) ([]string, error) {
	words, _, err := splitWords(spec)
	return words, err
}

// splitWords is SplitWords, also giving for each word the index in it of
// its first '=' that was neither quoted nor escaped (-1 for none): where a
// key=value word splits, so that a key may hold '=' when it is quoted or
// escaped ("option.A=B"=1, option.A\=B=1).
func splitWords(spec string) (words []string, eqAt []int, err error) {
	var cur strings.Builder
	inToken, eq := false, -1
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
				words, eqAt = append(words, cur.String()), append(eqAt, eq)
				cur.Reset()
				inToken, eq = false, -1
			}
		default:
			if ch == '=' && eq < 0 {
				eq = cur.Len()
			}
			cur.WriteByte(ch)
			inToken = true
		}
	}
	if quote != 0 {
		return nil, nil, fmt.Errorf("unclosed %c quote in %q", quote, spec)
	}
	if inToken {
		words, eqAt = append(words, cur.String()), append(eqAt, eq)
	}
	return words, eqAt, nil
}
