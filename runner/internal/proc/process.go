package proc

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// Command is what a Process is started with.
type Command struct {
	Path string
	Args []string
	Dir  string
	// Stderr receives the child's standard error; an *os.File is handed
	// to the child itself. nil: discarded.
	Stderr io.Writer
	CPUs   *CPUSet // where it may run; nil: anywhere
	// OutputRead is closed by the owner once it has read the child's
	// stdout to its end; after the child's exit it has OrphanGrace for
	// that before the pipe is closed on our side.
	OutputRead <-chan struct{}
	// Note is told what happened to the process, for a log: how it ended,
	// a descendant holding its output, a kill. nil: nobody is told.
	Note func(string)
}

// OrphanGrace is how long the output of a child whose own process has
// exited is still read: a descendant that keeps the pipe open longer is
// killed with the child's process group and the pipe is closed on our side.
const OrphanGrace = 500 * time.Millisecond

// Process is a child in a process group of its own (so a terminal's Ctrl-C
// reaches autoplay alone, and a kill takes its descendants too), with raw
// pipes for its stdin and stdout (rawpipe.go), registered against orphans,
// its exit noticed (exitwatch.go) and the child reaped once its output is
// read. Its owner must call Stop.
type Process struct {
	cmd    *exec.Cmd
	pid    int
	Stdin  *RawPipe
	Stdout *RawPipe
	exited chan struct{} // closed once the child's own process has exited
	done   chan struct{} // closed once it is reaped and its output read to the end
	note   func(string)

	reapMu sync.Mutex // orders group kills before the reaping of the leader
	reaped bool
}

// Start starts c's program in a process group of its own. Pdeathsig kills
// it should autoplay be killed outright.
func Start(c Command) (*Process, error) {
	cmd := exec.Command(c.Path, c.Args...)
	cmd.Dir = c.Dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	// The stderr copier is bounded: once the child has exited, a
	// descendant holding stderr open delays the reaping by this much at most.
	cmd.WaitDelay = OrphanGrace
	cmd.Stderr = c.Stderr
	// Our own pipes rather than StdinPipe and StdoutPipe: the owner's
	// reader may outlive Wait, closing our end is how a pipe held by a
	// descendant is given up on, and our ends are read and written raw.
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
	stdin, err1 := NewRawPipe(stdinW)
	stdout, err2 := NewRawPipe(stdoutR)
	if err := errors.Join(err1, err2); err != nil {
		stdinR.Close()
		stdinW.Close()
		stdoutR.Close()
		stdoutW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = stdinR, stdoutW
	err = running.start(cmd, c.CPUs)
	stdinR.Close() // the child has its own copies
	stdoutW.Close()
	if err != nil {
		stdin.Close()
		stdout.Close()
		return nil, err
	}
	note := c.Note
	if note == nil {
		note = func(string) {}
	}
	p := &Process{cmd: cmd, pid: cmd.Process.Pid, Stdin: stdin, Stdout: stdout,
		exited: make(chan struct{}), done: make(chan struct{}), note: note}
	if !exits.watch(p.pid, func() { p.afterExit(c.OutputRead) }) {
		go func() {
			waitExitedBlocking(p.pid)
			p.afterExit(c.OutputRead)
		}()
	}
	return p, nil
}

// Pid is the child's process id, also its process group's.
func (p *Process) Pid() int { return p.pid }

// Exited is closed once the child's own process has exited.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// afterExit runs once the child's own process has exited, even while a
// descendant keeps its stdout open: it kills what is left of the group,
// gives the owner's reader a moment to read the last lines, closes the pipe
// on our side, and reaps the child.
func (p *Process) afterExit(outputRead <-chan struct{}) {
	defer KillOnPanic()
	defer close(p.done)
	close(p.exited)
	p.KillGroup() // the leader is a zombie still: its group id cannot be reused yet
	timer := time.NewTimer(OrphanGrace)
	select {
	case <-outputRead:
	case <-timer.C:
		p.note("exited but its output is held open by another process: closed")
		p.Stdout.Close()
		<-outputRead
	}
	timer.Stop()
	p.Stdout.Close()
	p.reapMu.Lock()
	waitErr := p.cmd.Wait()
	p.reaped = true
	p.reapMu.Unlock()
	p.note(exitNote(waitErr))
	running.remove(p.pid)
	killOrphans()
}

// KillGroup sends SIGKILL to the child's whole process group. It is a
// no-op once the child is reaped, when the group id may belong to another.
func (p *Process) KillGroup() { p.SignalGroup(syscall.SIGKILL) }

// SignalGroup sends sig to the child's process group, unless it is reaped.
func (p *Process) SignalGroup(sig syscall.Signal) {
	p.reapMu.Lock()
	defer p.reapMu.Unlock()
	if !p.reaped {
		syscall.Kill(-p.pid, sig)
	}
}

// Signal sends sig to the child's own process.
func (p *Process) Signal(sig os.Signal) { p.cmd.Process.Signal(sig) }

// Stop waits up to grace for the child to exit; then sends polite (if not
// 0) to its group and waits a quarter of grace more; then kills the group.
// It returns once the child is reaped and its output read.
func (p *Process) Stop(grace time.Duration, polite syscall.Signal) {
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case <-p.done:
		return
	case <-timer.C:
	}
	if polite != 0 && grace > 0 {
		p.note("did not quit in time: " + signalName(polite))
		p.SignalGroup(polite)
		timer.Reset(grace / 4)
		select {
		case <-p.done:
			return
		case <-timer.C:
		}
	}
	p.note("did not quit in time: killed")
	p.KillGroup()
	<-p.done
}

// signalName is the conventional name of the signals children may ask for.
func signalName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGINT:
		return "SIGINT"
	}
	return sig.String()
}

// exitNote is how the child's process ended, for a log: after a
// disconnect it tells a crash (a signal, an exit status) from a quit.
func exitNote(waitErr error) string {
	if waitErr == nil {
		return "exited: exit status 0"
	}
	return "exited: " + waitErr.Error()
}
