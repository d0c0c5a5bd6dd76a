package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// cancelAtFirstGame is a Printer that ends the run once its first game
// starts: the preflight is then over.
type cancelAtFirstGame struct{ cancel context.CancelFunc }

func (c cancelAtFirstGame) Started(int, int, string, string)     { c.cancel() }
func (c cancelAtFirstGame) Finished(*record.GameRecord, *Result) {}
func (c cancelAtFirstGame) Warn(string)                          {}
func (c cancelAtFirstGame) Final(*Result)                        {}

// ownChildrenSeen lists this process's children that were alive at one
// moment, each as its pid, state and command line: what a test prints
// when there are too many. The kernel lists children per thread, so one
// pass is no snapshot: on a busy machine, an engine read in one thread's
// list could quit and its successor start before the next list was read,
// and the pass counted both (5 of 4, once at load 20). A child is counted
// only when it is in two passes and is no zombie after the second: alive
// from the end of the first to the start of the second, with all the
// others. (A quit engine not yet reaped holds no descriptor and no
// memory, and on a busy machine lingers a moment as the next starts.)
func ownChildrenSeen() []string {
	before := map[string]bool{}
	for _, pid := range ownChildPids() {
		before[pid] = true
	}
	var seen []string
	for _, pid := range ownChildPids() {
		if !before[pid] {
			continue
		}
		before[pid] = false // a child reparented between threads is listed twice
		stat, err := os.ReadFile("/proc/" + pid + "/stat")
		if err != nil {
			continue // gone
		}
		i := strings.LastIndexByte(string(stat), ')')
		if i >= 0 && strings.HasPrefix(string(stat[i+1:]), " Z") {
			continue
		}
		cmdline, _ := os.ReadFile("/proc/" + pid + "/cmdline")
		seen = append(seen, pid+" "+strings.Fields(string(stat[i+1:]) + " ?")[0]+" "+strings.ReplaceAll(string(cmdline), "\x00", " "))
	}
	return seen
}

// ownChildPids reads the pids of this process's children, every thread's.
func ownChildPids() []string {
	files, _ := filepath.Glob("/proc/self/task/*/children")
	var pids []string
	for _, f := range files {
		b, _ := os.ReadFile(f)
		pids = append(pids, strings.Fields(string(b))...)
	}
	return pids
}

// A big gauntlet's preflight starts each distinct engine once, a few at a
// time, and quits each as soon as its check is done: 3,000 entries held 414
// engine processes and 1,677 descriptors at once when every checked engine
// was kept until the last had started. Here 120 entries of misengine are 40
// distinct starts (a seed each), each given three times under three names.
func TestPreflightStartsEachDistinctEngineOnceAFewAtATime(t *testing.T) {
	mis := misengine(t)
	stderr := filepath.Join(t.TempDir(), "stderr.txt")
	const distinct, copies = 40, 3
	var engines []spec.EngineConfig
	for c := range copies {
		for i := range distinct {
			engines = append(engines, engineSpec(t, fmt.Sprintf("cmd=%s name=e%d-%d arg=-stderr arg=-seed=%d nodes=1 stderr=%s", mis, i, c, i+1, stderr)))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var peak atomic.Int64
	var peakSeen []string // read after watch.Wait
	done := make(chan struct{})
	var watch sync.WaitGroup
	watch.Add(1)
	go func() {
		defer watch.Done()
		for {
			if seen := ownChildrenSeen(); int64(len(seen)) > peak.Load() {
				peak.Store(int64(len(seen)))
				peakSeen = seen
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	cfg := spec.Config{Engines: engines, Schedule: spec.Schedule{Type: spec.TypeGauntlet, Games: 2}, Outputs: spec.Outputs{PGNOut: filepath.Join(t.TempDir(), "games.pgn")}}
	res, err := Run(ctx, cfg, Options{Printer: cancelAtFirstGame{cancel}})
	close(done)
	watch.Wait()
	if err != nil || res == nil || !res.Interrupted {
		t.Fatalf("the run: %v (%+v)", err, res)
	}
	checkNoLeaks(t)
	out, _ := os.ReadFile(stderr)
	if starts := strings.Count(string(out), "stderr line at start"); starts != distinct {
		t.Errorf("%d engine processes started for %d distinct engines (%d entries)", starts, distinct, len(engines))
	}
	// The first game's two engines, kept for it, and those being checked.
	if limit := int64(2 + startsAtOnce()); peak.Load() > limit {
		t.Errorf("%d engine processes at once, want at most %d:\n%s", peak.Load(), limit, strings.Join(peakSeen, "\n"))
	}
	t.Logf("peak %d engine processes at once", peak.Load())
}
