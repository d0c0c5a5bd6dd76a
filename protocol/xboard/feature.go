package xboard

import (
	"fmt"
	"strconv"

	"github.com/autoplay/autoplay/protocol/internal/scan"
)

// Feature is one name=value pair from a "feature" line, the value unquoted.
type Feature struct {
	Name  string
	Value string
}

// Bool reads a boolean feature's value (0 or 1).
func (f Feature) Bool() bool { return f.Value == "1" }

// parseFeatures reads `name=value name="quoted value" ...` after "feature",
// appending to dst. A pair without "=" or with an unclosed quote is an error;
// the pairs before it are kept.
func parseFeatures(sc *scan.Scanner, dst []Feature) ([]Feature, error) {
	s := sc.S
	i := sc.I
	for {
		for i < len(s) && scan.IsSpace(s[i]) {
			i++
		}
		if i == len(s) {
			return dst, nil
		}
		nameStart := i
		for i < len(s) && s[i] != '=' && !scan.IsSpace(s[i]) {
			i++
		}
		name := s[nameStart:i]
		if i == len(s) || s[i] != '=' {
			return dst, fmt.Errorf("feature %q: missing =value", name)
		}
		i++ // '='
		var value []byte
		if i < len(s) && s[i] == '"' {
			i++
			valueStart := i
			for i < len(s) && s[i] != '"' {
				i++
			}
			if i == len(s) {
				return dst, fmt.Errorf("feature %s: unclosed quote", name)
			}
			value = s[valueStart:i]
			i++ // closing quote
		} else {
			valueStart := i
			for i < len(s) && !scan.IsSpace(s[i]) {
				i++
			}
			value = s[valueStart:i]
		}
		dst = append(dst, Feature{Name: string(name), Value: string(value)})
	}
}

// AppendFeatures appends one "feature" line declaring fs, and a newline.
// Integer values (booleans are 0 or 1) go bare, all others in quotes.
func AppendFeatures(dst []byte, fs ...Feature) []byte {
	dst = append(dst, "feature"...)
	for _, f := range fs {
		dst = append(dst, ' ')
		dst = append(dst, f.Name...)
		dst = append(dst, '=')
		if _, err := strconv.Atoi(f.Value); err == nil {
			dst = append(dst, f.Value...)
		} else {
			dst = append(dst, '"')
			dst = append(dst, f.Value...)
			dst = append(dst, '"')
		}
	}
	return append(dst, '\n')
}
