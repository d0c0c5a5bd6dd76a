package runner

import "github.com/autoplay/autoplay/runner/internal/proc"

// BecomeSubreaper makes autoplay the parent of every orphaned descendant of
// its engines, so that one an engine forked and left behind can be found
// and killed. Only the autoplay command calls it: a test binary has
// children of its own (go build) that are not engines.
func BecomeSubreaper() error { return proc.BecomeSubreaper() }

// KillAllEngines kills every engine's process group and every orphaned
// descendant at once: for exits that cannot wait for engines to quit (a
// second Ctrl-C, a panic).
func KillAllEngines() { proc.KillAll() }
