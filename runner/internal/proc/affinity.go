package proc

import (
	"fmt"
	"math/bits"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// CPUSet is a Linux CPU mask (up to 1024 CPUs).
type CPUSet [16]uint64

func (s *CPUSet) add(cpu int)      { s[cpu/64] |= 1 << (cpu % 64) }
func (s *CPUSet) has(cpu int) bool { return s[cpu/64]&(1<<(cpu%64)) != 0 }

func (s *CPUSet) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// CPUs lists the set's CPUs in order.
func (s *CPUSet) CPUs() []int {
	var out []int
	for c := range len(s) * 64 {
		if s.has(c) {
			out = append(out, c)
		}
	}
	return out
}

func (s *CPUSet) String() string {
	var parts []string
	for _, c := range s.CPUs() {
		parts = append(parts, strconv.Itoa(c))
	}
	return strings.Join(parts, ",")
}

// threadAffinity and setThreadAffinity read and set the CPUs the calling
// OS thread may run on.
func threadAffinity() (CPUSet, error) {
	var s CPUSet
	_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(s), uintptr(unsafe.Pointer(&s)))
	if e != 0 {
		return s, e
	}
	return s, nil
}

func setThreadAffinity(s CPUSet) error {
	_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, 0, unsafe.Sizeof(s), uintptr(unsafe.Pointer(&s)))
	if e != 0 {
		return e
	}
	return nil
}

// startPinned runs start (which forks a child) on an OS thread whose
// affinity is cpus for the moment: the child, all its threads and its
// descendants inherit it from the fork, before any of them runs.
func startPinned(cpus *CPUSet, start func() error) error {
	if cpus == nil {
		return start()
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	old, err := threadAffinity()
	if err != nil {
		return fmt.Errorf("affinity: %w", err)
	}
	if err := setThreadAffinity(*cpus); err != nil {
		return fmt.Errorf("affinity %s: %w", cpus, err)
	}
	defer setThreadAffinity(old)
	return start()
}

// ShareCPUs shares the CPUs autoplay may use among the workers (each runs
// one game at a time): with at least as many CPUs as workers each gets its
// own slice of them, the engines of its games pinned there; with fewer, the
// workers take turns round the CPUs.
func ShareCPUs(allowed CPUSet, workers int) []CPUSet {
	cpus := allowed.CPUs()
	sets := make([]CPUSet, workers)
	if len(cpus) == 0 {
		return nil
	}
	if workers <= len(cpus) {
		per := len(cpus) / workers
		for w := range workers {
			for _, c := range cpus[w*per : (w+1)*per] {
				sets[w].add(c)
			}
		}
		return sets
	}
	for w := range workers {
		sets[w].add(cpus[w%len(cpus)])
	}
	return sets
}

// AllowedCPUs are the CPUs this process may run on (taskset, cgroups).
func AllowedCPUs() (CPUSet, error) { return threadAffinity() }

// Count is the number of CPUs in the set.
func (s *CPUSet) Count() int { return s.count() }

// PickCPUs gives each worker one CPU of list, in order (fastchess's
// -use-affinity LIST: a game and both its engines on one CPU); a CPU this
// process may not run on is an error naming it.
func PickCPUs(allowed CPUSet, list []int, workers int) ([]CPUSet, error) {
	if workers > len(list) {
		return nil, fmt.Errorf("affinity: %d games at a time, but only %d CPUs listed", workers, len(list))
	}
	sets := make([]CPUSet, workers)
	for w := range workers {
		cpu := list[w]
		if cpu < 0 || cpu >= len(allowed)*64 || !allowed.has(cpu) {
			return nil, fmt.Errorf("affinity: CPU %d is not one autoplay may run on (it may use %s)", cpu, &allowed)
		}
		sets[w].add(cpu)
	}
	return sets, nil
}
