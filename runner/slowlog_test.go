package runner

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
)

// A --log FIFO whose reader takes a little now and then costs the games no
// time: the log drops lines (and says how many, in the log and in the
// run's output) rather than hold up a move. Writing the log on the move
// path, as before, lost both games on time (seen with the old inline write
// put back: 1 time forfeit each, moves held up 7 s).
func TestSlowLogReaderCostsNoGameTime(t *testing.T) {
	needStockfish(t)
	defer func(size int) { logBuffer = size }(logBuffer)
	logBuffer = 16 << 10
	dir := t.TempDir()
	fifo := filepath.Join(dir, "log.fifo")
	// It reads 512 bytes every 250 ms until both games are in the PGN, then
	// the rest as it comes.
	reader := fifoWithReader(t, fifo)
	pgnPath := filepath.Join(dir, "g.pgn")
	logText := make(chan string, 1)
	go func() {
		defer reader.Close()
		var all []byte
		buf := make([]byte, 512)
		for {
			time.Sleep(250 * time.Millisecond)
			if b, _ := os.ReadFile(pgnPath); strings.Count(string(b), "[Event ") == 2 {
				reader.SetReadDeadline(time.Time{})
				rest, _ := io.ReadAll(reader)
				logText <- string(append(all, rest...))
				return
			}
			reader.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
			n, _ := reader.Read(buf)
			all = append(all, buf[:n]...)
		}
	}()
	cfg := spec.Config{
		Engines: []spec.EngineConfig{
			// Quick moves on a clock with room to spare on a busy machine:
			// only a log that holds up the moves for long costs time.
			engineSpec(t, "cmd="+stockfishPath+" name=a tc=20+0.1 nodes=20000 option.Hash=4 option.Threads=1"),
			engineSpec(t, "cmd="+stockfishPath+" name=b tc=20+0.1 nodes=20000 option.Hash=4 option.Threads=1"),
		},
		Schedule:     spec.Schedule{Games: 2},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Adjudication: spec.Adjudication{MaxMoves: 20},
		Outputs:      spec.Outputs{LogFile: fifo, PGNOut: pgnPath},
	}
	var out proctest.Output
	res, err := Run(context.Background(), cfg, Options{Out: &out})
	var text string
	if err == nil {
		text = <-logText
	}
	checkNoLeaks(t)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Engines {
		if e.TimeForfeits > 0 || e.Stalls > 0 {
			t.Errorf("%s lost %d games on time (%d stalls) while the log was read slowly:\n%s", e.Name, e.TimeForfeits, e.Stalls, out.String())
		}
	}
	if !strings.Contains(text, "lines dropped here: the log's reader did not keep up") {
		t.Errorf("the log does not say that lines were dropped; it ends:\n%s", text[max(0, len(text)-2000):])
	}
	if !strings.Contains(out.String(), "--log "+fifo+": its reader does not keep up") {
		t.Errorf("the run did not say that the log drops lines:\n%s", out.String())
	}
}

// A run whose --log reader holds the FIFO open and never reads ends
// promptly when it is stopped: the log's writer gives up after a few
// seconds instead of holding the run's end.
func TestLogReaderThatNeverReadsDoesNotHoldTheStop(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "log.fifo")
	fifoWithReader(t, fifo)
	defer func(size int) { logBuffer = size }(logBuffer)
	logBuffer = 16 << 10
	pgnPath := filepath.Join(dir, "g.pgn")
	cfg := spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a tc=10+0.1 nodes=20000 option.Hash=4 option.Threads=1"),
			engineSpec(t, "cmd="+stockfishPath+" name=b tc=10+0.1 nodes=20000 option.Hash=4 option.Threads=1"),
		},
		Schedule:     spec.Schedule{Games: 40},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Adjudication: spec.Adjudication{MaxMoves: 8},
		Outputs:      spec.Outputs{LogFile: fifo, PGNOut: pgnPath},
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	var out proctest.Output
	go func() {
		_, err := Run(ctx, cfg, Options{Out: &out})
		done <- err
	}()
	// Past what the pipe and the log's buffer hold (80 KB): a game logs about 30 KB.
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, _ := os.ReadFile(pgnPath)
		if strings.Count(string(b), "[Event ") >= 4 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the run did not end 30 s after it was stopped:\n%s", out.String())
	}
	checkNoLeaks(t)
	if b, _ := os.ReadFile(pgnPath); strings.Count(string(b), "[Event ") < 4 {
		t.Errorf("the games stalled behind the log: %d games in a minute\n%s", strings.Count(string(b), "[Event "), out.String())
	}
	if !strings.Contains(out.String(), "were not written") {
		t.Errorf("the run did not say that the end of the log was lost:\n%s", out.String())
	}
}

// fifoWithReader makes a FIFO at path and opens its read end at once, not
// waiting for a writer (non-blocking): a reader that is there before the
// run. It is closed when the test ends, if not before.
func fifoWithReader(t *testing.T, path string) *os.File {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	reader, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reader.Close() })
	return reader
}
