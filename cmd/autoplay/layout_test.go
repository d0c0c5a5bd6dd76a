package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The automatic layout is chosen for the games the run plays at a time:
// its concurrency, or the games left to play when they are fewer (a short
// run, a resumed one), on the CPUs autoplay may use (here set by taskset),
// and --verbose says why.
func TestLayoutIsChosenForTheGamesPlayedAtATime(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	taskset, err := exec.LookPath("taskset")
	if err != nil {
		t.Skip("no taskset")
	}
	cpus := allowedCPUs(t)
	one := strconv.Itoa(cpus[0])
	runnerLine := regexp.MustCompile(`(?m)^Runner: .*$`)
	play := func(cpus string, args ...string) string {
		t.Helper()
		cmd := exec.Command(taskset, append([]string{"-c", cpus, bin, "match", "--verbose", "--each", "nodes=50", "--maxmoves", "4"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", cmd.Args, err, out)
		}
		return runnerLine.FindString(string(out))
	}
	expect := func(got, want string) {
		t.Helper()
		if !strings.HasPrefix(got, want) {
			t.Errorf("got  %q\nwant %q...", got, want)
		}
	}

	expect(play(one, "--games", "2", "--concurrency", "16"),
		"Runner: one process on 1 Go processor (chosen for 2 games at a time on 1 CPU, as only 2 are left to play at concurrency 16: one CPU: nothing to keep apart;")
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	play(one, "--games", "2", "--pgnout", pgn)
	expect(play(one, "--games", "3", "--concurrency", "16", "--pgnout", pgn),
		"Runner: one process on 1 Go processor (chosen for 1 game at a time on 1 CPU, as only 1 is left to play at concurrency 16: one game: one process on one Go processor relays a move soonest;")

	if len(cpus) < 2 {
		t.Log("one CPU: the two-CPU layouts are not checked")
		return
	}
	two := one + "," + strconv.Itoa(cpus[1])
	expect(play(two, "--games", "2", "--concurrency", "16"),
		"Runner: one process on 1 Go processor (chosen for 2 games at a time on 2 CPUs, as only 2 are left to play at concurrency 16: at 2 to 15 games, one process on one Go processor spent the least CPU a move and was never far from the fastest; pinning engines to CPUs slowed the games (bench/layouts.sh);")
	expect(play(two, "--games", "32", "--concurrency", "16"),
		"Runner: one process on 2 Go processors, GOGC 50 (chosen for 16 games at a time on 2 CPUs: from 16 games, a Go processor more per 16 games keeps one descheduled thread from stalling every game;")
	expect(play(two, "--games", "2", "--concurrency", "2", "--slot-processes=false"),
		"Runner: one process on 1 Go processor (as given)")
}

// allowedCPUs lists the CPUs this test may use (its Cpus_allowed_list), so
// that taskset picks among them wherever the test runs.
func allowedCPUs(t *testing.T) []int {
	t.Helper()
	list := cpusAllowed(t, os.Getpid())
	var cpus []int
	for part := range strings.SplitSeq(list, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		if !isRange {
			hi = lo
		}
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil {
			t.Fatalf("Cpus_allowed_list: %q", list)
		}
		for c := a; c <= b; c++ {
			cpus = append(cpus, c)
		}
	}
	return cpus
}
