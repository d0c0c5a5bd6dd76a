package xboard

import (
	"fmt"
	"strconv"
	"strings"
)

// OptionType is the kind of control a feature option declares.
type OptionType uint8

// Option types, as named after the "-" in an option declaration.
const (
	OptionUnknown OptionType = iota
	OptionButton             // no value; "option NAME" triggers it
	OptionSave               // a button that makes the engine save its settings
	OptionReset              // a button that resets the engine's options
	OptionCheck              // 0 or 1
	OptionString             // free text
	OptionSpin               // integer between Min and Max
	OptionCombo              // one of Vars
	OptionSlider             // a spin shown as a slider
	OptionFile               // a file name
	OptionPath               // a directory name
)

var optionTypeNames = [...]string{"unknown", "button", "save", "reset", "check", "string", "spin", "combo", "slider", "file", "path"}

// String returns the type's name without the leading "-".
func (t OptionType) String() string {
	if int(t) < len(optionTypeNames) {
		return optionTypeNames[t]
	}
	return "unknown"
}

// Option is an engine option declared with feature option="NAME -TYPE ...".
type Option struct {
	Name    string // may contain spaces: "Resign Threshold"
	Type    OptionType
	Default string // the current value; for a combo, the choice marked "*" or else the first
	Min     int    // OptionSpin and OptionSlider
	Max     int    // OptionSpin and OptionSlider
	Vars    []string
}

// comboSeparator separates combo choices.
const comboSeparator = "///"

// ParseOption reads the value of an option feature, "NAME -TYPE ARGS".
func ParseOption(decl string) (Option, error) {
	var o Option
	// The type is the first " -word" naming a known type; names may hold
	// spaces and even dashes ("Claim draw after -spin ...").
	rest := ""
	for i := 0; i < len(decl); i++ {
		if decl[i] != '-' || (i > 0 && decl[i-1] != ' ' && decl[i-1] != '\t') {
			continue
		}
		word, after, _ := strings.Cut(decl[i+1:], " ")
		for t, name := range optionTypeNames[1:] {
			if word == name {
				o.Type = OptionType(t + 1)
			}
		}
		if o.Type != OptionUnknown {
			o.Name = strings.TrimSpace(decl[:i])
			rest = strings.TrimSpace(after)
			break
		}
	}
	if o.Type == OptionUnknown {
		return o, fmt.Errorf("option %q: no known -type", decl)
	}
	if o.Name == "" {
		return o, fmt.Errorf("option %q: missing name", decl)
	}
	switch o.Type {
	case OptionButton, OptionSave, OptionReset:
	case OptionCheck:
		if rest != "0" && rest != "1" {
			return o, fmt.Errorf("option %q: check value %q is not 0 or 1", o.Name, rest)
		}
		o.Default = rest
	case OptionString, OptionFile, OptionPath:
		o.Default = rest
	case OptionSpin, OptionSlider:
		f := strings.Fields(rest)
		if len(f) != 3 {
			return o, fmt.Errorf("option %q: want VALUE MIN MAX, got %q", o.Name, rest)
		}
		var err1, err2, err3 error
		_, err1 = strconv.Atoi(f[0])
		o.Min, err2 = strconv.Atoi(f[1])
		o.Max, err3 = strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || err3 != nil {
			return o, fmt.Errorf("option %q: want VALUE MIN MAX, got %q", o.Name, rest)
		}
		o.Default = f[0]
	case OptionCombo:
		for _, v := range strings.Split(rest, comboSeparator) {
			v = strings.TrimSpace(v)
			if strings.HasPrefix(v, "*") {
				v = v[1:]
				o.Default = v
			}
			o.Vars = append(o.Vars, v)
		}
		if o.Default == "" {
			o.Default = o.Vars[0]
		}
	}
	return o, nil
}

// AppendOption appends the declaration "NAME -TYPE ARGS" (the value of an
// option feature; see AppendFeatures), marking a combo's default with "*".
func AppendOption(dst []byte, o *Option) []byte {
	dst = append(dst, o.Name...)
	dst = append(dst, " -"...)
	dst = append(dst, o.Type.String()...)
	switch o.Type {
	case OptionButton, OptionSave, OptionReset:
	case OptionSpin, OptionSlider:
		dst = append(dst, ' ')
		dst = append(dst, o.Default...)
		dst = strconv.AppendInt(append(dst, ' '), int64(o.Min), 10)
		dst = strconv.AppendInt(append(dst, ' '), int64(o.Max), 10)
	case OptionCombo:
		for i, v := range o.Vars {
			if i > 0 {
				dst = append(dst, " "+comboSeparator...)
			}
			dst = append(dst, ' ')
			if v == o.Default {
				dst = append(dst, '*')
			}
			dst = append(dst, v...)
		}
	default:
		dst = append(dst, ' ')
		dst = append(dst, o.Default...)
	}
	return dst
}
