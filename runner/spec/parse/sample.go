package parse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
)

// Sample reads a --sample value: `file=F freq=P decay=D skipcheck=true
// quiet=true plies=N format=epd|csv|csv-autoplay|jsonl move=true`.
func Sample(text string) (*spec.SampleConfig, error) {
	tokens, err := SplitWords(text)
	if err != nil {
		return nil, fmt.Errorf("sample: %w", err)
	}
	s, err := SampleFields(tokens)
	if err != nil {
		return nil, fmt.Errorf("sample: %w", err)
	}
	return s, nil
}

// SampleFields reads the key=value pairs of a sample setting (the flag's
// words, or a YAML mapping's entries).
func SampleFields(tokens []string) (*spec.SampleConfig, error) {
	s := &spec.SampleConfig{}
	for _, tok := range tokens {
		key, value, ok := strings.Cut(tok, "=")
		if !ok {
			return nil, fmt.Errorf("%q: expected key=value", tok)
		}
		switch key {
		case "file":
			s.File = value
		case "freq":
			f, err := strconv.ParseFloat(value, 64)
			if err != nil || f <= 0 || f > 1 {
				return nil, fmt.Errorf("freq=%s: a chance above 0 and at most 1 (0.25: a position in four)", value)
			}
			s.Freq = f
		case "decay":
			d, err := strconv.ParseFloat(value, 64)
			if err != nil || d < 0 || d != d {
				return nil, fmt.Errorf("decay=%s: 0 or more: a position is kept with the chance freq·exp(−decay·halfmove clock), as c-chess-cli's decay=", value)
			}
			s.Decay = d
		case "resolve":
			if value != "n" {
				return nil, fmt.Errorf("resolve=%s: c-chess-cli's PV resolution is not implemented; leave resolve out (or use quiet=true to leave out captures, promotions and checks)", value)
			}
		case "skipcheck", "quiet", "move":
			b, err := strconv.ParseBool(value)
			if err != nil {
				return nil, fmt.Errorf("%s=%s: true or false", key, value)
			}
			switch key {
			case "skipcheck":
				s.SkipCheck = b
			case "quiet":
				s.Quiet = b
			default:
				s.Move = b
			}
		case "plies":
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("plies=%s: a whole number of plies", value)
			}
			s.MinPly = n
		case "format":
			if value != spec.SampleEPD && value != spec.SampleCSV && value != spec.SampleCSVAutoplay && value != spec.SampleJSONL {
				return nil, fmt.Errorf("format=%s: %s", value, spec.SampleFormats)
			}
			s.Format = value
		default:
			return nil, fmt.Errorf("unknown key %q (known: file freq decay skipcheck quiet plies format move)", key)
		}
	}
	if s.File == "" {
		return nil, fmt.Errorf("missing file=")
	}
	return s, nil
}
