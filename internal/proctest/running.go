package proctest

import (
	"bytes"
	"os"
	"path/filepath"
)

// Running lists the pids of the live processes whose program is bin, as
// their command lines name it, wherever they were reparented; zombies
// (exited, not yet reaped) do not count.
func Running(bin string) []string {
	var pids []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || !bytes.HasPrefix(cmdline, []byte(bin+"\x00")) {
			continue
		}
		if stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); !bytes.Contains(stat, []byte(") Z ")) {
			pids = append(pids, e.Name())
		}
	}
	return pids
}
