package compat

import (
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"time"

	"github.com/autoplay/autoplay/runner"
)

// Printer is the runner.Printer for the invocation's output format.
func (inv *Invocation) Printer(w io.Writer) runner.Printer {
	t := newTally(&inv.Config)
	order := startOrder{slots: inv.Config.Concurrency}
	switch {
	case inv.Output == Fastchess:
		return &fastchessPrinter{w: w, inv: inv, tally: t, order: order}
	case inv.Dialect == Fastchess:
		return &fastchessCutechessPrinter{w: w, inv: inv, tally: t, order: order}
	}
	return &cutechessPrinter{w: w, inv: inv, tally: t, order: order}
}

// Options are the runner options of a run of another tool: its output, and
// games appended to the PGN as that tool does (no resume). Both tools say
// first that they index a suite played in random order, so Options says it
// on w as the run is set up.
func (inv *Invocation) Options(w io.Writer) runner.Options {
	for _, l := range inv.Said {
		fmt.Fprintln(w, l)
	}
	if o := inv.Config.Openings; o.File != "" && o.Order == "random" {
		io.WriteString(w, "Indexing opening suite...\n")
	}
	return runner.Options{Out: w, Printer: inv.Printer(w), AppendOnly: true}
}

// Prepare empties the PGN and EPD files a command line asked not to append
// to (fastchess's append=false), and says which options had no effect.
func (inv *Invocation) Prepare(stderr io.Writer) error {
	for _, f := range []struct {
		path   string
		append bool
	}{{inv.Config.PGNOut, inv.PGNAppend}, {inv.Config.EPDOut, inv.EPDAppend}} {
		if f.path == "" || f.append {
			continue
		}
		if err := os.Truncate(f.path, 0); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("%s: %w", f.path, err)
		}
	}
	for _, n := range inv.Notes {
		fmt.Fprintln(stderr, "autoplay: note:", n)
	}
	return nil
}

// Conclude prints what the tool prints after the run: fastchess's CRC32 of
// the PGN, then its "Finished match" and "Total Time" lines.
func (inv *Invocation) Conclude(w io.Writer) error {
	if inv.CRC32 && inv.Config.PGNOut != "" {
		sum, err := fileCRC32(inv.Config.PGNOut)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "File %s has CRC32: %#x\n", inv.Config.PGNOut, sum)
	}
	if inv.Dialect == Fastchess {
		if inv.stoppedOnFault.Load() {
			fmt.Fprintln(w, "Tournament was interrupted.") // fastchess would name a config.json to resume from; none is written
		}
		d := time.Since(inv.startedAt)
		h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
		fmt.Fprintf(w, "Finished match\nTotal Time: %02d:%02d:%02d (hours:minutes:seconds)\n\n", h, m, s)
	}
	return nil
}

func fileCRC32(path string) (uint32, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	h := crc32.NewIEEE()
	if _, err := io.Copy(h, f); err != nil {
		return 0, err
	}
	return h.Sum32(), nil
}

// FailedStrictly says a -strict run saw a warning: its exit status is 1.
func (inv *Invocation) FailedStrictly() bool { return inv.Strict && inv.warned.Load() }

// sawWarning notes a warning; under -strict the first ends the run (StopRun),
// as fastchess stops its tournament at any warning it prints.
func (inv *Invocation) sawWarning() {
	if !inv.warned.Swap(true) && inv.Strict && inv.StopRun != nil {
		inv.StopRun()
	}
}
