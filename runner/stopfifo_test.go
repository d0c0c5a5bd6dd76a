package runner

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// A drop-in run writing its PGN to a FIFO whose reader holds it open and
// never reads ends promptly when stopped: the write waiting for room is
// ended after a few seconds, rather than holding the run for ever.
func TestStoppedRunIsNotHeldByAFIFOItsReaderDoesNotRead(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "games.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	reader, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	raw, err := reader.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	// The smallest pipe (a page): a few games fill it.
	raw.Control(func(fd uintptr) { syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_SETPIPE_SZ, 4096) })
	unread := func() int {
		var n int32
		raw.Control(func(fd uintptr) {
			syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&n)))
		})
		return int(n)
	}
	cfg := quickMatch(t)
	cfg.Games, cfg.PGNOut = 100, fifo
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := Run(ctx, cfg, Options{Out: io.Discard, AppendOnly: true})
		done <- err
	}()
	// Full: a game's PGN (a few hundred bytes, written whole) no longer
	// fits, so nothing is added for a while, though games of 50 nodes a
	// move keep finishing.
	deadline := time.Now().Add(time.Minute)
	for last, since := 0, time.Now(); ; time.Sleep(50 * time.Millisecond) {
		if n := unread(); n != last {
			last, since = n, time.Now()
		}
		if last > 2048 && time.Since(since) > 2*time.Second {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the FIFO holds %d bytes after a minute", last)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Logf("the stopped run: %v", err)
		}
	case <-time.After(30 * time.Second):
		reader.Close() // the write fails, and the run ends
		<-done
		t.Fatal("the run did not end 30 s after it was stopped: it waited for the FIFO's reader")
	}
	checkNoLeaks(t)
}
