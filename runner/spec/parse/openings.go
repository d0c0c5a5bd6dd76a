package parse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
)

// Openings reads an --openings value: `file=F format=epd|pgn|bin order=random|sequential plies=N start=N policy=fail|skip`.
func Openings(text string) (spec.OpeningsConfig, error) {
	var oc spec.OpeningsConfig
	tokens, err := SplitWords(text)
	if err != nil {
		return oc, err
	}
	for _, tok := range tokens {
		key, value, ok := strings.Cut(tok, "=")
		if !ok {
			return oc, fmt.Errorf("openings: %q: expected key=value", tok)
		}
		switch key {
		case "file":
			oc.File = value
		case "format":
			oc.Format = value
		case "order":
			if value != "sequential" && value != "random" {
				return oc, fmt.Errorf("openings: order=%s: must be sequential or random", value)
			}
			oc.Order = value
		case "frc", "dfrc":
			if value != "random" {
				return oc, fmt.Errorf("openings: %s=%s: only %s=random (start positions drawn from the seed)", key, value, key)
			}
			oc.Random = key
		case "policy":
			if value != spec.PolicyFail && value != spec.PolicySkip {
				return oc, fmt.Errorf("openings: policy=%s: must be fail or skip", value)
			}
			oc.Policy = value
		case "plies", "start":
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 || (key == "start" && n == 0) {
				return oc, fmt.Errorf("openings: %s=%s: must be a positive whole number", key, value)
			}
			if key == "plies" {
				oc.Plies = n
			} else {
				oc.Start = n
			}
		default:
			return oc, fmt.Errorf("openings: unknown key %q (known: file format order plies start policy frc dfrc)", key)
		}
	}
	switch {
	case oc.File == "" && oc.Random == "":
		return oc, fmt.Errorf("openings: missing file= (or frc=random, dfrc=random)")
	case oc.File != "" && oc.Random != "":
		return oc, fmt.Errorf("openings: file= and %s=random exclude each other", oc.Random)
	}
	return oc, nil
}
