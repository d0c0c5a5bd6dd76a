package proc

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A stop is counted once, while it lasts; the continue after it adds
// nothing, and the next stop counts again. Many rounds: a stop sent while
// the watcher still handles the last continue must be counted too.
func TestPausesCountEachStop(t *testing.T) {
	c, err := StartChild([]string{"sleep", "60"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Wait()
	defer c.Kill()
	pid := c.cmd.Process.Pid
	for want := int64(1); want <= 100; want++ {
		syscall.Kill(pid, syscall.SIGSTOP)
		proctest.WaitUntil(t, "the stop to be counted", func() bool { return c.Pauses() >= want })
		syscall.Kill(pid, syscall.SIGCONT)
		proctest.WaitUntil(t, "the child to run again", func() bool { return processState(pid) != 'T' })
		if got := c.Pauses(); got != want {
			t.Fatalf("%d pauses after stop %d, want %d", got, want, want)
		}
	}
}

// A stop that is over before the watcher looks leaves the kernel only a
// continue report: it is counted as a pause all the same.
func TestPausesCountAStopOverBeforeItWasSeen(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	syscall.Kill(pid, syscall.SIGSTOP)
	proctest.WaitUntil(t, "the child to stop", func() bool { return processState(pid) == 'T' })
	syscall.Kill(pid, syscall.SIGCONT)
	proctest.WaitUntil(t, "the child to run again", func() bool { return processState(pid) != 'T' })
	var pauses atomic.Int64
	done := make(chan struct{})
	go func() {
		watchPauses(pid, &pauses)
		close(done)
	}()
	proctest.WaitUntil(t, "the pause to be counted", func() bool { return pauses.Load() == 1 })
	cmd.Process.Kill()
	<-done // the watcher ends with the child, before Wait reaps it
	cmd.Wait()
	if got := pauses.Load(); got != 1 {
		t.Errorf("%d pauses, want 1", got)
	}
}

// processState is the state letter of /proc/PID/stat ('T': stopped).
func processState(pid int) byte {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2]
	}
	return 0
}
