package proc

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// RawPipe reads or writes our end of a child's pipe (non-blocking, in the
// runtime's poller) with raw system calls inside the poller's wait. A plain
// os.File read or write enters the scheduler's syscall state, which wakes
// the sleeping sysmon thread (a futex call) on every one: a fifth of the
// runner's CPU per move in a profile. A non-blocking read or write never
// blocks, so it needs none of that; when it would block (EAGAIN), the
// poller waits as it always does. The callbacks are bound once, so a read
// or write allocates nothing.
type RawPipe struct {
	f  *os.File
	rc syscall.RawConn

	buf     []byte // the read's destination, or what is left to write
	n       int
	errno   syscall.Errno
	readFn  func(fd uintptr) bool
	writeFn func(fd uintptr) bool
}

// NewRawPipe reads or writes f raw; f must not be used otherwise after.
func NewRawPipe(f *os.File) (*RawPipe, error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	p := &RawPipe{f: f, rc: rc}
	p.readFn, p.writeFn = p.readOnce, p.writeAll
	return p, nil
}

func (p *RawPipe) readOnce(fd uintptr) bool {
	for {
		r, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&p.buf[0])), uintptr(len(p.buf)))
		switch e {
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return false // the poller waits for data
		}
		p.n, p.errno = int(r), e
		return true
	}
}

func (p *RawPipe) writeAll(fd uintptr) bool {
	for len(p.buf) > 0 {
		r, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&p.buf[0])), uintptr(len(p.buf)))
		switch e {
		case 0:
			p.buf = p.buf[r:]
		case syscall.EINTR:
		case syscall.EAGAIN:
			return false // the pipe is full: the poller waits for room
		default:
			p.errno = e
			return true
		}
	}
	return true
}

// Read reads what the pipe holds, waiting for something if it is empty.
func (p *RawPipe) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	p.buf, p.n, p.errno = b, 0, 0
	err := p.rc.Read(p.readFn)
	p.buf = nil
	switch {
	case err != nil:
		return 0, err
	case p.errno != 0:
		return 0, p.errno
	case p.n == 0:
		return 0, io.EOF
	}
	return p.n, nil
}

// Write writes all of b.
func (p *RawPipe) Write(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	p.buf, p.errno = b, 0
	err := p.rc.Write(p.writeFn)
	written := len(b) - len(p.buf)
	p.buf = nil
	if err == nil && p.errno != 0 {
		err = p.errno
	}
	return written, err
}

func (p *RawPipe) Close() error { return p.f.Close() }
