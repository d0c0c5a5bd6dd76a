package runner

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
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

// process is one running engine child: its stdin, the goroutine that reads its
// stdout into events, and its reaping. Its owner must call close.
type process struct {
	name    string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	events  chan Event    // closed by the reader after evExit
	closing chan struct{} // closed by close: the reader stops delivering
	done    chan struct{} // closed once the child is reaped
	once    sync.Once
	waitErr error        // the child's exit status, valid after done
	lines   atomic.Int64 // lines read so far: a sign of life even when none is an event
	sigterm bool         // try SIGTERM before SIGKILL (XBoard feature sigterm=1)
	log     *IOLog
}

// startProcess starts the engine's command with its stdout read line by line
// through dec into the events channel.
func startProcess(cfg *EngineConfig, dec decoder, log *IOLog) (*process, error) {
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	cmd.Dir = cfg.Dir
	// The child dies with the runner, even if the runner is killed outright.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	cmd.Stderr = nil
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: cannot start %s: %w", cfg.Name, cfg.Cmd, err)
	}
	p := &process{
		name:    fmt.Sprintf("%s(%d)", cfg.Name, cmd.Process.Pid),
		cmd:     cmd,
		stdin:   stdin,
		events:  make(chan Event, 16),
		closing: make(chan struct{}),
		done:    make(chan struct{}),
		log:     log,
	}
	go p.read(stdout, dec)
	return p, nil
}

// read delivers the engine's lines until its stdout closes, then reaps it.
func (p *process) read(stdout io.Reader, dec decoder) {
	defer close(p.done)
	br := bufio.NewReaderSize(stdout, maxLine)
	for {
		line, err := br.ReadSlice('\n')
		at := time.Now()
		if errors.Is(err, bufio.ErrBufferFull) {
			p.log.Line(p.name, '<', append(line[:200:200], " ...[line cut]"...))
			p.skipRestOfLine(br)
			continue
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) > 0 {
			p.lines.Add(1)
			p.log.Line(p.name, '<', line)
			var ev Event
			if dec.decode(line, &ev) {
				ev.At = at
				p.deliver(ev)
			}
		}
		if err != nil {
			break
		}
	}
	p.deliver(Event{Kind: evExit, At: time.Now()})
	close(p.events)
	p.waitErr = p.cmd.Wait()
}

func (p *process) skipRestOfLine(br *bufio.Reader) {
	for {
		_, err := br.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
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
	p.log.Line(p.name, '>', b)
	_, err := p.stdin.Write(b)
	return err
}

// close asks the engine to quit with quitCmd, waits up to grace for it to
// exit, then kills it, and returns once it is reaped.
func (p *process) close(quitCmd []byte, grace time.Duration) {
	p.once.Do(func() { p.shutdown(quitCmd, grace) })
}

func (p *process) shutdown(quitCmd []byte, grace time.Duration) {
	select {
	case <-p.done:
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
	if p.sigterm && grace > 0 {
		// An XBoard engine with feature sigterm=1 asked for a SIGTERM first.
		p.log.Note(p.name, "did not quit in time: SIGTERM")
		p.cmd.Process.Signal(syscall.SIGTERM)
		timer.Reset(grace / 4)
		select {
		case <-p.done:
			return
		case <-timer.C:
		}
	}
	p.log.Note(p.name, "did not quit in time: killed")
	p.cmd.Process.Kill()
	<-p.done
}

// kill ends the engine at once and reaps it.
func (p *process) kill() {
	p.close(nil, 0)
}

// signal sends sig to the engine (XBoard engines may ask for SIGINT).
func (p *process) signal(sig os.Signal) { p.cmd.Process.Signal(sig) }
