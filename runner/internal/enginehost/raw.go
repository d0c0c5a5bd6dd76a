package enginehost

import (
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// Raw is an engine process spoken to line by line with its protocol left
// to the caller (autoplay check's exchanges): started, grouped, logged and
// reaped as an engine of a game is, every line of its output an event.
type Raw struct {
	proc *process
}

// rawDecoder passes every line on as it is.
type rawDecoder struct{}

func (rawDecoder) decode(out []byte, ev *Event) bool {
	ev.Kind, ev.Text = KindRawLine, string(out)
	return true
}

// readSize: a raw session is one engine read at a time, often a flooding
// one (autoplay check): a big buffer reads a flood in fewer system calls.
func (rawDecoder) readSize() int { return 64 << 10 }

// cutLine passes on the start of a line too long to read, with its size
// in N, so that the caller can say so rather than never see it.
func (rawDecoder) cutLine(start []byte, size int, ev *Event) bool {
	ev.Kind, ev.Text, ev.N = KindRawLine, string(start), size
	return true
}

// StartRaw starts cfg's command; nothing is written to it.
func StartRaw(cfg *spec.EngineConfig, log *IOLog) (*Raw, error) {
	proc, err := startProcess(cfg, rawDecoder{}, log, nil)
	if err != nil {
		return nil, err
	}
	return &Raw{proc: proc}, nil
}

// Send writes cmd, whole command lines, in one write.
func (r *Raw) Send(cmd []byte) error {
	if err := r.proc.write(cmd); err != nil {
		return errDisconnected
	}
	return nil
}

// Events are the engine's lines (KindRawLine, with the time each was read; a
// line over the reader's limit as its start, with its size in N), then
// KindExit once its output closes.
func (r *Raw) Events() <-chan Event { return r.proc.events }

// Exited is closed once the engine's own process has exited.
func (r *Raw) Exited() <-chan struct{} { return r.proc.exited }

// Close ends the engine: quit (a command line, or nil) is written, then it
// has grace to exit before its process group is killed; it returns once the
// engine is reaped.
func (r *Raw) Close(quit []byte, grace time.Duration) { r.proc.close(quit, grace) }
