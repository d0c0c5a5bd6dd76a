package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
	"golang.org/x/sys/unix"
)

// pauseMatch is a short match of two real stockfish at 1+0.01: a pause of
// two seconds (the tests' pauses but one) is longer than any move's
// budget, so that whoever is to move when autoplay is stopped would lose
// on time.
var pauseMatch = []string{
	"--engine", "cmd=" + stockfish + " name=a option.Hash=4 option.Threads=1",
	"--engine", "cmd=" + stockfish + " name=b option.Hash=4 option.Threads=1",
	// A node limit keeps stockfish's moves short whatever the machine's load,
	// so that only autoplay's pause can outrun the 1 s clock.
	"--each", "tc=1+0.01 nodes=20000", "--games", "2", "--maxmoves", "20", "--concurrency", "2",
}

// pauseFor stops the process pid (SIGSTOP; its whole process group with
// group, as a terminal's Ctrl-Z does) in the middle of its games: both
// games have begun (ready says so) and stockfish's search threads have
// since searched for a tenth of a second of CPU (their start-up, on the
// main thread, does not count). It sleeps d and continues it; the
// engines, in process groups of their own, think on meanwhile.
func pauseFor(t *testing.T, pid int, d time.Duration, group bool, ready func() bool) {
	t.Helper()
	proctest.WaitUntil(t, "both games to begin", ready)
	proctest.WaitUntil(t, "the engines to search", func() bool {
		if ended(pid) {
			t.Fatal("the run ended before it could be paused")
		}
		return searchTicks(descendantsOf(pid)) >= 10
	})
	target := pid
	if group {
		target = -pid
	}
	syscall.Kill(target, syscall.SIGSTOP)
	time.Sleep(d)
	syscall.Kill(target, syscall.SIGCONT)
}

// ended says the process pid has exited (a zombie, not yet waited for).
func ended(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(fields) == 0 || fields[0] == "Z"
}

// searchTicks is the CPU time, in clock ticks, the processes' threads
// other than their main one have used: stockfish's search threads, which
// work only after a go.
func searchTicks(pids []int) int {
	total := 0
	for _, pid := range pids {
		tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
		for _, task := range tasks {
			if task.Name() == fmt.Sprint(pid) {
				continue
			}
			tid, err := strconv.Atoi(task.Name())
			if err == nil {
				total += threadTicks(pid, tid)
			}
		}
	}
	return total
}

// threadTicks is one thread's utime + stime, in clock ticks.
func threadTicks(pid, tid int) int {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/stat", pid, tid))
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	total := 0
	for _, f := range fields[11:13] {
		n, _ := strconv.Atoi(f)
		total += n
	}
	return total
}

// checkEachGameOnceNotOnTime fails the test unless the PGN holds games 1
// to n, each once, none lost on time or by a stall.
func checkEachGameOnceNotOnTime(t *testing.T, pgnPath string, n int) {
	t.Helper()
	b, _ := os.ReadFile(pgnPath)
	rounds := map[string]int{}
	for _, m := range regexp.MustCompile(`\[Round "(\d+)"\]`).FindAllStringSubmatch(string(b), -1) {
		rounds[m[1]]++
	}
	for i := 1; i <= n; i++ {
		if c := rounds[fmt.Sprint(i)]; c != 1 {
			t.Errorf("game %d recorded %d times", i, c)
		}
	}
	if strings.Contains(string(b), "on time") || strings.Contains(string(b), "stalls") {
		t.Errorf("an engine was charged for autoplay's own pause:\n%s", b)
	}
}

// The runner itself stopped by SIGSTOP in the middle of its games (as a
// laptop's sleep or a frozen VM stops it): its engines think on, and its
// clocks would charge the runner's pause to whoever was to move. The games
// in flight are void, said so, and played again; each is recorded once and
// none is lost on time. With the live dashboard (--web) as without.
func TestStoppedRunnerChargesNoEngine(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	for _, tc := range []struct {
		name  string
		args  []string
		env   []string
		group bool // stop the whole process group, as Ctrl-Z does
		void  bool // the games in flight are void: they were played in the stopped process
	}{
		{"one process", nil, []string{"GOMAXPROCS=1"}, false, true},
		{"with --web", []string{"--web", fmt.Sprint(freePort(t))}, nil, false, true},
		// The games are played in the slot processes, process groups of
		// their own, which play on: nothing is void, nothing charged.
		{"slot processes' parent", []string{"--slot-processes"}, nil, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pgnPath := filepath.Join(t.TempDir(), "p.pgn")
			args := append(append([]string{"match", "--verbose", "--pgnout", pgnPath}, pauseMatch...), tc.args...)
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), tc.env...)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a job of its own, like a shell's
			var out, stderr proctest.Output
			cmd.Stdout, cmd.Stderr = &out, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
			pauseFor(t, cmd.Process.Pid, 2*time.Second, tc.group, func() bool {
				said := out.String()
				return strings.Contains(said, "Started game 1 ") && strings.Contains(said, "Started game 2 ")
			})
			if err := cmd.Wait(); err != nil {
				t.Fatalf("the run: %v\n%s\n%s", err, out.String(), stderr.String())
			}
			said := out.String()
			void := regexp.MustCompile(`game \d void: autoplay itself was paused for \d+\.\d s \(stopped by a signal`).MatchString(said) && strings.Contains(said, "played again")
			if tc.void && !void {
				t.Errorf("no word that the games were void and played again:\n%s", said)
			}
			checkEachGameOnceNotOnTime(t, pgnPath, 2)
		})
	}
}

// A stop too short to void every game in flight by the heartbeat alone
// (2 s, where a beat must be 3 s late), yet longer than a move's 0.1 s
// and its 1 s margin: the game's flag falls at once on the resume, before
// the watcher has counted the SIGCONT. The game waits for the watcher's
// beats before it charges the forfeit, and finds the game void. (With a
// 0.2 s margin and a 0.45 s stop, stockfish starved on a busy machine took
// 379 ms for a move of the replayed game and rightly lost it on time.)
func TestBrieflyStoppedRunnerChargesNoEngine(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	pgnPath := filepath.Join(t.TempDir(), "b.pgn")
	cmd := exec.Command(bin, "match", "--verbose", "--pgnout", pgnPath,
		"--engine", "cmd="+stockfish+" name=a option.Hash=4 option.Threads=1",
		"--engine", "cmd="+stockfish+" name=b option.Hash=4 option.Threads=1",
		"--each", "st=0.1 nodes=20000 timemargin=1000", "--games", "2", "--maxmoves", "12", "--concurrency", "2")
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1") // one process
	var out, stderr proctest.Output
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	pauseFor(t, cmd.Process.Pid, 2*time.Second, false, func() bool {
		said := out.String()
		return strings.Contains(said, "Started game 1 ") && strings.Contains(said, "Started game 2 ")
	})
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the run: %v\n%s\n%s", err, out.String(), stderr.String())
	}
	if said := out.String(); !strings.Contains(said, "(stopped by a signal") || !strings.Contains(said, "played again") {
		t.Errorf("no word that the games were void and played again:\n%s", said)
	}
	checkEachGameOnceNotOnTime(t, pgnPath, 2)
	if t.Failed() {
		t.Logf("output:\n%s", out.String())
	}
}

// A worker of a real fleet stopped by SIGSTOP in the middle of its two
// games: they are void, played again, and recorded once by the
// coordinator, none lost on time.
func TestStoppedWorkerChargesNoEngine(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	pgnPath := filepath.Join(dir, "games.pgn")
	coord := exec.Command(bin, append([]string{"match", "--serve", strings.TrimPrefix(url, "nats://"), "--ack-wait", "10s", "--pgnout", pgnPath}, pauseMatch...)...)
	var coordOut, coordErr proctest.Output
	coord.Stdout, coord.Stderr = &coordOut, &coordErr
	if err := coord.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { coord.Process.Kill() })
	proctest.WaitUntil(t, "the coordinator serves", func() bool { return strings.Contains(coordErr.String(), "Serving NATS at") })
	w := exec.Command(bin, "worker", "--nats", url, "--ack-wait", "10s", "--concurrency", "2",
		"--engine", "name=a cmd="+stockfish, "--engine", "name=b cmd="+stockfish)
	var log proctest.Output
	w.Stderr = &log
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Process.Kill() })
	pauseFor(t, w.Process.Pid, 2*time.Second, false, func() bool { return len(beganRe.FindAllString(log.String(), -1)) == 2 })
	if err := coord.Wait(); err != nil {
		t.Fatalf("coordinator: %v\n%s\n%s\nworker:\n%s", err, coordOut.String(), coordErr.String(), log.String())
	}
	w.Process.Signal(syscall.SIGINT)
	w.Wait()
	if said := log.String(); !strings.Contains(said, "void: autoplay itself was paused") || !strings.Contains(said, "played again") {
		t.Errorf("the worker did not say its games were void and played again:\n%s", said)
	}
	checkEachGameOnceNotOnTime(t, pgnPath, 2)
}

// The runner frozen without a signal, as a frozen VM or a sleeping laptop
// freezes it: every thread of it held still (ptrace's interrupt, resumed
// without any signal, so no SIGCONT tells it) while its engines think on.
// Only its late heartbeat tells it: the games in flight are void, said so,
// played again, each recorded once, none lost on time.
func TestFrozenRunnerChargesNoEngine(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	pgnPath := filepath.Join(t.TempDir(), "f.pgn")
	cmd := exec.Command(bin, append([]string{"match", "--verbose", "--pgnout", pgnPath}, pauseMatch...)...)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1") // one process
	var out, stderr proctest.Output
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	proctest.WaitUntil(t, "both games to begin", func() bool {
		said := out.String()
		return strings.Contains(said, "Started game 1 ") && strings.Contains(said, "Started game 2 ")
	})
	proctest.WaitUntil(t, "the engines to search", func() bool {
		if ended(cmd.Process.Pid) {
			t.Fatalf("the run ended before it could be frozen:\n%s\n%s", out.String(), stderr.String())
		}
		return searchTicks(descendantsOf(cmd.Process.Pid)) >= 10
	})
	freeze(t, cmd.Process.Pid, 2*time.Second)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the run: %v\n%s\n%s", err, out.String(), stderr.String())
	}
	said := out.String()
	if !regexp.MustCompile(`game \d void: autoplay itself was paused for \d+\.\d s \(a frozen VM`).MatchString(said) || !strings.Contains(said, "played again") {
		t.Errorf("no word that the games were void and played again:\n%s", said)
	}
	checkEachGameOnceNotOnTime(t, pgnPath, 2)
}

// freeze holds every thread of process pid still for d, as a frozen VM
// would: each is seized and interrupted by ptrace, then let go without a
// signal. A thread started while others were being stopped is found on
// the next look at the process's tasks; once all are stopped none starts.
func freeze(t *testing.T, pid int, d time.Duration) {
	t.Helper()
	runtime.LockOSThread() // ptrace answers to the thread that attached
	defer runtime.UnlockOSThread()
	held := map[int]bool{}
	defer func() {
		for tid := range held {
			unix.PtraceDetach(tid)
		}
	}()
	for {
		tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
		if err != nil {
			t.Fatalf("the runner's threads: %v", err)
		}
		more := false
		for _, task := range tasks {
			tid, _ := strconv.Atoi(task.Name())
			if held[tid] {
				continue
			}
			more = true
			if err := unix.PtraceSeize(tid); err != nil {
				t.Skipf("ptrace is not allowed here: %v", err)
			}
			held[tid] = true
			if err := unix.PtraceInterrupt(tid); err != nil {
				t.Fatalf("interrupt thread %d: %v", tid, err)
			}
			var ws unix.WaitStatus
			if _, err := unix.Wait4(tid, &ws, unix.WALL, nil); err != nil {
				t.Fatalf("wait for thread %d: %v", tid, err)
			}
		}
		if !more {
			break
		}
	}
	time.Sleep(d)
}
