package compat

import (
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
)

// applyRecordOptions maps fastchess's per-move PGN fields and match_line
// (several patterns: any of them).
func (inv *Invocation) applyRecordOptions() error {
	f, err := spec.ParseMoveFields(inv.moveFields)
	if err != nil {
		return err
	}
	inv.Config.MoveFields = f
	if len(inv.matchLines) == 1 {
		inv.Config.MatchLine = inv.matchLines[0]
	} else if len(inv.matchLines) > 1 {
		inv.Config.MatchLine = "(?:" + strings.Join(inv.matchLines, ")|(?:") + ")"
	}
	return nil
}
