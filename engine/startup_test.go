package engine

import (
	"io"
	"runtime"
	"strings"
	"testing"
)

// An engine that answers uci and quits allocates less than the heap's first
// goal (4 MB): past it, the runtime collects garbage at once, and that
// collection was 170 of the 540 page faults of autoplay engine's start.
// The hash table is made when the engine is readied or searches.
func TestEngineAnswersUCIWithoutFillingTheFirstHeap(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := Run(strings.NewReader("uci\nquit\n"), io.Discard, UCI{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got >= 4<<20 {
		t.Errorf("the engine allocated %d kB before its first isready: its hash table is made at start", got>>10)
	}
}
