package runner

import (
	"errors"
	"fmt"
	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"os"

	"github.com/autoplay/autoplay/pgn"
)

// outputs are the files a run writes as games finish.
type outputs struct {
	pgn     *pgn.Writer
	epd     *os.File
	jsonl   *os.File
	logFile *os.File
	lock    *os.File          // the run's lock on its PGN (runlock.go), dropped by close
	log     *enginehost.IOLog // every line to and from every engine (--log); nil without
}

func openOutputs(c *spec.Config) (*outputs, error) {
	o := &outputs{}
	var err error
	if c.PGNOut != "" {
		if o.pgn, err = pgn.OpenAppend(c.PGNOut); err != nil {
			return nil, fmt.Errorf("pgnout %s: cannot write: %w", c.PGNOut, errors.Unwrap(err))
		}
		// Before anything else is opened (the log is truncated) and before
		// resume reads the PGN: one run at a time on these files.
		if o.lock, err = lockRun(c.PGNOut); err != nil {
			o.close()
			return nil, err
		}
	}
	if c.EPDOut != "" {
		if o.epd, err = os.OpenFile(c.EPDOut, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err != nil {
			o.close()
			return nil, fmt.Errorf("epdout: %w", err)
		}
	}
	if c.GamesJSONL != "" {
		if o.jsonl, err = os.OpenFile(c.GamesJSONL, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err != nil {
			o.close()
			return nil, fmt.Errorf("games-jsonl: %w", err)
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
		if g, err = rec.PGN(c.Event, c.Site, c.MoveFields); err != nil {
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
	return g, nil
}
