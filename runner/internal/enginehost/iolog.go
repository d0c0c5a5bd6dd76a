package enginehost

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// IOLog records every line to and from every engine, time-stamped, for
// --log. A nil *IOLog records nothing, so callers need no checks.
//
// Lines go to a bounded buffer that a goroutine of the log's own writes
// out: a slow reader (a pipe, a FIFO, a terminal) or a slow disk never
// holds up an engine's move. When the buffer is full, lines are dropped and
// counted; the count is written into the log when it drains again and
// reported through Warn.
type IOLog struct {
	mu        sync.Mutex
	fill      []byte // lines waiting for the writer, at most cap(fill) bytes
	spare     []byte // the other buffer; nil while the writer holds it
	dropped   int    // lines dropped since the writer last took the buffer
	signalled bool   // the writer has been woken for what is in fill
	closed    bool

	start time.Time
	w     io.Writer
	warn  func(string)
	wake  chan struct{}
	stop  chan struct{}
	done  chan struct{}
	// Written by the writer goroutine only, read by Close after done.
	droppedTotal int
	unwritten    int // lines lost to a failed write (or one cut short at the end)
	err          error
	once         sync.Once
}

// IOLogOptions size the log's buffer and name where its troubles go.
type IOLogOptions struct {
	Buffer int          // bytes of lines held for the writer (two buffers of it); 0: 1 MiB
	Warn   func(string) // told once when lines start being dropped, and at Close
}

const (
	defaultLogBuffer = 1 << 20
	// logBatch is how long the writer lets lines gather after the first of
	// a batch: one write a batch rather than one a line.
	logBatch = 20 * time.Millisecond
	// logCloseGrace bounds the writing out at Close: a reader that never
	// reads cannot hold the run's end (SIGTERM) longer than this.
	logCloseGrace = 3 * time.Second
)

// NewIOLog writes the log to w from a goroutine of its own, until Close.
func NewIOLog(w io.Writer, o IOLogOptions) *IOLog {
	size := o.Buffer
	if size <= 0 {
		size = defaultLogBuffer
	}
	warn := o.Warn
	if warn == nil {
		warn = func(string) {}
	}
	l := &IOLog{fill: make([]byte, 0, size), spare: make([]byte, 0, size), start: time.Now(), w: w, warn: warn,
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go l.write()
	return l
}

// Line records what was sent or read; dir is '>' for sent to the engine,
// '<' for read. A write of several commands is logged a line each; control
// characters and invalid UTF-8 are logged as visible escapes
// (protocol.Escape). It never waits for the writer and allocates nothing.
func (l *IOLog) Traffic(engine string, dir byte, text []byte) {
	if l == nil {
		return
	}
	now := time.Now()
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	for len(text) > 0 {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		// The time stamp takes at most 15+1+20+1 bytes; escaping makes a
		// byte at most four (\xNN).
		if len(l.fill)+40+len(engine)+3+4*len(line)+1 > cap(l.fill) {
			l.dropped++
			continue
		}
		b := now.AppendFormat(l.fill, "15:04:05.000000")
		b = append(b, ' ')
		b = strconv.AppendFloat(b, now.Sub(l.start).Seconds(), 'f', 6, 64)
		b = append(b, ' ')
		b = append(b, engine...)
		b = append(b, ' ', dir, ' ')
		b = protocol.AppendEscaped(b, line) // an engine's ESC sequences must not act on a terminal showing the log
		l.fill = append(b, '\n')
	}
	wake := !l.signalled
	l.signalled = true
	l.mu.Unlock()
	if wake {
		select {
		case l.wake <- struct{}{}:
		default:
		}
	}
}

// Note records a line from the runner itself (a restart, a kill).
func (l *IOLog) Note(engine, text string) {
	if l == nil {
		return
	}
	l.Traffic(engine, '#', []byte(text))
}

// write is the log's writer goroutine: it takes the filled buffer in
// exchange for the empty one and writes it out, with a note of the lines
// dropped before it.
func (l *IOLog) write() {
	defer close(l.done)
	batch := time.NewTimer(logBatch)
	batch.Stop()
	for stopping := false; !stopping; {
		select {
		case <-l.wake:
			batch.Reset(logBatch)
			select {
			case <-batch.C:
			case <-l.stop:
				batch.Stop()
				stopping = true
			}
		case <-l.stop:
			stopping = true
		}
		l.mu.Lock()
		out, dropped := l.fill, l.dropped
		l.fill, l.spare, l.dropped, l.signalled = l.spare, nil, 0, false
		l.closed = stopping
		l.mu.Unlock()
		if dropped > 0 {
			if l.droppedTotal == 0 {
				l.warn("its reader does not keep up: lines are being dropped, never the games' time (the log says how many where they were lost)")
			}
			l.droppedTotal += dropped
			l.put(fmt.Appendf(nil, "%s # %d lines dropped here: the log's reader did not keep up\n", time.Now().Format("15:04:05.000000"), dropped))
		}
		l.put(out)
		l.mu.Lock()
		l.spare = out[:0]
		l.mu.Unlock()
	}
}

// put writes b, or counts its lines as unwritten after a failed write.
func (l *IOLog) put(b []byte) {
	if len(b) == 0 {
		return
	}
	if l.err == nil {
		n, err := l.w.Write(b)
		if err == nil {
			return
		}
		l.err, b = err, b[n:]
	}
	l.unwritten += bytes.Count(b, []byte{'\n'})
}

// Close writes out what is buffered and stops the writer. A reader that
// does not take it within logCloseGrace loses it: the write is ended by a
// deadline where the writer allows one (a pipe, a FIFO, a terminal).
func (l *IOLog) Close() error {
	if l == nil {
		return nil
	}
	l.once.Do(func() { close(l.stop) })
	grace := time.NewTimer(logCloseGrace)
	defer grace.Stop()
	select {
	case <-l.done:
	case <-grace.C:
		if d, ok := l.w.(interface{ SetWriteDeadline(time.Time) error }); ok {
			d.SetWriteDeadline(time.Now())
		}
		<-l.done
	}
	switch {
	case l.unwritten > 0:
		l.warn(fmt.Sprintf("%d lines were not written (%v), and %d were dropped before, as its reader did not keep up", l.unwritten, l.err, l.droppedTotal))
	case l.droppedTotal > 0:
		l.warn(fmt.Sprintf("%d lines were dropped in all because its reader did not keep up", l.droppedTotal))
	}
	return l.err
}
