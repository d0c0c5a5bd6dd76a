package runner

import (
	"context"
	"errors"
	"time"

	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/spec"
)

// RawEngine is an engine spoken to line by line, for tools that test the
// engine itself rather than play it (autoplay check): the runner starts it
// in a process group of its own, reads it, and reaps it with everything it
// started, as it does the engines of a game.
type RawEngine struct {
	raw   *enginehost.Raw
	gone  bool        // its output closed
	timer *time.Timer // Read's, reused: a flood of lines is read one Read each
}

// RawLine is one line the engine wrote and when the runner read it.
type RawLine struct {
	Text string
	At   time.Time
	// Cut is the whole size in bytes of a line too long for the runner to
	// read (over 64 KB), whose first kilobyte Text holds; 0 for a whole line.
	Cut int
}

// ErrEngineGone: the engine closed its output (it exited).
var ErrEngineGone = errors.New("the engine closed its output")

// ErrNoLine: nothing came within the time given.
var ErrNoLine = errors.New("no line in time")

// StartRawEngine starts cfg's command (its cmd, args, dir and stderr file);
// nothing is written to it.
func StartRawEngine(cfg spec.EngineConfig) (*RawEngine, error) {
	raw, err := enginehost.StartRaw(&cfg, nil)
	if err != nil {
		return nil, err
	}
	return &RawEngine{raw: raw}, nil
}

// Send writes cmd, one or more whole command lines, in one write.
func (e *RawEngine) Send(cmd []byte) error { return e.raw.Send(cmd) }

// Read returns the next line, ErrNoLine after timeout, ErrEngineGone once
// the output closed, or ctx's error.
func (e *RawEngine) Read(ctx context.Context, timeout time.Duration) (RawLine, error) {
	if e.gone {
		return RawLine{}, ErrEngineGone
	}
	if e.timer == nil {
		e.timer = time.NewTimer(timeout)
	} else {
		e.timer.Reset(timeout)
	}
	defer e.timer.Stop()
	select {
	case ev, ok := <-e.raw.Events():
		if !ok || ev.Kind == enginehost.KindExit {
			e.gone = true
			return RawLine{}, ErrEngineGone
		}
		return RawLine{Text: ev.Text, At: ev.At, Cut: ev.N}, nil
	case <-e.timer.C:
		return RawLine{}, ErrNoLine
	case <-ctx.Done():
		return RawLine{}, ctx.Err()
	}
}

// WaitExit waits up to timeout for the engine's own process to exit.
func (e *RawEngine) WaitExit(timeout time.Duration) bool {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-e.raw.Exited():
		return true
	case <-timer.C:
		return false
	}
}

// Close ends the engine: quit (a command line, or nil) is written, then it
// has grace to exit before it and its descendants are killed; it returns
// once all are reaped.
func (e *RawEngine) Close(quit []byte, grace time.Duration) { e.raw.Close(quit, grace) }
