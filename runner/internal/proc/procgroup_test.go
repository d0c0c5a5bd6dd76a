package proc

import (
	"os"
	"os/exec"
	"slices"
	"testing"
)

// ownChildren, read from the kernel's per-thread child lists, names the
// same processes as the scan of every process's parent it replaces.
func TestOwnChildrenAreThoseWhoseParentIsUs(t *testing.T) {
	var cmds []*exec.Cmd
	for range 3 {
		cmd := exec.Command("sleep", "30")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	defer func() {
		for _, cmd := range cmds {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	got, want := ownChildren(), childrenOf(os.Getpid())
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("ownChildren: %v; the parents in /proc say %v", got, want)
	}
	for _, cmd := range cmds {
		if !slices.Contains(got, cmd.Process.Pid) {
			t.Errorf("child %d missing from %v", cmd.Process.Pid, got)
		}
	}
}
