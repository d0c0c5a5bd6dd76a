package parse

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// AdjudicationSpecs reads the --sprt, --draw and --resign flag values
// (key=value pairs, the same keys as the YAML blocks) into c; "" leaves a
// setting off.
func AdjudicationSpecs(c *spec.Config, sprt, draw, resign string) error {
	if sprt != "" {
		s := stats.SPRT{Alpha: 0.05, Beta: 0.05}
		err := eachPair("sprt", sprt, func(k, v string) error {
			switch k {
			case "elo0", "elo1", "alpha", "beta":
				f, err := strconv.ParseFloat(v, 64)
				if err != nil {
					return fmt.Errorf("not a number")
				}
				*map[string]*float64{"elo0": &s.Elo0, "elo1": &s.Elo1, "alpha": &s.Alpha, "beta": &s.Beta}[k] = f
			case "model":
				m, err := stats.ParseModel(v)
				if err != nil {
					return err
				}
				s.Model = m
			default:
				return fmt.Errorf("unknown key (known: elo0 elo1 alpha beta model)")
			}
			return nil
		})
		if err == nil {
			err = s.Validate()
		}
		if err != nil {
			return fmt.Errorf("--sprt: %w", err)
		}
		c.SPRT = &s
	}
	if draw != "" {
		d := &spec.DrawAdjudication{}
		err := eachPair("draw", draw, func(k, v string) error {
			return setInt(k, v, map[string]*int{"movenumber": &d.MoveNumber, "movecount": &d.MoveCount, "score": &d.Score})
		})
		if err != nil {
			return err
		}
		c.Draw = d
	}
	if resign != "" {
		r := &spec.ResignAdjudication{}
		err := eachPair("resign", resign, func(k, v string) error {
			if k == "twosided" {
				b, err := strconv.ParseBool(v)
				if err != nil {
					return fmt.Errorf("want true or false")
				}
				r.TwoSided = b
				return nil
			}
			return setInt(k, v, map[string]*int{"movecount": &r.MoveCount, "score": &r.Score})
		})
		if err != nil {
			return err
		}
		c.Resign = r
	}
	return nil
}

// eachPair calls set for each key=value of text, naming flag in errors.
func eachPair(flag, text string, set func(k, v string) error) error {
	tokens, err := SplitWords(text)
	if err != nil {
		return fmt.Errorf("--%s: %w", flag, err)
	}
	for _, tok := range tokens {
		k, v, ok := strings.Cut(tok, "=")
		if !ok {
			return fmt.Errorf("--%s: %q: expected key=value", flag, tok)
		}
		if err := set(k, v); err != nil {
			return fmt.Errorf("--%s: %s=%s: %w", flag, k, v, err)
		}
	}
	return nil
}

func setInt(k, v string, fields map[string]*int) error {
	p, ok := fields[k]
	if !ok {
		known := make([]string, 0, len(fields))
		for name := range fields {
			known = append(known, name)
		}
		sort.Strings(known)
		return fmt.Errorf("unknown key (known: %s)", strings.Join(known, " "))
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return fmt.Errorf("want a whole number, 0 or more")
	}
	*p = n
	return nil
}
