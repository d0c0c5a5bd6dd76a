package proctest

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// Writers on several goroutines and a reader while they write: under
// -race, an Output without its lock fails here.
func TestOutputTakesConcurrentWritersAndReaders(t *testing.T) {
	var out Output
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				fmt.Fprintf(&out, "writer %d line %d\n", w, i)
			}
		}()
	}
	for range 20 {
		_ = out.String()
	}
	wg.Wait()
	if n := strings.Count(out.String(), "\n"); n != 400 {
		t.Errorf("%d lines, want 400", n)
	}
}
