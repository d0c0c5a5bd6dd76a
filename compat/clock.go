package compat

import (
	"fmt"
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
)

// setClock reads tc= as the tool does: one period, its time in seconds or
// M:SS (neither tool has periods: every colon is M:SS), fastchess's
// "0/10+0.1" for no moves per period, and cutechess-cli's hourglass, "hg"
// before the time (tc=hg60), which fastchess refuses.
func (inv *Invocation) setClock(e *spec.EngineConfig, value string) error {
	text := value
	hourglass := false
	if strings.Contains(text, "hg") {
		if inv.Dialect == Fastchess {
			return fmt.Errorf("tc=%s: fastchess plays no hourglass (cutechess-cli's tc=hg60)", value)
		}
		_, time, hasMoves := strings.Cut(text, "/")
		if !hasMoves {
			time = text
		}
		rest, ok := strings.CutPrefix(time, "hg")
		if !ok {
			return fmt.Errorf("tc=%s: an hourglass is written hg before its time, as in tc=hg60", value)
		}
		if hasMoves || strings.Contains(rest, "+") {
			return fmt.Errorf("tc=%s: an hourglass has no moves per period and no increment (tc=hg60), as cutechess-cli's", value)
		}
		text, hourglass = rest, true
	}
	text = strings.TrimPrefix(text, "0/") // fastchess writes "0/10+0.1" for no moves per period
	tc, err := spec.ParseOnePeriod(text)
	if err != nil {
		return fmt.Errorf("tc=%s: %w", value, err)
	}
	// The rest of the limits (st=, nodes=, depth=) stay as given.
	e.TC.Moves, e.TC.Base, e.TC.Inc, e.TC.Later, e.TC.Hourglass = tc.Moves, tc.Base, tc.Inc, tc.Later, hourglass
	return nil
}
