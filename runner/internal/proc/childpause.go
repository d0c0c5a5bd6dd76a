package proc

import (
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// watchPauses counts the times the child is stopped by a signal (SIGSTOP,
// SIGTSTP...), from the kernel's own reports to its parent, until it
// exits. A stopped slot process stops the clocks of its games' engines
// only in appearance: they think on, and whoever was to move would be
// charged the runner's pause. The count lets the run tell such a game from
// one played through. It blocks in waitid, never polls, and leaves the
// reaping to Wait (WNOWAIT), consuming only the stop and continue reports
// it has read, or the next waitid would return them at once.
//
// A stop report is kept only while the child stays stopped: one continued
// before this goroutine's waitid ran (a short stop, a busy machine) leaves
// only its continue report, so a continue with no stop counted before it
// is counted as a pause too.
func watchPauses(pid int, pauses *atomic.Int64) {
	stopped := false
	for {
		var info unix.Siginfo
		err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WSTOPPED|unix.WCONTINUED|unix.WNOWAIT, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return // reaped already
		}
		var kind int
		switch info.Code {
		case cldStopped:
			pauses.Add(1)
			stopped = true
			kind = unix.WSTOPPED
		case cldContinued:
			if !stopped {
				pauses.Add(1)
			}
			stopped = false
			kind = unix.WCONTINUED
		default:
			return // it ended: Wait reaps it
		}
		// Take the report just read, so the next waitid blocks; only its
		// kind: a stop that came after a continue was read would be taken
		// in its place (the kernel offers stops first) and never counted.
		for unix.Waitid(unix.P_PID, pid, &info, kind|unix.WNOHANG, nil) == unix.EINTR {
		}
	}
}

// si_code values of SIGCHLD (linux/include/uapi/asm-generic/siginfo.h).
const (
	cldStopped   = 5
	cldContinued = 6
)

// Pauses says how many times the child has been stopped by a signal so
// far: a game during which it changed was not played through.
func (c *Child) Pauses() int64 { return c.pauses.Load() }
