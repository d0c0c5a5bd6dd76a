package main

import (
	"bytes"
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

// slotsOf lists the slot processes of a run and, for each, its engines.
func slotsOf(pid int) map[int][]int {
	slots := map[int][]int{}
	for _, kid := range childrenOf(pid) {
		cmdline, _ := os.ReadFile("/proc/" + strconv.Itoa(kid) + "/cmdline")
		if args := bytes.Split(cmdline, []byte{0}); len(args) > 1 && string(args[1]) == "slot" {
			slots[kid] = childrenOf(kid)
		}
	}
	return slots
}

// twoSlotsRunning waits for a run's two slot processes and their engines.
func twoSlotsRunning(t *testing.T, pid int) map[int][]int {
	var slots map[int][]int
	proctest.WaitUntil(t, "two slot processes with their engines", func() bool {
		slots = slotsOf(pid)
		engines := 0
		for _, e := range slots {
			engines += len(e)
		}
		return len(slots) == 2 && engines == 4
	})
	return slots
}

// cpuTicks is the CPU time the processes have used so far, in clock ticks
// (utime + stime of /proc/PID/stat).
func cpuTicks(pids []int) int {
	total := 0
	for _, pid := range pids {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			continue
		}
		// Fields after the command name: state is the first, utime the 12th.
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		for _, f := range fields[11:13] {
			n, _ := strconv.Atoi(f)
			total += n
		}
	}
	return total
}

func cpusAllowed(t *testing.T, pid int) string {
	status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("no Cpus_allowed_list for %d", pid)
	return ""
}

// With --slot-processes each game slot runs in a process of its own, its
// engines its children (pinned with it under --affinity), and the run
// records the same games, move for move, as without.
func TestSlotProcessesPlayTheSameGames(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	args := func(pgn string) []string {
		return []string{"match", "--engine", "cmd=" + stockfish + " name=a option.Hash=4 option.Threads=1",
			"--engine", "cmd=" + stockfish + " name=b option.Hash=4 option.Threads=1",
			"--each", "nodes=300", "--games", "6", "--concurrency", "2", "--maxmoves", "40", "--pgnout", filepath.Join(dir, pgn)}
	}
	if out, err := exec.Command(bin, args("plain.pgn")...).CombinedOutput(); err != nil {
		t.Fatalf("plain run: %v\n%s", err, out)
	}

	cmd := exec.Command(bin, append(args("slots.pgn"), "--slot-processes", "--affinity")...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	seen := twoSlotsRunning(t, cmd.Process.Pid)
	if len(childrenOf(cmd.Process.Pid)) != 2 {
		t.Errorf("the run itself started processes besides its slots: %v", childrenOf(cmd.Process.Pid))
	}
	pinned := map[string]bool{}
	for slot, engines := range seen {
		cpus := cpusAllowed(t, slot)
		pinned[cpus] = true
		for _, e := range engines {
			if got := cpusAllowed(t, e); got != cpus && got != "" {
				t.Errorf("engine %d on CPUs %s, its slot process %d on %s", e, got, slot, cpus)
			}
		}
	}
	if len(pinned) != 2 {
		t.Errorf("the two slots share CPUs: %v", pinned)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("slot run: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	for slot, engines := range seen {
		for _, pid := range append(engines, slot) {
			if alive(pid) {
				t.Errorf("process %d outlived the run", pid)
			}
		}
	}
	want, got := gameList(t, filepath.Join(dir, "plain.pgn")), gameList(t, filepath.Join(dir, "slots.pgn"))
	if len(got) != 6 {
		t.Fatalf("%d games recorded with slot processes, want 6", len(got))
	}
	for round, g := range want {
		if got[round] != g {
			t.Errorf("round %s differs:\nslots %s\nplain %s", round, got[round], g)
		}
	}
	if !strings.Contains(stdout.String(), "Score of a vs b: ") {
		t.Errorf("no score line:\n%s", stdout.String())
	}
}

// Ctrl-C stops a run with slot processes as it stops any run: the games
// finished are recorded whole, the one in play is not, and no slot
// process or engine is left.
func TestSlotProcessesStopOnCtrlC(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	pgnPath := filepath.Join(t.TempDir(), "int.pgn")
	cmd := exec.Command(bin, "match", "--slot-processes",
		"--engine", "cmd="+stockfish+" name=a option.Hash=4",
		"--engine", "cmd="+stockfish+" name=b option.Hash=4",
		"--each", "nodes=20000", "--games", "50", "--concurrency", "2", "--maxmoves", "6", "--pgnout", pgnPath)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	proctest.WaitUntil(t, "a finished game", func() bool {
		b, _ := os.ReadFile(pgnPath)
		return bytes.Contains(b, []byte("[Event "))
	})
	var all []int
	for slot, engines := range slotsOf(cmd.Process.Pid) {
		all = append(append(all, slot), engines...)
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if code := exitCodeOf(err); code != 130 {
		t.Fatalf("exit code %d (%v), want 130\n%s\n%s", code, err, stdout.String(), stderr.String())
	}
	b, _ := os.ReadFile(pgnPath)
	if games, finished := bytes.Count(b, []byte("[Event ")), strings.Count(stdout.String(), "Finished game"); games != finished || games == 0 {
		t.Errorf("%d games in the PGN, %d reported finished", games, finished)
	}
	if len(all) < 6 {
		t.Errorf("saw %d slot and engine processes, want 2 slots and 4 engines", len(all))
	}
	for _, pid := range all {
		if alive(pid) {
			t.Errorf("process %d outlived the run", pid)
		}
	}
}

// A slot process killed in the middle of the run is replaced as a crashed
// engine is: its game is played again by a fresh slot process, nothing of
// it recorded or charged, and the run ends with every game once; the
// killed slot's engines do not outlive it.
func TestKilledSlotProcessIsReplaced(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	pgnPath := filepath.Join(t.TempDir(), "k.pgn")
	cmd := exec.Command(bin, "match", "--slot-processes",
		"--engine", "cmd="+stockfish+" name=a option.Hash=4",
		"--engine", "cmd="+stockfish+" name=b option.Hash=4",
		"--each", "nodes=20000", "--games", "6", "--maxmoves", "30", "--concurrency", "2", "--pgnout", pgnPath)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	slots := twoSlotsRunning(t, cmd.Process.Pid)
	var victim int
	var killed []int
	for slot, engines := range slots {
		victim, killed = slot, append([]int{slot}, engines...)
		break
	}
	syscall.Kill(victim, syscall.SIGKILL)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the run with a killed slot process: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String()+stderr.String(), "signal: killed") || !strings.Contains(stdout.String()+stderr.String(), "started again") {
		t.Errorf("no warning naming the killed slot process and its replacement:\n%s\n%s", stdout.String(), stderr.String())
	}
	b, _ := os.ReadFile(pgnPath)
	rounds := map[string]bool{}
	for _, m := range regexp.MustCompile(`\[Round "(\d+)"\]`).FindAllStringSubmatch(string(b), -1) {
		if rounds[m[1]] {
			t.Errorf("game %s recorded twice", m[1])
		}
		rounds[m[1]] = true
	}
	if len(rounds) != 6 || strings.Contains(string(b), "disconnects") || strings.Contains(string(b), "stalls") {
		t.Errorf("%d games, or one charged for the slot's death:\n%s", len(rounds), b)
	}
	for _, pid := range killed {
		if alive(pid) {
			t.Errorf("process %d outlived its slot", pid)
		}
	}
}

// An engine that cannot start is the run's error before any game, with
// slot processes as without: they do not play until every engine started.
func TestSlotProcessesCheckTheEnginesFirst(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	pgnPath := filepath.Join(t.TempDir(), "e.pgn")
	out, err := exec.Command(bin, "match", "--slot-processes",
		"--engine", "cmd=/bin/false name=bad", "--engine", "cmd="+stockfish+" name=b",
		"--each", "nodes=100", "--games", "4", "--concurrency", "2", "--pgnout", pgnPath).CombinedOutput()
	if exitCodeOf(err) != 1 || !strings.Contains(string(out), "engine bad: handshake") {
		t.Fatalf("exit %d, want 1 with the engine's failure:\n%s", exitCodeOf(err), out)
	}
	if b, _ := os.ReadFile(pgnPath); len(b) != 0 || strings.Contains(string(out), "Finished game") {
		t.Errorf("games were played:\n%s\n%s", out, b)
	}
}

// A slot process stopped by a signal (SIGSTOP) in the middle of a game for
// longer than any move may take: its engines think on, but its clocks run
// on while it cannot hear them. No engine is charged for the runner's
// pause: the game is void, said so, and played again; every game is
// recorded once and none is lost on time.
func TestStoppedSlotProcessChargesNoEngine(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	pgnPath := filepath.Join(t.TempDir(), "s.pgn")
	cmd := exec.Command(bin, "match", "--slot-processes",
		"--engine", "cmd="+stockfish+" name=a option.Hash=4 option.Threads=1",
		"--engine", "cmd="+stockfish+" name=b option.Hash=4 option.Threads=1",
		// A margin of 1.5 s: stockfish at st=0.1 on a busy machine can overrun
		// 100 ms by itself, and this test is about the slot's 3 s stop.
		"--each", "st=0.1 timemargin=1500", "--games", "4", "--maxmoves", "12", "--concurrency", "2", "--pgnout", pgnPath, "--verbose")
	var out, stderr proctest.Output
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	slots := twoSlotsRunning(t, cmd.Process.Pid)
	var victim int
	for slot := range slots {
		victim = slot
		break
	}
	// Into the first game for sure, however busy the machine: both games
	// have begun, and the victim's engines have since searched for one
	// move's time (their start-up, before the games, does not count).
	proctest.WaitUntil(t, "the first two games to begin", func() bool {
		said := out.String()
		return strings.Contains(said, "Started game 1 ") && strings.Contains(said, "Started game 2 ")
	})
	before := cpuTicks(slots[victim])
	proctest.WaitUntil(t, "the victim's engines to search", func() bool { return cpuTicks(slots[victim]) >= before+20 })
	syscall.Kill(victim, syscall.SIGSTOP)
	time.Sleep(3 * time.Second) // thirty moves' time, and twice the time margin
	syscall.Kill(victim, syscall.SIGCONT)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the run with a stopped slot process: %v\n%s\n%s", err, out.String(), stderr.String())
	}
	if said := out.String() + stderr.String(); !strings.Contains(said, "was stopped by a signal during game") || !strings.Contains(said, "played again") {
		t.Errorf("no warning that a game was void and played again:\n%s\n%s", out.String(), stderr.String())
	}
	b, _ := os.ReadFile(pgnPath)
	rounds := map[string]bool{}
	for _, m := range regexp.MustCompile(`\[Round "(\d+)"\]`).FindAllStringSubmatch(string(b), -1) {
		if rounds[m[1]] {
			t.Errorf("game %s recorded twice", m[1])
		}
		rounds[m[1]] = true
	}
	if len(rounds) != 4 || strings.Contains(string(b), "on time") || strings.Contains(string(b), "stalls") {
		t.Errorf("%d games, or an engine charged for the slot's pause:\n%s", len(rounds), b)
	}
}
