package runner

import (
	"fmt"
	"io"
	"sync"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// reporter tells the user what a run does, through the printer chosen once
// as the run starts (autoplay's own words, or another runner's: see
// Printer). The run's goroutines report to it at any time; it lets one
// line out at a time.
type reporter struct {
	mu     sync.Mutex
	screen screen
	quiet  bool
	res    *Result
	p      printer
}

// newReporter reports the run of c, counted in res, on w: in autoplay's
// own words, or in custom's when it is not nil.
func newReporter(c *spec.Config, res *Result, w io.Writer, custom Printer) *reporter {
	r := &reporter{screen: screen{w: w}, quiet: c.Quiet, res: res}
	if custom != nil {
		r.p = foreignPrinter{custom}
	} else {
		r.p = newOwnPrinter(c, res, &r.screen)
	}
	return r
}

// screen is where the report goes, whole lines at a time, with autoplay's
// live status line kept at the bottom on a terminal.
type screen struct {
	w           io.Writer
	statusShown bool
}

// printf writes whole lines under the status line's place.
func (s *screen) printf(format string, args ...any) {
	s.clearStatus()
	fmt.Fprintf(s.w, format, args...)
}

func (s *screen) clearStatus() {
	if s.statusShown {
		io.WriteString(s.w, "\r\033[K")
		s.statusShown = false
	}
}

// printf writes lines about the run whatever its printer (a knockout's
// bracket, the relay's cost).
func (r *reporter) printf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.screen.printf(format, args...)
}

func (r *reporter) warn(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.p.Warn(msg)
}

// alert is a warning shown even under Quiet: one that a run's result may
// hang on, such as an option the engine does not declare (a typo).
func (r *reporter) alert(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.p.alert(msg)
}

func (r *reporter) started(number, total int, white, black string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.p.Started(number, total, white, black)
}

// note prints a line about the run: a knockout's decided encounters and
// its bracket.
func (r *reporter) note(line string) {
	if !r.quiet {
		r.printf("%s\n", line)
	}
}

func (r *reporter) resumed(res *Result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.p.resumed(res)
}

// finished reports a game; the collector calls it after the game is in the
// PGN and counted.
func (r *reporter) finished(rec *record.GameRecord) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.p.Finished(rec, r.res)
}

// final prints the result of the run.
func (r *reporter) final(res *Result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.p.Final(res)
}
