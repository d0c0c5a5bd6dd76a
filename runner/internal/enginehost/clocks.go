package enginehost

import "time"

// Clocks is what an engine is told of the clocks with a "go": by colour,
// the time left and the increment, and the mover's moves to the next time
// control (0: none). It is a value, so a move's path allocates nothing.
type Clocks struct {
	Left      [2]time.Duration
	Inc       [2]time.Duration
	MovesToGo int
	// None marks a side that plays without a clock (a fixed time per move
	// or a node limit) against one that has a clock: it gets no time sent.
	None [2]bool
}
