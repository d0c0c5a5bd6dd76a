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

// ownChildren counts this process's running children: an engine that has
// quit but is not yet reaped (a zombie) holds no descriptor and no memory,
// and on a busy machine one lingers for a moment while the next starts.
// ownChildrenSeen lists the children that are not zombies, each as its
// pid, state and command line: what a test prints when there are too many.
func ownChildrenSeen() []string {
	files, _ := filepath.Glob("/proc/self/task/*/children")
	var seen []string
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for _, pid := range strings.Fields(string(b)) {
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
	}
	return seen
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
