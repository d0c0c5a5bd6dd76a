package proctest

import (
	"bytes"
	"sync"
)

// Output collects what several goroutines write (a child's stdout and
// stderr, a run's printer and its workers) and may be read while they
// write: a bytes.Buffer behind a lock.
type Output struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

// String returns everything written so far.
func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String()
}
