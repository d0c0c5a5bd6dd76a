package proc

import (
	"io"
	"os/exec"
	"sync/atomic"
	"syscall"
)

// Child is a helper process of the run (a slot process) started as a
// Process is: in a process group of its own, killed should autoplay die
// (Pdeathsig), and registered so that the sweep for orphaned descendants
// leaves it alone. It speaks through plain pipes, read to their end.
type Child struct {
	cmd    *exec.Cmd
	Stdin  io.WriteCloser
	Stdout io.ReadCloser
	pauses atomic.Int64 // see watchPauses
}

// StartChild starts program with its standard error written to stderr, on
// cpus (nil: anywhere).
func StartChild(program []string, stderr io.Writer, cpus *CPUSet) (*Child, error) {
	cmd := exec.Command(program[0], program[1:]...)
	// Its own group: a terminal's Ctrl-C reaches autoplay alone, which
	// then stops the child in order; its engines are its own children.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := running.start(cmd, cpus); err != nil {
		return nil, err
	}
	c := &Child{cmd: cmd, Stdin: stdin, Stdout: stdout}
	go watchPauses(cmd.Process.Pid, &c.pauses)
	return c, nil
}

// Wait reaps the child (once its output has been read to the end: Wait
// closes the pipe) and unregisters it.
func (c *Child) Wait() {
	c.cmd.Wait()
	running.remove(c.cmd.Process.Pid)
}

// Kill kills the child's process group.
func (c *Child) Kill() { syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL) }

// ExitState says how the child ended, once Wait has returned.
func (c *Child) ExitState() string { return c.cmd.ProcessState.String() }
