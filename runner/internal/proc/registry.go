package proc

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// running are the children started and not yet reaped, by pid (each is
// also the id of the child's process group): engines and slot processes.
// Any other child of autoplay, as the subreaper, is a leftover descendant.
var running = childRegistry{pids: map[int]bool{}}

type childRegistry struct {
	mu   sync.Mutex
	pids map[int]bool
}

func (r *childRegistry) remove(pid int) {
	r.mu.Lock()
	delete(r.pids, pid)
	r.mu.Unlock()
}

// start starts cmd (on cpus, with --affinity) and registers it under the
// registry's lock: the orphan sweep, which holds it too, never sees the new
// child unregistered.
func (r *childRegistry) start(cmd *exec.Cmd, cpus *CPUSet) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := startPinned(cpus, cmd.Start); err != nil {
		return err
	}
	r.pids[cmd.Process.Pid] = true
	return nil
}

// subreaper is set once autoplay has made itself the reaper of orphaned
// descendants: only then are its unknown children a child's leftovers.
var subreaper atomic.Bool

// BecomeSubreaper makes autoplay the parent of every orphaned descendant of
// its children (Linux PR_SET_CHILD_SUBREAPER), so that a process a child
// forked and left behind, even in a session of its own, can be found and
// killed. Only the autoplay command calls it: a test binary has children of
// its own (go build) that it did not start here.
func BecomeSubreaper() error {
	const prSetChildSubreaper = 36
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		return errno
	}
	subreaper.Store(true)
	return nil
}

// KillAll kills every child's process group and every orphaned
// descendant at once. It is for exits that cannot wait for children to
// quit: a second Ctrl-C, a panic.
func KillAll() {
	running.mu.Lock()
	for pid := range running.pids {
		syscall.Kill(-pid, syscall.SIGKILL) // not reaped yet: the group id is still theirs
	}
	running.mu.Unlock()
	killOrphans()
}

// KillOnPanic, deferred first thing in each of the runner's
// goroutines, takes every child and descendant down with a panic there
// (which ends the process without running main's deferred cleanup).
func KillOnPanic() {
	if v := recover(); v != nil {
		KillAll()
		panic(v)
	}
}

// killOrphans kills and reaps autoplay's children that it did not start
// here: descendants of its children, reparented to autoplay as the subreaper.
func killOrphans() {
	if !subreaper.Load() {
		return
	}
	var orphans []int
	running.mu.Lock()
	for _, pid := range ownChildren() {
		if !running.pids[pid] {
			syscall.Kill(pid, syscall.SIGKILL)
			orphans = append(orphans, pid)
		}
	}
	running.mu.Unlock()
	for _, pid := range orphans {
		var ws syscall.WaitStatus
		for {
			if _, err := syscall.Wait4(pid, &ws, 0, nil); err != syscall.EINTR {
				break
			}
		}
	}
}

// ownChildren lists autoplay's child processes. The kernel lists each
// thread's children in /proc/self/task/TID/children (CONFIG_PROC_CHILDREN,
// on in common kernels): a file per thread of ours, where childrenOf reads
// one per process on the machine, and the sweep runs after every child's
// exit (512 engines ending a run together: a quarter million reads).
func ownChildren() []int {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return childrenOf(os.Getpid())
	}
	var kids []int
	for _, task := range tasks {
		b, err := os.ReadFile("/proc/self/task/" + task.Name() + "/children")
		if errors.Is(err, fs.ErrNotExist) {
			if _, err := os.Stat("/proc/thread-self/children"); err != nil {
				return childrenOf(os.Getpid()) // a kernel without the lists
			}
			continue // a thread gone since the listing
		}
		for _, f := range bytes.Fields(b) {
			if pid, err := strconv.Atoi(string(f)); err == nil {
				kids = append(kids, pid)
			}
		}
	}
	return kids
}

// childrenOf lists the pids whose parent is ppid, from /proc.
func childrenOf(ppid int) []int {
	dir, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	defer dir.Close()
	names, _ := dir.Readdirnames(-1)
	var kids []int
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		if parentOf(pid) == ppid {
			kids = append(kids, pid)
		}
	}
	return kids
}

// parentOf reads the parent pid from /proc/PID/stat ("pid (comm) state ppid ..."),
// or -1. The command name may hold spaces and parentheses: parse after the last ')'.
func parentOf(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+4 >= len(b) {
		return -1
	}
	rest := b[i+4:] // skip ") S "
	n := 0
	for _, c := range rest {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// waitExitedBlocking blocks a thread until process pid has exited, without
// reaping it (waitid with WNOWAIT): while it is a zombie its process group
// id cannot be reused, so the group can still be killed safely. Only where
// pidfds are missing (Linux before 5.3); elsewhere exits are watched in
// epoll (exitwatch.go).
func waitExitedBlocking(pid int) {
	const (
		pPID    = 1
		wExited = 4
		wNoWait = 0x1000000
	)
	var info [128]byte // siginfo_t
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid),
			uintptr(unsafe.Pointer(&info[0])), wExited|wNoWait, 0, 0)
		if errno != syscall.EINTR {
			return
		}
	}
}
