package compat

import "io"

// toolPrinter is what the drop-in modes' printers share: where they print,
// the invocation, its tally, the order of "Started game" lines, and how the
// tool writes a warning (cutechess-cli "Warning: ", fastchess "Warning; ").
type toolPrinter struct {
	w       io.Writer
	inv     *Invocation
	tally   *tally
	order   startOrder
	warning string // the words before the message
}

func newToolPrinter(w io.Writer, inv *Invocation, warning string) toolPrinter {
	return toolPrinter{w: w, inv: inv, tally: newTally(&inv.Config), order: startOrder{slots: inv.Config.Concurrency}, warning: warning}
}

func (p *toolPrinter) Started(number, total int, white, black string) {
	io.WriteString(p.w, p.order.started(number, total, white, black))
}

// Warn prints a warning where the tool does: fastchess on standard output,
// cutechess-cli (Qt's qWarning) on standard error, once Prepare has it.
func (p *toolPrinter) Warn(msg string) {
	w := p.w
	if p.inv.Dialect == Cutechess && p.inv.stderr != nil {
		w = p.inv.stderr
	}
	io.WriteString(w, p.warning+msg+"\n")
	p.inv.sawWarning()
}
