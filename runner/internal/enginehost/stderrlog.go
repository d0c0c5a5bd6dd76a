package enginehost

import (
	"bytes"
	"sync/atomic"
)

// maxStderrLine bounds one line of an engine's stderr in the log; the rest
// of a longer line is dropped.
const maxStderrLine = 4 << 10

// stderrLog copies an engine's stderr to the I/O log, a line at a time,
// marked '!', so that a crash can be diagnosed. Memory stays bounded
// whatever the engine writes.
type stderrLog struct {
	log *IOLog
	// name is the engine's name until the process has a pid, then its log
	// name with it; the copier may be writing already when it changes.
	name    atomic.Pointer[string]
	partial []byte
	cut     bool // the current line was too long: drop until its end
}

func (s *stderrLog) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		chunk := p
		if i >= 0 {
			chunk, p = p[:i], p[i+1:]
		} else {
			p = nil
		}
		if !s.cut {
			room := maxStderrLine - len(s.partial)
			if len(chunk) > room {
				s.partial = append(s.partial, chunk[:room]...)
				s.partial = append(s.partial, " ...[line cut]"...)
				s.cut = true
			} else {
				s.partial = append(s.partial, chunk...)
			}
		}
		if i >= 0 {
			s.log.Traffic(*s.name.Load(), '!', bytes.TrimRight(s.partial, "\r"))
			s.partial, s.cut = s.partial[:0], false
		}
	}
	return n, nil
}

func newStderrLog(log *IOLog, name string) *stderrLog {
	s := &stderrLog{log: log}
	s.name.Store(&name)
	return s
}
