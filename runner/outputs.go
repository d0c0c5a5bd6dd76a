package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/spec"
)

// outputs are the files a run writes as games finish.
type outputs struct {
	pgn     *recordFile
	epd     *recordFile
	jsonl   *recordFile
	samples *recordFile       // training data (--sample)
	lock    *os.File          // the run's lock on its PGN (runlock.go), dropped by close
	log     *enginehost.IOLog // every line to and from every engine (--log); nil without
	logFile *os.File
	buf     []byte // the game's PGN text, reused
	// unbound stops the deadline boundWrites set up.
	unbound func() bool
}

// logBuffer is the bytes of --log lines held for a slow reader; a
// variable so that a test can make it small.
var logBuffer = 1 << 20

// openOutputs checks every output the run writes, then opens them. A run
// that resumes (it holds the lock of its PGN) cuts each record file back to
// its last whole record, saying so through warn, which is also told of a
// --log that drops lines.
func openOutputs(c *spec.Outputs, engines []spec.EngineConfig, appendOnly bool, warn func(string)) (*outputs, error) {
	// Before anything is opened: the log is truncated at its open.
	if err := checkOutputFiles(outputFilesOf(c, engines, appendOnly)); err != nil {
		return nil, err
	}
	o := &outputs{}
	// A log that is a FIFO first: one without a reader is refused before
	// any file is created. A log that is a file is truncated at its open,
	// so it waits for the PGN's lock.
	if fi, err := os.Stat(c.LogFile); err == nil && !fi.Mode().IsRegular() {
		if err := o.openLog(c.LogFile, warn); err != nil {
			return nil, err
		}
	}
	if err := o.openPGN(c.PGNOut, appendOnly); err != nil {
		o.close()
		return nil, err
	}
	for _, f := range []struct {
		dst        **recordFile
		flag, path string
	}{{&o.epd, "--epdout", c.EPDOut}, {&o.jsonl, "--games-jsonl", c.GamesJSONL}, {&o.samples, "--sample file=", sampleFile(c)}} {
		if f.path == "" {
			continue
		}
		file, err := openAppend(f.path)
		if err != nil {
			o.close()
			prefix := f.flag // the error names the path: "--epdout x: ...", "--sample file=x: ..."
			if !strings.HasSuffix(prefix, "=") {
				prefix += " "
			}
			return nil, fmt.Errorf("%s%w", prefix, err)
		}
		*f.dst = &recordFile{flag: f.flag, path: f.path, f: file}
		if o.lock == nil {
			continue // a run that does not resume: no run of these files to take over
		}
		if err := (*f.dst).cutPartialRecord(warn); err != nil {
			o.close()
			return nil, err
		}
	}
	if c.LogFile != "" && o.log == nil {
		if err := o.openLog(c.LogFile, warn); err != nil {
			o.close()
			return nil, err
		}
	}
	return o, nil
}

// openLog opens the --log and starts its writer.
func (o *outputs) openLog(path string, warn func(string)) error {
	var err error
	if o.logFile, err = openLogFile(path); err != nil {
		return fmt.Errorf("--log %w", err)
	}
	o.log = enginehost.NewIOLog(o.logFile, enginehost.IOLogOptions{Buffer: logBuffer,
		Warn: func(msg string) { warn("--log " + path + ": " + msg) }})
	return nil
}

func sampleFile(c *spec.Outputs) string {
	if c.Sample == nil {
		return ""
	}
	return c.Sample.File
}

// openPGN opens the PGN and takes the run's lock on it. A run that resumes
// keeps a state file beside its PGN and reads the PGN back, so its PGN
// is a file (checkOutputFiles); the drop-in modes, which only append, may
// write to a device or a FIFO (then without a lock, and without waiting at
// the open for a FIFO's reader).
func (o *outputs) openPGN(path string, appendOnly bool) error {
	if path == "" {
		return nil
	}
	f, err := openAppend(path)
	if err != nil {
		return fmt.Errorf("pgnout %w", err)
	}
	o.pgn = &recordFile{flag: "--pgnout", path: path, f: f}
	if fi, err := f.Stat(); err == nil && !fi.Mode().IsRegular() {
		return nil
	}
	// Before anything else is opened (the log is truncated) and before
	// resume reads the PGN: one run at a time on these files.
	o.lock, err = lockRun(path)
	return err
}

// openAppend opens an output the user named for appending: a file
// (created if need be), or a device or FIFO as it is.
func openAppend(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return openNonRegular(path, os.O_WRONLY|os.O_APPEND)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write: %w", path, unwrapPath(err))
	}
	return f, nil
}

// openLogFile opens the --log. A FIFO or a terminal stays non-blocking: its
// writes wait in Go's poller, where a deadline can end them, so a reader
// that never reads cannot hold the run's end.
func openLogFile(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|syscall.O_NONBLOCK, 0)
		if errors.Is(err, syscall.ENXIO) {
			return nil, fmt.Errorf("%s: a FIFO that nobody reads: start its reader first", path)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: cannot write: %w", path, unwrapPath(err))
		}
		return f, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write: %w", path, unwrapPath(err))
	}
	return f, nil
}

// unwrapPath drops the *PathError's own copy of the path.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// stopGrace is how long a stopped run waits for the reader of a FIFO or a
// terminal it writes records to.
const stopGrace = 3 * time.Second

// boundWrites ends, stopGrace after ctx is cancelled (Ctrl-C, SIGTERM),
// any write of a record to a FIFO or terminal whose reader does not read:
// the stop is not held by it. (The --log bounds its own.)
func (o *outputs) boundWrites(ctx context.Context) {
	var streams []*os.File
	for _, f := range []*recordFile{o.pgn, o.epd, o.jsonl, o.samples} {
		if f != nil && f.size() < 0 {
			streams = append(streams, f.f)
		}
	}
	if len(streams) == 0 {
		return
	}
	o.unbound = context.AfterFunc(ctx, func() {
		deadline := time.Now().Add(stopGrace)
		for _, f := range streams {
			f.SetWriteDeadline(deadline) // closed already, or not a stream: nothing to end
		}
	})
}

// close closes every output, once.
func (o *outputs) close() {
	if o.unbound != nil {
		o.unbound()
	}
	for _, f := range []**recordFile{&o.pgn, &o.epd, &o.jsonl, &o.samples} {
		if *f != nil {
			(*f).f.Close()
			*f = nil
		}
	}
	if o.log != nil {
		o.log.Close()
		o.logFile.Close()
		o.log, o.logFile = nil, nil
	}
	if o.lock != nil {
		o.lock.Close()
		o.lock = nil
	}
}
