package compat

import (
	"fmt"
	"strings"
)

func (inv *Invocation) epdout(v []string) error {
	if inv.Dialect == Cutechess && !strings.Contains(v[0], "=") {
		if len(v) > 1 {
			return fmt.Errorf("expects one file name")
		}
		inv.Config.EPDOut = v[0]
		return nil
	}
	if inv.Dialect == Fastchess {
		inv.Config.EPDOut = inv.defaultOutName(".epd")
	}
	for _, kv := range keyValues(v) {
		if kv.bare {
			return fmt.Errorf("%q: expects key=value pairs such as file=games.epd", kv.key)
		}
		switch kv.key {
		case "file":
			inv.Config.EPDOut = kv.value
		case "append":
			b, err := boolValue(kv)
			if err != nil {
				return err
			}
			inv.EPDAppend = b
		default:
			return fmt.Errorf("unknown key %q (known: file append)", kv.key)
		}
	}
	return nil
}

// defaultOutName is fastchess's name for a -pgnout or -epdout without
// file=: fastchess_YYYYMMDD_HHMMSS and ext, from the time it started.
func (inv *Invocation) defaultOutName(ext string) string {
	return "fastchess_" + inv.startedAt.Format("20060102_150405") + ext
}
