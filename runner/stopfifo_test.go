package runner

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A drop-in run writing its PGN to a FIFO whose reader holds it open and
// never reads ends promptly when stopped: the write waiting for room is
// ended after a few seconds, rather than holding the run for ever.
func TestStoppedRunIsNotHeldByAFIFOItsReaderDoesNotRead(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "games.fifo")
	reader := fifoWithReader(t, fifo)
	raw, err := reader.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	// The smallest pipe (a page): a few games fill it.
	raw.Control(func(fd uintptr) { syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_SETPIPE_SZ, 4096) })
	var out proctest.Output
	finished := func() int { return strings.Count(out.String(), "Finished game") }
	cfg := quickMatch(t)
	cfg.Games, cfg.PGNOut = 100, fifo
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := Run(ctx, cfg, Options{Out: &out, AppendOnly: true})
		done <- err
	}()
	// Full: a game's PGN (a few hundred bytes, written whole before the
	// game is reported) no longer fits, so no game is reported for a
	// while, though games of 50 nodes a move take a fraction of a second.
	deadline := time.Now().Add(time.Minute)
	for last, since := 0, time.Now(); ; time.Sleep(50 * time.Millisecond) {
		if n := finished(); n != last {
			last, since = n, time.Now()
		}
		if last >= 3 && time.Since(since) > 2*time.Second {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d games reported after a minute", last)
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
