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

func (p *toolPrinter) Warn(msg string) {
	io.WriteString(p.w, p.warning+msg+"\n")
	p.inv.sawWarning()
}
