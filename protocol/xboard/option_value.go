package xboard

import (
	"fmt"
	"strconv"
	"strings"
)

// CheckValue says whether value is one the declaration allows, as "option
// NAME=VALUE" would send it: a spin's or slider's whole number within
// Min..Max, a check's 0 or 1, exactly one of a combo's choices, any text for
// a string, file or path, no value for a button, save or reset. The error
// says what is wrong and what the engine declares.
func (o *Option) CheckValue(value string) error {
	switch o.Type {
	case OptionSpin, OptionSlider:
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("not a whole number (declared: %s)", o.Declared())
		}
		if n < o.Min || n > o.Max {
			return fmt.Errorf("out of the declared range (%s)", o.Declared())
		}
	case OptionCheck:
		if value != "0" && value != "1" {
			return fmt.Errorf("neither 0 nor 1 (declared: %s)", o.Declared())
		}
	case OptionCombo:
		for _, v := range o.Vars {
			if v == value {
				return nil
			}
		}
		return fmt.Errorf("not one of the declared choices (%s)", o.Declared())
	case OptionButton, OptionSave, OptionReset:
		if value != "" {
			return fmt.Errorf("a button takes no value: give it none to press it (declared: %s)", o.Declared())
		}
	}
	return nil
}

// IsButton says whether the option is pressed ("option NAME") rather than
// set to a value.
func (o *Option) IsButton() bool {
	return o.Type == OptionButton || o.Type == OptionSave || o.Type == OptionReset
}

// shownChoices bounds the choices a message lists: a combo may declare
// thousands.
const shownChoices = 20

// Declared describes the declaration in a few words for a message, as the
// engine wrote its type: "-spin 1..100", "-check", "-combo a /// b".
func (o *Option) Declared() string {
	switch o.Type {
	case OptionSpin, OptionSlider:
		return fmt.Sprintf("-%s %d..%d", o.Type, o.Min, o.Max)
	case OptionCombo:
		shown := o.Vars[:min(len(o.Vars), shownChoices)]
		s := "-combo " + strings.Join(shown, " "+comboSeparator+" ")
		if len(o.Vars) > len(shown) {
			s += fmt.Sprintf(" and %d more", len(o.Vars)-len(shown))
		}
		return s
	}
	return "-" + o.Type.String()
}
