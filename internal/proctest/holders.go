// Package proctest holds helpers for tests that run processes: it builds
// their programs once per test binary, waits for their progress and looks
// for processes they left behind.
package proctest

// Holders lists the live processes that the misbehaving test engine at bin
// forked to hold its pipes open (its -sleeper copies), wherever they were
// reparented; zombies do not count.
func Holders(bin string) []string {
	return liveProcesses(func(args []string) bool { return len(args) > 1 && args[0] == bin && args[1] == "-sleeper" })
}
