package compat

import "fmt"

// applyRecordOptions maps fastchess's per-move PGN fields and match_line.
func (inv *Invocation) applyRecordOptions() error {
	if len(inv.moveFields) > 0 {
		return fmt.Errorf("option -pgnout %s=true: per-move fields are not supported yet", inv.moveFields[0])
	}
	if len(inv.matchLines) > 0 {
		return fmt.Errorf("option -pgnout match_line=%s: not supported yet", inv.matchLines[0])
	}
	return nil
}
