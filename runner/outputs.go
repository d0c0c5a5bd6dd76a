package runner

import (
	"errors"
	"fmt"
	"os"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/sample"
)

// outputs are the files a run writes as games finish.
type outputs struct {
	pgn     *pgn.Writer
	epd     *os.File
	jsonl   *os.File
	samples *os.File // training data (--sample)
	logFile *os.File
	lock    *os.File          // the run's lock on its PGN (runlock.go), dropped by close
	log     *enginehost.IOLog // every line to and from every engine (--log); nil without
}

func openOutputs(c *spec.Config, appendOnly bool) (*outputs, error) {
	o := &outputs{}
	if err := o.openPGN(c.PGNOut, appendOnly); err != nil {
		return nil, err
	}
	var err error
	if c.EPDOut != "" {
		if o.epd, err = openAppend(c.EPDOut); err != nil {
			o.close()
			return nil, fmt.Errorf("epdout: %w", err)
		}
	}
	if c.GamesJSONL != "" {
		if o.jsonl, err = openAppend(c.GamesJSONL); err != nil {
			o.close()
			return nil, fmt.Errorf("games-jsonl: %w", err)
		}
	}
	if c.Sample != nil {
		if o.samples, err = openAppend(c.Sample.File); err != nil {
			o.close()
			return nil, fmt.Errorf("sample: %w", err)
		}
	}
	if c.LogFile != "" {
		if o.logFile, err = os.Create(c.LogFile); err != nil {
			o.close()
			return nil, fmt.Errorf("log: %w", err)
		}
		o.log = enginehost.NewIOLog(o.logFile)
	}
	return o, nil
}

// openPGN opens the PGN and takes the run's lock on it. A run that resumes
// keeps a state file beside its PGN and reads the PGN back, so its PGN
// must be a file; the drop-in modes, which only append, may write to a
// device or a FIFO (then without a lock, and without waiting at the open
// for a FIFO's reader).
func (o *outputs) openPGN(path string, appendOnly bool) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		if !appendOnly || fi.IsDir() {
			return fmt.Errorf("pgnout %s is %s: a run resumes from its PGN and keeps its state beside it, so it must be a file", path, describeMode(fi.Mode()))
		}
		f, err := openNonRegular(path, os.O_WRONLY|os.O_APPEND)
		if err != nil {
			return fmt.Errorf("pgnout %s: %w", path, err)
		}
		o.pgn = pgn.NewWriter(f, path)
		return nil
	}
	var err error
	if o.pgn, err = pgn.OpenAppend(path); err != nil {
		return fmt.Errorf("pgnout %s: cannot write: %w", path, errors.Unwrap(err))
	}
	// Before anything else is opened (the log is truncated) and before
	// resume reads the PGN: one run at a time on these files.
	if o.lock, err = lockRun(path); err != nil {
		o.close()
		return err
	}
	return nil
}

// openAppend opens an output the user named for appending: a file
// (created if need be), or a device or FIFO as it is.
func openAppend(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return openNonRegular(path, os.O_WRONLY|os.O_APPEND)
	}
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
}

func (o *outputs) close() {
	if o.pgn != nil {
		o.pgn.Close()
	}
	if o.epd != nil {
		o.epd.Close()
	}
	if o.jsonl != nil {
		o.jsonl.Close()
	}
	if o.samples != nil {
		o.samples.Close()
	}
	if o.logFile != nil {
		o.log.Flush()
		o.logFile.Close()
	}
	if o.lock != nil {
		o.lock.Close()
	}
}

// record appends a finished game to the PGN, whole, its final position to
// the EPD file and its JSON line, before it is reported.
//
// It returns the game as written to the PGN, or as built for a watcher
// (needPGN) when no PGN is written; nil when neither needs one.
func (o *outputs) record(rec *record.GameRecord, c *spec.Config, needPGN bool) (*pgn.Game, error) {
	var g *pgn.Game
	if o.pgn != nil || o.jsonl != nil || needPGN {
		var err error
		if g, err = rec.PGN(c); err != nil {
			return nil, err
		}
	}
	if o.jsonl != nil {
		// Before the PGN is trimmed: the line wants every move's SAN.
		if _, err := o.jsonl.Write(rec.JSONLine(g, c.MoveFields)); err != nil {
			return nil, fmt.Errorf("games-jsonl: %w", err)
		}
	}
	if o.pgn != nil {
		if c.PGNMinimal {
			record.MinimalPGN(g)
		}
		if err := o.pgn.Write(g); err != nil {
			return nil, err
		}
	}
	if o.epd != nil {
		if _, err := o.epd.WriteString(rec.EPDLine()); err != nil {
			return nil, fmt.Errorf("epdout: %w", err)
		}
	}
	if o.samples != nil {
		// After the PGN, in one write: a crash between the two loses the
		// game's samples, and a resumed run never writes them twice.
		lines, err := sample.Lines(rec, c.Sample, c.Seed)
		if err != nil {
			return nil, fmt.Errorf("sample: %w", err)
		}
		if len(lines) > 0 {
			if _, err := o.samples.Write(lines); err != nil {
				return nil, fmt.Errorf("sample: %w", err)
			}
		}
	}
	return g, nil
}
