package protocol

import (
	"fmt"
	"time"
)

// CheckXBoardLimits says whether XBoard can express a per-move limit: "st"
// takes whole seconds, and there is no node limit.
func CheckXBoardLimits(moveTime time.Duration, nodes uint64) error {
	if moveTime > 0 && moveTime%time.Second != 0 {
		return fmt.Errorf("st=%v: XBoard's st command takes whole seconds; give st=1 or more in whole seconds, or a clock (tc=)", moveTime.Seconds())
	}
	if nodes > 0 {
		return fmt.Errorf("nodes= cannot be given to an XBoard engine: the protocol has no node limit")
	}
	return nil
}
