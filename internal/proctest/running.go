package proctest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// Running lists the pids of the live processes whose program is bin, as
// their command lines name it, wherever they were reparented; zombies
// (exited, not yet reaped) do not count.
func Running(bin string) []string {
	return liveProcesses(func(args []string) bool { return args[0] == bin })
}

// liveProcesses lists the pids of the processes that are not zombies and
// whose command line (its arguments, at least one) match takes.
func liveProcesses(match func(args []string) bool) []string {
	var pids []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || len(cmdline) == 0 || !match(strings.Split(string(cmdline), "\x00")) {
			continue
		}
		if stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); !bytes.Contains(stat, []byte(") Z ")) {
			pids = append(pids, e.Name())
		}
	}
	return pids
}
