package compat

import (
	"fmt"
	"strings"
)

// option is one single-dash option of a cutechess-cli or fastchess command
// line and the words after it, up to the next option.
type option struct {
	name   string // with its dash: "-engine"
	values []string
}

// isOptionName tells an option ("-engine", "--compliance") from a value: a
// value may start with a dash too, but then not with a letter ("-5").
func isOptionName(s string) bool {
	if !strings.HasPrefix(s, "-") {
		return false
	}
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "-")
	return s != "" && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

// group splits a command line into its options.
func group(args []string) ([]option, error) {
	var out []option
	for _, a := range args {
		if isOptionName(a) {
			out = append(out, option{name: a})
			continue
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%q: expected an option such as -engine before it", a)
		}
		last := &out[len(out)-1]
		last.values = append(last.values, a)
	}
	return out, nil
}

// keyValues reads the values of an option as key=value pairs; a word without
// "=" is a key with value "" and bare set.
type keyValue struct {
	key, value string
	bare       bool
}

func keyValues(values []string) []keyValue {
	out := make([]keyValue, 0, len(values))
	for _, v := range values {
		k, val, ok := strings.Cut(v, "=")
		out = append(out, keyValue{key: k, value: val, bare: !ok})
	}
	return out
}
