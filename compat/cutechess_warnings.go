package compat

import (
	"fmt"

	"github.com/autoplay/autoplay/pgn"
)

// maxStartWarnings bounds the start-index warnings of a suite far shorter
// than its start= (cutechess-cli prints one each time it wraps).
const maxStartWarnings = 100

// cutechessWarnings are what cutechess-cli 1.2.0 warns of as it reads a
// command line it plays anyway, in its order (it reads -openings before
// -repeat, whatever their order on the line): a start= past the suite's
// end, and -repeat's openings that do not divide -games. Prepare prints
// them on standard error with its "Warning: ". A suite that cannot be read
// is left to the run, which says why.
func (inv *Invocation) cutechessWarnings() []string {
	var out []string
	o := inv.Config.Openings
	if o.File != "" && o.Start > 1 {
		if format, err := pgn.ParseFormat(o.Format); err == nil {
			if suite, err := pgn.OpenSuite(o.File, format, o.Plies); err == nil {
				out = append(out, startIndexWarnings(o.Start, suite.Len(), o.Order == "random")...)
			}
		}
	}
	if n := inv.repeat; n > 0 && max(inv.games, 1)%n != 0 {
		out = append(out, fmt.Sprintf("%d opening repetitions vs %d games per encounter", n, max(inv.games, 1)))
	}
	return out
}

// startIndexWarnings: a suite of size openings started at start (1-based)
// wraps once in random order, where cutechess-cli steps to the start at
// once, and each time it passes the end in sequential order, where it
// reads its way there.
func startIndexWarnings(start, size int, random bool) []string {
	if size <= 0 || start-1 < size {
		return nil
	}
	wraps := (start - 1) / size
	if random {
		wraps = 1
	}
	var out []string
	for k := 1; k <= min(wraps, maxStartWarnings); k++ {
		out = append(out, fmt.Sprintf("Start index larger than book size, wrapping after %d.", k*size))
	}
	return out
}
