// Command primitives measures what the runner's layouts are made of on
// this machine: a process start (this static Go program run again as a
// hello world: fork, exec, the Go runtime's start, exit, wait), a hand-over
// between two goroutines (one Go processor, then two), and a wake-up over a
// pipe between two threads pinned to the same CPU and to two CPUs (an
// engine's write waking the runner, the runner's waking the engine). Each
// is the median of a few rounds, so a busy machine sways it less.
//
//	go build -o primitives ./bench/primitives && ./primitives
package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

const rounds = 5

func main() {
	if len(os.Args) > 1 && os.Args[1] == "hello" {
		fmt.Println("hello, world")
		return
	}
	wall, cpu := processStart(20)
	fmt.Printf("process start (static Go hello world, %d kB): %.2f ms wall, %.2f ms CPU\n", size()/1024, ms(wall), ms(cpu))
	fmt.Printf("goroutine hand-over: %.2f us on 1 Go processor, %.2f us on 2\n", us(handOver(1)), us(handOver(2)))
	cpus := allowed()
	if len(cpus) < 2 {
		fmt.Printf("pipe wake-up: %.2f us on one CPU (one CPU: none across)\n", us(pipeWake(cpus[0], cpus[0])))
		return
	}
	fmt.Printf("pipe wake-up: %.2f us on one CPU, %.2f us across CPUs\n", us(pipeWake(cpus[0], cpus[0])), us(pipeWake(cpus[0], cpus[1])))
}

// processStart runs this program as a hello world n times a round: the
// median round's wall time and CPU (the children's, from rusage) a start.
func processStart(n int) (wall, cpu time.Duration) {
	self, err := os.Executable()
	check(err)
	var walls, cpus []time.Duration
	for range rounds {
		before := childrenCPU()
		start := time.Now()
		for range n {
			cmd := exec.Command(self, "hello")
			check(cmd.Run())
		}
		walls = append(walls, time.Since(start)/time.Duration(n))
		cpus = append(cpus, (childrenCPU()-before)/time.Duration(n))
	}
	return median(walls), median(cpus)
}

func childrenCPU() time.Duration {
	var ru syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// handOver is one goroutine's wake of another over an unbuffered channel,
// as an engine's reader hands a line to its game: the median round's time
// a hand-over on procs Go processors.
func handOver(procs int) time.Duration {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	const n = 20000
	var times []time.Duration
	for range rounds {
		ping, pong := make(chan int), make(chan int)
		go func() {
			for v := range ping {
				pong <- v
			}
		}()
		start := time.Now()
		for i := range n {
			ping <- i
			<-pong
		}
		times = append(times, time.Since(start)/(2*n))
		close(ping)
	}
	return median(times)
}

// pipeWake is one thread's write waking another blocked in read, the two
// pinned to CPUs a and b: the median round's time a wake-up.
func pipeWake(a, b int) time.Duration {
	const n = 5000
	var times []time.Duration
	for range rounds {
		var there, back [2]int
		check(unix.Pipe(there[:]))
		check(unix.Pipe(back[:]))
		done := make(chan struct{})
		go func() {
			defer close(done)
			runtime.LockOSThread()
			pin(b)
			buf := make([]byte, 1)
			for range n {
				read(there[0], buf)
				write(back[1], buf)
			}
		}()
		runtime.LockOSThread()
		pin(a)
		buf := []byte{'x'}
		start := time.Now()
		for range n {
			write(there[1], buf)
			read(back[0], buf)
		}
		times = append(times, time.Since(start)/(2*n))
		<-done
		runtime.UnlockOSThread()
		for _, fd := range []int{there[0], there[1], back[0], back[1]} {
			unix.Close(fd)
		}
	}
	return median(times)
}

func pin(cpu int) {
	var set unix.CPUSet
	set.Set(cpu)
	check(unix.SchedSetaffinity(0, &set))
}

func allowed() []int {
	var set unix.CPUSet
	check(unix.SchedGetaffinity(0, &set))
	var cpus []int
	for c := range 1024 {
		if set.IsSet(c) {
			cpus = append(cpus, c)
		}
	}
	return cpus
}

func read(fd int, buf []byte) {
	if _, err := unix.Read(fd, buf); err != nil {
		check(err)
	}
}

func write(fd int, buf []byte) {
	if _, err := unix.Write(fd, buf); err != nil {
		check(err)
	}
}

func size() int64 {
	self, err := os.Executable()
	check(err)
	fi, err := os.Stat(self)
	check(err)
	return fi.Size()
}

func median(d []time.Duration) time.Duration {
	slices.Sort(d)
	return d[len(d)/2]
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }
func us(d time.Duration) float64 { return float64(d) / 1e3 }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "primitives:", err)
		os.Exit(1)
	}
}
