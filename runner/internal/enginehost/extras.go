package enginehost

import (
	"regexp"
	"strings"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Capture is what an engine's decoder keeps beyond the score: the PV and
// the output lines matching the run's match_line pattern.
type Capture struct {
	PV        bool
	MatchLine *regexp.Regexp
	// ExactScores: a bound score does not replace an exact one of the
	// same move (spec.Outputs.ExactScores).
	ExactScores bool
}

// extras are what a decoder gathers for the move to come, on the engine's
// reader goroutine, beyond its score: the last PV and the output lines
// matching match_line, as the run's Capture asks. With nothing asked they
// stay empty, so the per-move path stays free of allocations.
type extras struct {
	Capture
	pvMoves []protocol.Move // reused: copied out as text only at the move
	matched []string        // output lines matching Capture.MatchLine
}

func (k *extras) pv(moves []protocol.Move) {
	if k.Capture.PV {
		k.pvMoves = append(k.pvMoves[:0], moves...)
	}
}

// match keeps an output line of the engine's if match_line matches it.
func (k *extras) match(out []byte) {
	if k.Capture.MatchLine != nil && len(k.matched) < maxKeptLines && k.Capture.MatchLine.Match(out) {
		k.matched = append(k.matched, string(out))
	}
}

// maxKeptLines bounds what a chatty engine can make a move's record hold.
const maxKeptLines = 32

// handOver gives the move's info its own PV text and lines, if it has any
// (with nothing asked: nothing, and no allocation).
func (k *extras) handOver(info *record.MoveInfo) {
	pv := k.Capture.PV && len(k.pvMoves) > 0
	if !pv && len(k.matched) == 0 {
		return
	}
	kept := &record.KeptText{Lines: k.matched}
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

func (k *extras) reset() {
	k.pvMoves = k.pvMoves[:0]
	k.matched = nil
}

// CaptureOf is what a run's engines keep: the PV when the PGN or a
// watcher wants it, and the lines matching match_line.
func CaptureOf(c *spec.Outputs, watched bool) (Capture, error) {
	lines, err := spec.CompileMatchLine(c.MatchLine)
	return Capture{PV: c.MoveFields.PV || watched, MatchLine: lines, ExactScores: c.ExactScores}, err
}
