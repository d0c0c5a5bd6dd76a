package uci

import (
	"fmt"
	"strconv"
	"strings"
)

// CheckValue says whether value is one the declaration allows, as
// "setoption name N value V" would send it: a spin's whole number within
// Min..Max, a check's true or false, one of a combo's vars (compared without
// regard to case, as UCI compares values), any string, no value for a
// button. The error says what is wrong and what the engine declares.
func (o *OptionDecl) CheckValue(value string) error {
	switch o.Type {
	case OptionSpin:
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("not a whole number (declared: %s)", o.Declared())
		}
		if n < o.Min || n > o.Max {
			return fmt.Errorf("out of the declared range (%s)", o.Declared())
		}
	case OptionCheck:
		if value != "true" && value != "false" {
			return fmt.Errorf("neither true nor false (declared: %s)", o.Declared())
		}
	case OptionCombo:
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return nil
			}
		}
		return fmt.Errorf("not one of the declared choices (%s)", o.Declared())
	case OptionButton:
		if value != "" {
			return fmt.Errorf("a button takes no value: give it none to press it (declared: %s)", o.Declared())
		}
	}
	return nil
}

// shownChoices bounds the choices a message lists: a combo may declare
// thousands.
const shownChoices = 20

// Declared describes the declaration in a few words for a message: "spin
// 1350..2850", "check", "combo Solid, Normal, Risky".
func (o *OptionDecl) Declared() string {
	switch o.Type {
	case OptionSpin:
		return fmt.Sprintf("spin %d..%d", o.Min, o.Max)
	case OptionCombo:
		return "combo " + listChoices(o.Vars)
	}
	return o.Type.String()
}

// listChoices joins choices for a message, at most shownChoices of them.
func listChoices(vars []string) string {
	shown := vars[:min(len(vars), shownChoices)]
	s := strings.Join(shown, ", ")
	if len(vars) > len(shown) {
		s += fmt.Sprintf(" and %d more", len(vars)-len(shown))
	}
	return s
}
