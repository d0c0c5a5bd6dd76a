package enginehost

import (
	"regexp"
	"strings"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Capture is what an engine's decoder keeps beyond the score: the PV and
// the lines matching the run's match_line pattern.
type Capture struct {
	PV    bool
	Lines *regexp.Regexp
	// ExactScores: a bound score does not replace an exact one of the
	// same move (spec.Config.ExactScores).
	ExactScores bool
}

// keeper gathers, on an engine's reader goroutine, the extras a run asked
// for: the last PV and the lines matching match_line. With nothing asked it
// does nothing, so the per-move path stays free of allocations.
type keeper struct {
	Capture
	pvMoves []protocol.Move // reused: copied out as text only at the move
	lines   []string
}

func (k *keeper) pv(moves []protocol.Move) {
	if k.Capture.PV {
		k.pvMoves = append(k.pvMoves[:0], moves...)
	}
}

func (k *keeper) line(line []byte) {
	if k.Capture.Lines != nil && len(k.lines) < maxKeptLines && k.Capture.Lines.Match(line) {
		k.lines = append(k.lines, string(line))
	}
}

// maxKeptLines bounds what a chatty engine can make a move's record hold.
const maxKeptLines = 32

// handOver gives the move's info its own PV text and lines, if it has any
// (with nothing asked: nothing, and no allocation).
func (k *keeper) handOver(info *record.MoveInfo) {
	pv := k.Capture.PV && len(k.pvMoves) > 0
	if !pv && len(k.lines) == 0 {
		return
	}
	kept := &record.KeptText{Lines: k.lines}
	if pv {
		var b strings.Builder
		for i, m := range k.pvMoves {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(m.String())
		}
		kept.PV = b.String()
	}
	info.KeptText = kept
}

func (k *keeper) reset() {
	k.pvMoves = k.pvMoves[:0]
	k.lines = nil
}

// CaptureOf is what a run's engines keep: the PV when the PGN or a
// watcher wants it, and the lines matching match_line.
func CaptureOf(c *spec.Config, watched bool) (Capture, error) {
	lines, err := spec.CompileMatchLine(c.MatchLine)
	return Capture{PV: c.MoveFields.PV || watched, Lines: lines, ExactScores: c.ExactScores}, err
}
