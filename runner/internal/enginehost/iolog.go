package enginehost

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// IOLog records every line to and from every engine, time-stamped, for
// --log. A nil *IOLog records nothing, so callers need no checks.
type IOLog struct {
	mu    sync.Mutex
	w     *bufio.Writer
	start time.Time
	buf   []byte
}

// NewIOLog writes the log to w; Flush writes out what it buffers.
func NewIOLog(w io.Writer) *IOLog {
	return &IOLog{w: bufio.NewWriterSize(w, 64<<10), start: time.Now(), buf: make([]byte, 0, 256)}
}

// Line records what was sent or read; dir is '>' for sent to the engine,
// '<' for read. A write of several commands is logged a line each; control
// characters and invalid UTF-8 are logged as visible escapes
// (protocol.Escape).
func (l *IOLog) Line(engine string, dir byte, text []byte) {
	if l == nil {
		return
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	for len(text) > 0 {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		b := now.AppendFormat(l.buf[:0], "15:04:05.000000")
		b = append(b, ' ')
		b = strconv.AppendFloat(b, now.Sub(l.start).Seconds(), 'f', 6, 64)
		b = append(b, ' ')
		b = append(b, engine...)
		b = append(b, ' ', dir, ' ')
		b = protocol.AppendEscaped(b, line) // an engine's ESC sequences must not act on a terminal showing the log
		b = append(b, '\n')
		l.w.Write(b)
		l.buf = b
	}
}

// Note records a line from the runner itself (a restart, a kill).
func (l *IOLog) Note(engine, text string) {
	if l == nil {
		return
	}
	l.Line(engine, '#', []byte(text))
}

// Flush writes out what is buffered.
func (l *IOLog) Flush() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Flush()
}
