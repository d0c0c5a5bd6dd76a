package uci

import (
	"fmt"
	"strconv"

	"github.com/autoplay/autoplay/protocol/internal/scan"
)

// OptionType is the kind of control an engine option declares.
type OptionType uint8

// Option types, as named after "type" in an option line.
const (
	OptionUnknown OptionType = iota // a type this package does not know
	OptionCheck                     // boolean: "true" or "false"
	OptionSpin                      // integer between Min and Max
	OptionCombo                     // one of Vars
	OptionButton                    // no value; setting it triggers an action
	OptionString                    // free text
)

var optionTypeNames = [...]string{"unknown", "check", "spin", "combo", "button", "string"}

// String returns the type's name as written in an option line.
func (t OptionType) String() string {
	if int(t) < len(optionTypeNames) {
		return optionTypeNames[t]
	}
	return "unknown"
}

// OptionDecl is an option an engine declares after "uci", for the runner to
// check configured settings against.
type OptionDecl struct {
	Name    string // may contain spaces: "Move Overhead"
	Type    OptionType
	Default string // as sent; Stockfish's "<empty>" reads as ""
	Min     int    // OptionSpin only
	Max     int    // OptionSpin only
	Vars    []string
}

// emptyValue is how Stockfish and others write an empty string default.
const emptyValue = "<empty>"

var optionKeywords = []string{"name", "type", "default", "min", "max", "var"}

// parseOptionDecl reads "name N type T default D min A max B var V ...".
// Names and values run up to the next keyword, so they may hold spaces.
func parseOptionDecl(sc *scan.Scanner, o *OptionDecl) error {
	for {
		key := sc.Next()
		if key == nil {
			break
		}
		switch string(key) {
		case "name":
			o.Name = string(sc.UpTo(optionKeywords[1:]...))
		case "type":
			tok := sc.Next()
			o.Type = OptionUnknown
			for t, name := range optionTypeNames {
				if string(tok) == name {
					o.Type = OptionType(t)
				}
			}
			if o.Type == OptionUnknown {
				return fmt.Errorf("option %q: unknown type %q", o.Name, tok)
			}
		case "default":
			o.Default = string(sc.UpTo(optionKeywords...))
			if o.Default == emptyValue {
				o.Default = ""
			}
		case "min", "max":
			tok := sc.Next()
			n, ok := scan.Atoi(tok)
			if !ok {
				return fmt.Errorf("option %q: bad %s %q", o.Name, key, tok)
			}
			if key[1] == 'i' {
				o.Min = n
			} else {
				o.Max = n
			}
		case "var":
			o.Vars = append(o.Vars, string(sc.UpTo(optionKeywords...)))
		default:
			return fmt.Errorf("option %q: unexpected %q", o.Name, key)
		}
	}
	if o.Name == "" {
		return fmt.Errorf("option: missing name")
	}
	if o.Type == OptionUnknown {
		return fmt.Errorf("option %q: missing type", o.Name)
	}
	return nil
}

// AppendOptionDecl appends the "option" line that declares o, and a newline.
// An empty string default is written as "<empty>" so that it survives.
func AppendOptionDecl(dst []byte, o *OptionDecl) []byte {
	dst = append(dst, "option name "...)
	dst = append(dst, o.Name...)
	dst = append(dst, " type "...)
	dst = append(dst, o.Type.String()...)
	switch o.Type {
	case OptionButton:
	case OptionString:
		dst = append(dst, " default "...)
		if o.Default == "" {
			dst = append(dst, emptyValue...)
		} else {
			dst = append(dst, o.Default...)
		}
	default:
		dst = append(dst, " default "...)
		dst = append(dst, o.Default...)
	}
	if o.Type == OptionSpin {
		dst = strconv.AppendInt(append(dst, " min "...), int64(o.Min), 10)
		dst = strconv.AppendInt(append(dst, " max "...), int64(o.Max), 10)
	}
	for _, v := range o.Vars {
		dst = append(dst, " var "...)
		dst = append(dst, v...)
	}
	return append(dst, '\n')
}
