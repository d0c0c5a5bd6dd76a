package enginehost

import (
	"fmt"
	"strings"

	"github.com/autoplay/autoplay/internal/spelling"
	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/runner/spec"
)

// declaredOption is an option as the engine declared it (a UCI "option"
// line, an XBoard "feature option="), which judges a configured value.
type declaredOption interface {
	CheckValue(value string) error
	Declared() string
}

// maxDeclared bounds the declarations kept: an engine that declares a
// million options costs no more than this many.
const maxDeclared = 1000

// declare keeps an option the engine declared; the first of a name counts.
func (e *Engine) declare(name string, opt declaredOption) {
	if _, dup := e.declared[name]; !dup && len(e.declared) < maxDeclared {
		e.declared[name] = opt
	}
}

// declaration is the engine's declaration of the option name (compared
// without regard to case, as UCI compares names), or nil.
func (e *Engine) declaration(name string) declaredOption {
	if d, ok := e.declared[name]; ok {
		return d
	}
	for n, d := range e.declared {
		if strings.EqualFold(n, name) {
			return d
		}
	}
	return nil
}

// declares reports whether the engine declared the option name.
func (e *Engine) declares(name string) bool { return e.declaration(name) != nil }

// OptionValueError is a configured option value that the engine's own
// declaration refuses: a spin out of its range, a word for a number, a
// choice the combo does not offer. The run stops before any game.
type OptionValueError struct {
	Name, Value string
	Err         error // what is wrong, and what the engine declares
}

func (e *OptionValueError) Error() string {
	return fmt.Sprintf("option %s=%s is refused: %v", e.Name, shortValue(e.Value), e.Err)
}

func (e *OptionValueError) Unwrap() error { return e.Err }

// shortValue cuts a value for a message: a YAML value may be long.
func shortValue(v string) string {
	const most = 80
	if len(v) > most {
		return v[:most] + "..."
	}
	return v
}

// checkOption says whether a configured option is sent. A value the
// engine's declaration refuses is an error before any game, or with
// LenientOptions (the drop-in modes) a warning and not sent, as
// cutechess-cli and fastchess do. A name the engine does not declare is a
// warning the user sees even under --quiet, naming the nearest declared
// name: sent anyway, or with LenientOptions not sent, as those tools do.
func (e *Engine) checkOption(opt spec.EngineOption) (bool, error) {
	d := e.declaration(opt.Name)
	if d == nil {
		msg := fmt.Sprintf("engine %s does not declare option %q", e.cfg.Name, opt.Name)
		if near := e.nearestDeclared(opt.Name); near != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", near)
		}
		if e.cfg.LenientOptions {
			e.alert(msg + "; not sent")
			return false, nil
		}
		e.alert(msg + "; sending it anyway")
		return true, nil
	}
	err := d.CheckValue(opt.Value)
	switch {
	case err == nil, e.mayAddChoices(opt.Name):
		return true, nil
	case e.cfg.LenientOptions:
		e.alert(fmt.Sprintf("engine %s: invalid value for option %s: %s, %v; not sent, the engine keeps its own", e.cfg.Name, opt.Name, shortValue(opt.Value), err))
		return false, nil
	}
	return false, &OptionValueError{Name: opt.Name, Value: opt.Value, Err: err}
}

// mayAddChoices says whether the declared choices of the option name may
// grow with another option the run sets: a variants file (VariantPath)
// declares UCI_Variant's choices of its own, unknown until the engine reads it.
func (e *Engine) mayAddChoices(name string) bool {
	return strings.EqualFold(name, uci.OptVariant) && setsOption(e.cfg.Options, uci.OptVariantPath)
}

// nearestDeclared is the declared name closest to name by edit distance
// (case aside), when it is close enough to be a typo of it: at most one
// edit in three letters, and never more than three. "" when none is.
func (e *Engine) nearestDeclared(name string) string {
	limit := min(max(1, len(name)/3), 3)
	best, bestDist := "", limit+1
	lower := strings.ToLower(name)
	for n := range e.declared {
		if d := len(n) - len(name); d > limit || -d > limit {
			continue // at least that many edits apart: bounded work per name
		}
		if d := spelling.Distance(lower, strings.ToLower(n)); d < bestDist || (d == bestDist && n < best) {
			best, bestDist = n, d
		}
	}
	return best
}
