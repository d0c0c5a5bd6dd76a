// Package proctest holds helpers for tests that run processes: it builds
// their programs once per test binary, waits for their progress and looks
// for processes they left behind.
package proctest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// Holders lists the live processes that the misbehaving test engine at bin
// forked to hold its pipes open (its -sleeper copies), wherever they were
// reparented; zombies do not count.
func Holders(bin string) []string {
	var left []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		args := strings.Split(string(cmdline), "\x00")
		if len(args) < 2 || args[0] != bin || args[1] != "-sleeper" {
			continue
		}
		if stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); !bytes.Contains(stat, []byte(") Z ")) {
			left = append(left, e.Name())
		}
	}
	return left
}
