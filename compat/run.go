package compat

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
)

// Printer is the runner.Printer for the invocation's output format.
func (inv *Invocation) Printer(w io.Writer) runner.Printer {
	switch {
	case inv.Output == Fastchess:
		return &fastchessPrinter{toolPrinter: newToolPrinter(w, inv, "Warning; ")}
	case inv.Dialect == Fastchess:
		return &fastchessCutechessPrinter{toolPrinter: newToolPrinter(w, inv, "Warning; ")}
	}
	return &cutechessPrinter{toolPrinter: newToolPrinter(w, inv, "Warning: ")}
}

// Options are the runner options of a run of another tool: its output, and
// games appended to the PGN as that tool does (no resume). What the tools
// print as they set the run up, Options prints on w: fastchess's warnings
// of a run without a book (its format number 2 is "none"), and both
// tools' word that they index a suite played in random order.
func (inv *Invocation) Options(w io.Writer) runner.Options {
	for _, l := range inv.Said {
		fmt.Fprintln(w, l)
	}
	if inv.warnNoBook {
		inv.sawWarning() // fastchess's -strict ends the run here
		io.WriteString(w, "Warning: No opening book specified! Consider using one, otherwise all games will be played from the starting position.\n"+
			"Warning: Unknown opening format, 2. All games will be played from the starting position.\n")
	}
	if o := inv.Config.Openings; o.File != "" && o.Order == "random" {
		io.WriteString(w, "Indexing opening suite...\n")
	}
	return runner.Options{Out: w, Printer: inv.Printer(w), AppendOnly: true}
}

// Prepare empties the PGN and EPD files a command line asked not to append
// to (fastchess's append=false), prints cutechess-cli's warnings of the
// command line, and says which options had no effect.
func (inv *Invocation) Prepare(stderr io.Writer) error {
	inv.stderr = stderr // where cutechess-cli's warnings go
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
	if inv.Dialect == Cutechess {
		for _, w := range inv.cutechessWarnings() {
			fmt.Fprintln(stderr, "Warning:", w)
		}
	}
	for _, n := range inv.Notes {
		fmt.Fprintln(stderr, "autoplay: note:", n)
	}
	if inv.Dialect == Cutechess {
		return inv.nameByIdentity()
	}
	return nil
}

// nameByIdentity names each engine given no name= as cutechess-cli does:
// by what it calls itself in its handshake (UCI id name, XBoard myname),
// else "UciEngine" or "XboardEngine".
func (inv *Invocation) nameByIdentity() error {
	for i := range inv.Config.Engines {
		e := &inv.Config.Engines[i]
		if e.Name != "" {
			continue
		}
		id, err := runner.EngineIdentity(context.Background(), *e)
		if err != nil {
			return fmt.Errorf("engine %d (%s): %w", i+1, e.Cmd, err)
		}
		switch {
		case id.Name != "":
			e.Name = id.Name
		case e.Proto == spec.XBoard:
			e.Name = "XboardEngine"
		default:
			e.Name = "UciEngine"
		}
	}
	return nil
}

// Conclude prints what the tool prints after the run: fastchess's
// "Finished match" and "Total Time" lines.
func (inv *Invocation) Conclude(w io.Writer) error {
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

// FailedStrictly says a -strict run saw a warning: its exit status is 1.
func (inv *Invocation) FailedStrictly() bool { return inv.Strict && inv.warned.Load() }

// sawWarning notes a warning; under -strict the first ends the run (StopRun),
// as fastchess stops its tournament at any warning it prints.
func (inv *Invocation) sawWarning() {
	if !inv.warned.Swap(true) && inv.Strict && inv.StopRun != nil {
		inv.StopRun()
	}
}
