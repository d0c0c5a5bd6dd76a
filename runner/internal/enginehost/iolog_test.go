package enginehost

import (
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// A log whose reader never reads takes lines without waiting and without
// allocating, drops what its buffer cannot hold, and still closes: the
// write that waits for the reader is ended after logCloseGrace, and the
// lines lost are counted for the user.
func TestIOLogNeverWaitsForItsReader(t *testing.T) {
	r, w, err := os.Pipe() // a pipe nobody reads, as a FIFO whose reader went to sleep
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	// The smallest pipe (a page), so that the log's first batches fill it.
	raw, err := w.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	raw.Control(func(fd uintptr) { syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_SETPIPE_SZ, 4096) })
	var mu sync.Mutex
	var warned []string
	l := NewIOLog(w, IOLogOptions{Buffer: 8 << 10, Warn: func(s string) {
		mu.Lock()
		defer mu.Unlock()
		warned = append(warned, s)
	}})
	line := []byte("info depth 20 seldepth 30 score cp 31 nodes 123456 pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6\n")
	// Far more than the pipe and both buffers hold, in several batches.
	logged := make(chan struct{})
	go func() {
		defer close(logged)
		for range 50 {
			for range 100 {
				l.Traffic("sf(123)", '<', line)
			}
			time.Sleep(logBatch)
		}
	}()
	select {
	case <-logged:
	case <-time.After(20 * time.Second):
		r.Close() // the writes fail, and the lines go on
		<-logged
		t.Fatal("logging a line waited for the log's reader")
	}
	if allocs := testing.AllocsPerRun(1000, func() { l.Traffic("sf(123)", '<', line) }); allocs != 0 {
		t.Errorf("a logged line allocates %.1f times", allocs)
	}
	closed := make(chan error, 1)
	go func() { closed <- l.Close() }()
	select {
	case <-closed:
	case <-time.After(logCloseGrace + 20*time.Second):
		t.Fatal("Close waited for a reader that never reads")
	}
	mu.Lock()
	defer mu.Unlock()
	all := strings.Join(warned, "\n")
	if !strings.Contains(all, "lines are being dropped") || !strings.Contains(all, "lines were not written") {
		t.Errorf("the lines lost were not reported: %q", warned)
	}
}
