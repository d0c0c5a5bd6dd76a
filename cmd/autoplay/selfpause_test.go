package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// pauseMatch is a short match of two real stockfish at 1+0.01: a pause of
// two seconds is longer than any move's budget, so that whoever is to move
// when autoplay is stopped would lose on time.
var pauseMatch = []string{
	"--engine", "cmd=" + stockfish + " name=a option.Hash=4 option.Threads=1",
	"--engine", "cmd=" + stockfish + " name=b option.Hash=4 option.Threads=1",
	"--each", "tc=1+0.01", "--games", "2", "--maxmoves", "20", "--concurrency", "2",
}

// pauseFor stops the process pid (SIGSTOP; its whole process group with
// group, as a terminal's Ctrl-Z does) in the middle of its games: both
// games have begun (ready says so) and stockfish's search threads have
// since searched for a tenth of a second of CPU (their start-up, on the
// main thread, does not count). It sleeps two seconds and continues it;
// the engines, in process groups of their own, think on meanwhile.
func pauseFor(t *testing.T, pid int, group bool, ready func() bool) {
	t.Helper()
	proctest.WaitUntil(t, "both games to begin", ready)
	proctest.WaitUntil(t, "the engines to search", func() bool { return searchTicks(descendantsOf(pid)) >= 10 })
	target := pid
	if group {
		target = -pid
	}
	syscall.Kill(target, syscall.SIGSTOP)
	time.Sleep(2 * time.Second) // more than the 1 s game's clock and its margin
	syscall.Kill(target, syscall.SIGCONT)
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
			var out, stderr lockedBuffer
			cmd.Stdout, cmd.Stderr = &out, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
			pauseFor(t, cmd.Process.Pid, tc.group, func() bool {
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
	var coordOut, coordErr lockedBuffer
	coord.Stdout, coord.Stderr = &coordOut, &coordErr
	if err := coord.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { coord.Process.Kill() })
	proctest.WaitUntil(t, "the coordinator serves", func() bool { return strings.Contains(coordErr.String(), "Serving NATS at") })
	w := exec.Command(bin, "worker", "--nats", url, "--ack-wait", "10s", "--concurrency", "2")
	var log lockedBuffer
	w.Stderr = &log
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Process.Kill() })
	pauseFor(t, w.Process.Pid, false, func() bool { return len(beganRe.FindAllString(log.String(), -1)) == 2 })
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
