package enginehost

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/spec"
)

// decoder turns one output line an engine wrote (out, without its line
// end) into an event for the game loop. It runs on the reader goroutine
// and may keep state there (the last info); it returns false for lines the
// game loop need not see.
type decoder interface {
	decode(out []byte, ev *Event) bool
}

// maxOutputLine bounds one line of engine output; longer lines are cut, not
// buffered, so a flooding engine cannot make the runner grow without limit.
const maxOutputLine = 64 << 10

// cutReporter is a decoder that is told of each line cut for its length:
// its start (cutShown bytes) and its whole size, line end included. A game's
// decoders are not: the cut line is in the I/O log, and the game goes on.
type cutReporter interface {
	cutLine(start []byte, size int, ev *Event) bool
}

// bigReader is a decoder that reads with a buffer of its own size: a raw
// session, one engine at a time, that may be flooded with lines.
type bigReader interface {
	readSize() int
}

// cutShown is how much of a cut line a cutReporter is given.
const cutShown = 1 << 10

// readBuffer is what each engine's reader holds: lines are short (an info
// line is about 200 bytes, one with a 40-move PV about 350), and with
// hundreds of engines a bigger buffer each was much of the runner's
// memory. Longer lines are gathered apart, in a buffer kept for the next.
const readBuffer = 1 << 10

// eventRoom is how many events an engine's reader may be ahead of its game
// loop. Info lines are not events (the decoder keeps the last), so a search
// makes one (its move); the handshake's option lines are read as they come.
// An Event is 184 bytes on 64-bit machines: with 512 engines, room for 16
// each was 1.5 MB, room for 4 is 377 kB.
const eventRoom = 4

// process is one running engine as the host reads it: the child process
// (in a group of its own, reaped by runner/internal/proc) and the goroutine
// that reads its stdout into events. Its owner must call close.
type process struct {
	name    string
	os      *proc.Process
	stdin   *proc.RawPipe
	events  chan Event      // closed by the reader after KindExit
	closing chan struct{}   // closed by close: the reader stops delivering
	exited  <-chan struct{} // closed once the engine's own process has exited
	once    sync.Once
	lines   atomic.Int64 // lines read so far: a sign of life even when none is an event
	// unanswered counts the searches asked for (go, go ponder) and not yet
	// answered by a move: the reader takes one off at each move it reads.
	// One still open when a game ends is stopped before the next (settle).
	unanswered atomic.Int32

	// politeSignal, when set, is sent before SIGKILL to an engine that does
	// not quit in time (an XBoard engine may ask for SIGTERM).
	politeSignal syscall.Signal

	log *IOLog
}

// startProcess starts the engine's command, its stdout read line by line
// through dec into the events channel and its stderr copied, line by line,
// to the log.
func startProcess(cfg *spec.EngineConfig, dec decoder, log *IOLog, cpus *proc.CPUSet) (*process, error) {
	p := &process{
		name:    cfg.Name,
		events:  make(chan Event, eventRoom),
		closing: make(chan struct{}),
		log:     log,
	}
	readDone := make(chan struct{})
	// The child's notes may come (from its exit) before its name has its pid.
	var noteName atomic.Pointer[string]
	noteName.Store(&cfg.Name)
	c := proc.Command{Path: cfg.Cmd, Args: cfg.Args, Dir: cfg.Dir, CPUs: cpus, OutputRead: readDone,
		Note: func(s string) { p.log.Note(*noteName.Load(), s) }}
	var sl *stderrLog
	if log != nil {
		sl = newStderrLog(log, cfg.Name)
		c.Stderr = sl
	}
	if cfg.StderrFile != "" {
		// The child gets the file itself; our copy closes once it started.
		f, err := os.OpenFile(cfg.StderrFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("stderr: %w", err)
		}
		defer f.Close()
		c.Stderr, sl = f, nil
	}
	child, err := proc.Start(c)
	if err != nil {
		return nil, fmt.Errorf("engine %s: cannot start %s: %w", cfg.Name, cfg.Cmd, err)
	}
	p.os, p.stdin, p.exited = child, child.Stdin, child.Exited()
	name := fmt.Sprintf("%s(%d)", cfg.Name, child.Pid())
	p.name = name
	noteName.Store(&name)
	if sl != nil {
		sl.name.Store(&name)
	}
	go p.read(dec, child.Stdout, readDone)
	return p, nil
}

// read delivers the engine's lines until its stdout closes (or is closed
// on our side), then an KindExit.
func (p *process) read(dec decoder, stdout *proc.RawPipe, readDone chan<- struct{}) {
	defer proc.KillOnPanic()
	defer close(readDone)
	size := readBuffer
	if b, ok := dec.(bigReader); ok {
		size = b.readSize()
	}
	br := bufio.NewReaderSize(stdout, size)
	var long []byte // a out longer than the buffer, gathered
	// One event for the reader's life: decode takes it through an
	// interface, so a fresh one per out would be a heap allocation per out.
	ev := new(Event)
	for {
		out, err := br.ReadSlice('\n')
		at := time.Now()
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long[:0], out...)
			for errors.Is(err, bufio.ErrBufferFull) && len(long) <= maxOutputLine {
				out, err = br.ReadSlice('\n')
				long = append(long, out...)
			}
			if len(long) > maxOutputLine {
				p.log.Traffic(p.name, '<', append(long[:200:200], " ...[out cut]"...))
				size := len(long)
				if errors.Is(err, bufio.ErrBufferFull) {
					size += p.skipRestOfLine(br)
				}
				if cr, ok := dec.(cutReporter); ok {
					*ev = Event{}
					if cr.cutLine(long[:cutShown], size, ev) {
						ev.At = at
						p.deliver(*ev)
					}
				}
				long = nil
				continue
			}
			out = long
			if cap(long) > 4*readBuffer {
				long = nil // a rare long out: its buffer is not kept for the engine's life
			}
		}
		out = bytes.TrimRight(out, "\r\n")
		if len(out) > 0 {
			p.lines.Add(1)
			p.log.Traffic(p.name, '<', out)
			*ev = Event{}
			if dec.decode(out, ev) {
				ev.At = at
				if ev.Kind == KindMove || ev.Kind == KindBadMove {
					p.answered()
				}
				p.deliver(*ev)
			}
		}
		if err != nil {
			break
		}
	}
	p.deliver(Event{Kind: KindExit, At: time.Now()})
	close(p.events)
}

func (p *process) skipRestOfLine(br *bufio.Reader) (skipped int) {
	for {
		out, err := br.ReadSlice('\n')
		skipped += len(out)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return skipped
		}
	}
}

// answered takes a search off the unanswered count, which a move out of
// turn or a late one leaves at 0.
func (p *process) answered() {
	for {
		n := p.unanswered.Load()
		if n <= 0 || p.unanswered.CompareAndSwap(n, n-1) {
			return
		}
	}
}

// deliver hands an event to the game loop unless the process is being closed.
func (p *process) deliver(ev Event) {
	select {
	case p.events <- ev:
	case <-p.closing:
	}
}

// write sends bytes to the engine's stdin in one write.
func (p *process) write(b []byte) error {
	p.log.Traffic(p.name, '>', b)
	_, err := p.stdin.Write(b)
	return err
}

// close asks the engine to quit with quitCmd, waits up to grace for it to
// exit, then kills its process group, and returns once it is reaped.
func (p *process) close(quitCmd []byte, grace time.Duration) {
	p.once.Do(func() { p.shutdown(quitCmd, grace) })
}

func (p *process) shutdown(quitCmd []byte, grace time.Duration) {
	select {
	case <-p.exited:
	default:
		if quitCmd != nil {
			p.write(quitCmd)
		}
	}
	p.stdin.Close()
	close(p.closing)
	p.os.Stop(grace, p.politeSignal)
}

// kill ends the engine and its descendants at once and reaps it.
func (p *process) kill() {
	p.close(nil, 0)
}

// signal sends sig to the engine's own process (XBoard engines may ask for SIGINT).
func (p *process) signal(sig os.Signal) { p.os.Signal(sig) }
