package enginehost

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// decoder turns one line an engine wrote into an event for the game loop. It
// runs on the reader goroutine and may keep state there (the last info);
// it returns false for lines the game loop need not see.
type decoder interface {
	decode(line []byte, ev *Event) bool
}

// maxLine bounds one line of engine output; longer lines are cut, not
// buffered, so a flooding engine cannot make the runner grow without limit.
const maxLine = 64 << 10

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

// orphanGrace is how long the output of an engine whose own process has
// exited is still read: a descendant that keeps the pipe open longer is
// killed with the engine's process group and the pipe is closed on our side.
const orphanGrace = 500 * time.Millisecond

// process is one running engine: its own process group (so a terminal's
// Ctrl-C reaches autoplay alone, and a kill takes the engine's descendants
// too), the goroutine that reads its stdout into events, and what notices
// its exit and reaps it (exitwatch.go). Its owner must call close.
type process struct {
	name    string
	cmd     *exec.Cmd
	pid     int
	stdin   *rawPipe
	stdout  *rawPipe
	events  chan Event    // closed by the reader after KindExit
	closing chan struct{} // closed by close: the reader stops delivering
	exited  chan struct{} // closed once the engine's own process has exited
	done    chan struct{} // closed once it is reaped and its output read to the end
	once    sync.Once
	waitErr error        // the child's exit status, valid after done
	lines   atomic.Int64 // lines read so far: a sign of life even when none is an event

	// politeSignal, when set, is sent before SIGKILL to an engine that does
	// not quit in time (an XBoard engine may ask for SIGTERM).
	politeSignal syscall.Signal

	reapMu sync.Mutex // orders group kills before the reaping of the leader
	reaped bool
	log    *IOLog
}

// startProcess starts the engine's command in a process group of its own,
// its stdout read line by line through dec into the events channel and its
// stderr copied, line by line, to the log.
func startProcess(cfg *spec.EngineConfig, dec decoder, log *IOLog, cpus *CPUSet) (*process, error) {
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	cmd.Dir = cfg.Dir
	// Its own group: terminal signals reach autoplay alone, and the engine
	// with all its descendants can be killed at once. Pdeathsig kills the
	// engine itself should autoplay be killed outright.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	// The stderr copier is bounded: once the engine has exited, a
	// descendant holding stderr open delays the reaping by this much at most.
	cmd.WaitDelay = orphanGrace
	if log != nil {
		cmd.Stderr = newStderrLog(log, cfg.Name)
	}
	if cfg.StderrFile != "" {
		// The child gets the file itself; our copy closes once it started.
		f, err := os.OpenFile(cfg.StderrFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("stderr: %w", err)
		}
		defer f.Close()
		cmd.Stderr = f
	}
	// Our own pipes rather than StdinPipe and StdoutPipe: the reader may
	// outlive Wait, closing our end is how a pipe held by a descendant is
	// given up on, and our ends are read and written raw (rawpipe.go).
	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		stdinR.Close()
		stdinW.Close()
		return nil, err
	}
	stdin, err1 := newRawPipe(stdinW)
	stdout, err2 := newRawPipe(stdoutR)
	if err := errors.Join(err1, err2); err != nil {
		stdinR.Close()
		stdinW.Close()
		stdoutR.Close()
		stdoutW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = stdinR, stdoutW
	err = liveEngines.start(cmd, cpus)
	stdinR.Close() // the child has its own copies
	stdoutW.Close()
	if err != nil {
		stdin.Close()
		stdout.Close()
		return nil, fmt.Errorf("engine %s: cannot start %s: %w", cfg.Name, cfg.Cmd, err)
	}
	p := &process{
		name:    fmt.Sprintf("%s(%d)", cfg.Name, cmd.Process.Pid),
		cmd:     cmd,
		pid:     cmd.Process.Pid,
		stdin:   stdin,
		stdout:  stdout,
		events:  make(chan Event, eventRoom),
		closing: make(chan struct{}),
		exited:  make(chan struct{}),
		done:    make(chan struct{}),
		log:     log,
	}
	if sl, ok := cmd.Stderr.(*stderrLog); ok {
		sl.name.Store(&p.name)
	}
	readDone := make(chan struct{})
	go p.read(dec, readDone)
	if !exits.watch(p.pid, func() { p.afterExit(readDone) }) {
		go func() {
			waitExitedBlocking(p.pid)
			p.afterExit(readDone)
		}()
	}
	return p, nil
}

// read delivers the engine's lines until its stdout closes (or is closed
// on our side), then an KindExit.
func (p *process) read(dec decoder, readDone chan<- struct{}) {
	defer KillOnPanic()
	defer close(readDone)
	size := readBuffer
	if b, ok := dec.(bigReader); ok {
		size = b.readSize()
	}
	br := bufio.NewReaderSize(p.stdout, size)
	var long []byte // a line longer than the buffer, gathered
	// One event for the reader's life: decode takes it through an
	// interface, so a fresh one per line would be a heap allocation per line.
	ev := new(Event)
	for {
		line, err := br.ReadSlice('\n')
		at := time.Now()
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long[:0], line...)
			for errors.Is(err, bufio.ErrBufferFull) && len(long) <= maxLine {
				line, err = br.ReadSlice('\n')
				long = append(long, line...)
			}
			if len(long) > maxLine {
				p.log.Line(p.name, '<', append(long[:200:200], " ...[line cut]"...))
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
			line = long
			if cap(long) > 4*readBuffer {
				long = nil // a rare long line: its buffer is not kept for the engine's life
			}
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) > 0 {
			p.lines.Add(1)
			p.log.Line(p.name, '<', line)
			*ev = Event{}
			if dec.decode(line, ev) {
				ev.At = at
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

// afterExit runs once the engine's own process has exited, even while a
// descendant keeps its stdout open: it kills what is left of the group,
// gives the reader a moment to read the last lines, closes the pipe on our
// side, and reaps the engine.
func (p *process) afterExit(readDone <-chan struct{}) {
	defer KillOnPanic()
	defer close(p.done)
	close(p.exited)
	p.killGroup() // the leader is a zombie still: its group id cannot be reused yet
	timer := time.NewTimer(orphanGrace)
	select {
	case <-readDone:
	case <-timer.C:
		p.log.Note(p.name, "exited but its output is held open by another process: closed")
		p.stdout.Close()
		<-readDone
	}
	timer.Stop()
	p.stdout.Close()
	p.reapMu.Lock()
	p.waitErr = p.cmd.Wait()
	p.reaped = true
	p.reapMu.Unlock()
	p.log.Note(p.name, exitNote(p.waitErr))
	liveEngines.remove(p.pid)
	killOrphans()
}

// killGroup sends SIGKILL to the engine's whole process group. It is a
// no-op once the engine is reaped, when the group id may belong to another.
func (p *process) killGroup() {
	p.signalGroup(syscall.SIGKILL)
}

func (p *process) signalGroup(sig syscall.Signal) {
	p.reapMu.Lock()
	defer p.reapMu.Unlock()
	if !p.reaped {
		syscall.Kill(-p.pid, sig)
	}
}

func (p *process) skipRestOfLine(br *bufio.Reader) (skipped int) {
	for {
		line, err := br.ReadSlice('\n')
		skipped += len(line)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return skipped
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
	p.log.Line(p.name, '>', b)
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
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case <-p.done:
		return
	case <-timer.C:
	}
	if p.politeSignal != 0 && grace > 0 {
		p.log.Note(p.name, "did not quit in time: "+signalName(p.politeSignal))
		p.signalGroup(p.politeSignal)
		timer.Reset(grace / 4)
		select {
		case <-p.done:
			return
		case <-timer.C:
		}
	}
	p.log.Note(p.name, "did not quit in time: killed")
	p.killGroup()
	<-p.done
}

// kill ends the engine and its descendants at once and reaps it.
func (p *process) kill() {
	p.close(nil, 0)
}

// signal sends sig to the engine's own process (XBoard engines may ask for SIGINT).
func (p *process) signal(sig os.Signal) { p.cmd.Process.Signal(sig) }

// signalName is the conventional name of the signals engines may ask for.
func signalName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGINT:
		return "SIGINT"
	}
	return sig.String()
}

// exitNote is how the engine's process ended, for the I/O log: after a
// disconnect it tells a crash (a signal, an exit status) from a quit.
func exitNote(waitErr error) string {
	if waitErr == nil {
		return "exited: exit status 0"
	}
	return "exited: " + waitErr.Error()
}
