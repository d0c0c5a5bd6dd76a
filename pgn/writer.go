package pgn

import (
	"fmt"
	"os"
	"sync"
)

// Writer appends whole games to a PGN file. Each Write is a single write(2)
// of the full game text to a file opened with O_APPEND, so a crash never
// leaves half a game and several processes may share one file. It is safe
// for concurrent use.
type Writer struct {
	mu   sync.Mutex
	f    *os.File
	path string
	buf  []byte
}

// Create opens path for writing games, emptying it first.
func Create(path string) (*Writer, error) {
	return openWriter(path, os.O_TRUNC)
}

// OpenAppend opens path for writing games after those already in it,
// creating it if needed.
func OpenAppend(path string) (*Writer, error) {
	return openWriter(path, 0)
}

// NewWriter writes games to f, opened by the caller (a device or a FIFO),
// named path in errors; Close closes f.
func NewWriter(f *os.File, path string) *Writer { return &Writer{f: f, path: path} }

func openWriter(path string, flag int) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|flag, 0o644)
	if err != nil {
		return nil, fmt.Errorf("pgn: %w", err)
	}
	return &Writer{f: f, path: path}, nil
}

// Write appends g to the file in one write.
func (w *Writer) Write(g *Game) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return fmt.Errorf("pgn: %s: write after close", w.path)
	}
	w.buf = g.AppendTo(w.buf[:0])
	if _, err := w.f.Write(w.buf); err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	return nil
}

// Close closes the file; later Writes fail.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return nil
	}
	err := w.f.Close()
	w.f = nil
	if err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	return nil
}
