package proctest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"
)

// A process of a program is running until it exits: as a zombie, not yet
// reaped, it is not listed; a copy of the program elsewhere is not it.
func TestRunningListsTheLiveProcessesOfAProgram(t *testing.T) {
	sleepBin, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep program")
	}
	data, err := os.ReadFile(sleepBin)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "sleeper")
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	if got := Running(bin); len(got) != 1 || got[0] != strconv.Itoa(cmd.Process.Pid) {
		t.Errorf("running %v, want [%d]", got, cmd.Process.Pid)
	}
	if got := Running(bin + "2"); len(got) != 0 {
		t.Errorf("another program's processes: %v", got)
	}
	cmd.Process.Kill()
	var info unix.Siginfo // wait for its exit, but leave it unreaped
	for unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
	}
	if got := Running(bin); len(got) != 0 {
		t.Errorf("a zombie is listed as running: %v", got)
	}
}
