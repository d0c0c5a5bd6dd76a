package runner

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// lockRun takes the lock of the run writing path (its PGN), held until the
// returned file is closed: an exclusive flock, so the same command started
// again while the first still runs (re-running is how a run resumes) is
// refused at once rather than writing the same games twice. The kernel
// drops the lock of a process that dies however it dies, so a lock left by
// a killed run is simply taken over; Linux's NFS client maps flock onto
// the server's locks, so two machines on one share are kept apart too.
func lockRun(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			break
		}
	}
	if err == nil {
		return f, nil
	}
	f.Close()
	if !errors.Is(err, syscall.EWOULDBLOCK) {
		return nil, fmt.Errorf("pgnout %s: cannot lock it for this run: %w", path, err)
	}
	holder := "another process"
	if pid := flockHolder(path); pid > 0 {
		holder = "process " + strconv.Itoa(pid)
		if pid == os.Getpid() {
			holder = "this process"
		}
	}
	return nil, fmt.Errorf("pgnout %s is in use by another run (%s): wait for it to end or stop it; started again afterwards, a run resumes where it stopped", path, holder)
}

// flockHolder is the pid holding a flock on path, read from /proc/locks
// ("1: FLOCK ADVISORY WRITE 1234 08:01:5678 0 EOF"), or 0 when it cannot
// be told (a lock held on another machine).
func flockHolder(path string) int {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	locks, err := os.Open("/proc/locks")
	if err != nil {
		return 0
	}
	defer locks.Close()
	inode := ":" + strconv.FormatUint(st.Ino, 10)
	sc := bufio.NewScanner(locks)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 6 && f[1] == "FLOCK" && f[3] == "WRITE" && strings.HasSuffix(f[5], inode) {
			if pid, err := strconv.Atoi(f[4]); err == nil {
				return pid
			}
		}
	}
	return 0
}
