package compat

import (
	"fmt"
	"slices"
	"strings"
)

// moveFieldKeys are fastchess's -pgnout switches for extra per-move data.
var moveFieldKeys = []string{"nodes", "seldepth", "nps", "hashfull", "tbhits", "pv", "timeleft", "latency"}

// pgnout reads cutechess's "FILE [min] [fi]" or fastchess's key=value form.
func (inv *Invocation) pgnout(v []string) error {
	if inv.Dialect == Fastchess {
		inv.Config.PGNOut = inv.defaultOutName(".pgn") // unless file= names it
	} else if !strings.Contains(v[0], "=") {
		inv.Config.PGNOut = v[0]
		for _, w := range v[1:] {
			switch w {
			case "min":
				inv.Config.PGNMinimal = true
			case "fi": // only finished games: autoplay never writes others
			default:
				return fmt.Errorf("%q: want min or fi after the file name", w)
			}
		}
		return nil
	}
	for _, kv := range keyValues(v) {
		if kv.bare {
			return fmt.Errorf("%q: expects key=value pairs such as file=games.pgn", kv.key)
		}
		switch {
		case kv.key == "file":
			inv.Config.PGNOut = kv.value
		case kv.key == "notation":
			if kv.value != "san" {
				return fmt.Errorf("notation=%s: autoplay writes SAN PGN only", kv.value)
			}
		case kv.key == "append":
			b, err := boolValue(kv)
			if err != nil {
				return err
			}
			inv.PGNAppend = b
		case kv.key == "min":
			b, err := boolValue(kv)
			if err != nil {
				return err
			}
			inv.Config.PGNMinimal = b
		case kv.key == "match_line":
			inv.matchLines = append(inv.matchLines, kv.value)
		case slices.Contains(moveFieldKeys, kv.key):
			b, err := boolValue(kv)
			if err != nil {
				return err
			}
			if b {
				inv.moveFields = append(inv.moveFields, kv.key)
			}
		default:
			return fmt.Errorf("unknown key %q (known: file notation append min match_line %s)", kv.key, strings.Join(moveFieldKeys, " "))
		}
	}
	return nil
}
