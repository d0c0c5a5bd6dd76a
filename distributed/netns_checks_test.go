package distributed

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// finish waits for the run to end and checks what it left: the local run's
// games, each once; the streams on every server; no autoplay process;
// plain words from every host.
func (f *fleet) finish(want map[string]string) {
	t := f.t
	if !f.coord.wait(4 * time.Minute) {
		t.Fatalf("the run did not end (%d games recorded)", f.recorded())
	}
	if f.coord.err != nil {
		t.Fatalf("the coordinator: %v", f.coord.err)
	}
	got := proctest.GamesByRound(t, f.pgn) // fails on a game recorded twice
	proctest.SameGames(t, want, got)
	for _, h := range f.serverHosts {
		for _, stream := range []string{jobsStream, resultsStream, "KV_" + runsBucket} {
			if _, err := os.Stat(filepath.Join(f.dir, h.name, "jetstream", "$G", "streams", stream)); err != nil {
				held, _ := filepath.Glob(filepath.Join(f.dir, h.name, "jetstream", "*", "streams", "*"))
				t.Errorf("server %s keeps no copy of %s: %v (it has %v)", h.name, stream, err, held)
			}
		}
	}
	for _, w := range f.workers {
		select {
		case <-w.exited:
			continue // killed by the scenario
		default:
		}
		w.cmd.Process.Signal(os.Interrupt)
		if !w.wait(time.Minute) {
			t.Errorf("%s did not stop on SIGINT", w.name)
		}
	}
	proctest.WaitUntil(t, "no autoplay process left (workers, engines)", func() bool { return len(proctest.Running(f.bin)) == 0 })
	plays := map[string]int{}
	for _, p := range append([]*hostProc{f.coord}, f.workers...) {
		f.plainWords(p)
		for _, m := range fleetGameBegun.FindAllStringSubmatch(p.out.String(), -1) {
			plays[m[1]]++
		}
	}
	var again []string
	for game, n := range plays {
		if n > 1 {
			again = append(again, fmt.Sprintf("%s (%d times)", game, n))
		}
	}
	sort.Strings(again)
	if len(again) > 0 && !f.killed {
		t.Errorf("games begun more than once where no worker was killed: %v", again)
	}
	t.Logf("%d games recorded as the local run's; begun more than once (a worker killed under them): %v", len(got), again)
}

var fleetGameBegun = regexp.MustCompile(`slot \d+: run \S+ game (\d+)\n`)

// showOnFailure logs what every host printed, if the test fails.
func (f *fleet) showOnFailure() {
	f.t.Cleanup(func() {
		if f.t.Failed() {
			for _, p := range append(append(append([]*hostProc{f.coord}, f.workers...), f.servers...), f.restarted...) {
				f.t.Logf("--- %s:\n%s", p.name, tail(p.out.String(), 60))
			}
		}
	})
}

// plainWords fails the test where p's output has a panic or a stack, or
// says one thing over and over (a retry loop that gives no reason to stop
// it): a line, its numbers and times aside, more than 5 times, games' own
// lines aside.
func (f *fleet) plainWords(p *hostProc) {
	out := p.out.String()
	for _, bad := range []string{"panic", "goroutine "} {
		if strings.Contains(out, bad) {
			f.t.Errorf("%s printed %q:\n%s", p.name, bad, tail(out, 40))
		}
	}
	said := map[string]int{}
	for _, line := range strings.Split(out, "\n") {
		if fleetGameLine.MatchString(line) {
			continue
		}
		said[digits.ReplaceAllString(line, "#")]++
	}
	for line, n := range said {
		if n > 5 && strings.TrimSpace(line) != "" {
			f.t.Errorf("%s said %d times: %s", p.name, n, line)
		}
	}
}

var (
	// fleetGameLine: a worker's line for a game it begins or publishes,
	// and the coordinator's progress (one a game).
	fleetGameLine = regexp.MustCompile(`slot \d+: run \S+ game \d+$|run \S+ game \d+: result published|^(Started|Finished) game|^Score of|^Elo|^Ptnml|^LLR|^Games:|^Results|^Timing`)
	digits        = regexp.MustCompile(`[0-9a-f]*[0-9][0-9a-f]*`)
)

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
