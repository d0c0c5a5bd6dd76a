package runner

import (
	"strings"

	"github.com/autoplay/autoplay/protocol"
)

// keeper gathers, on an engine's reader goroutine, the extras a run asked
// for: the last PV and the lines matching match_line. With nothing asked it
// does nothing, so the per-move path stays free of allocations.
type keeper struct {
	capture
	pvMoves []protocol.Move // reused: copied out as text only at the move
	lines   []string
}

func (k *keeper) pv(moves []protocol.Move) {
	if k.capture.pv {
		k.pvMoves = append(k.pvMoves[:0], moves...)
	}
}

func (k *keeper) line(line []byte) {
	if k.capture.lines != nil && len(k.lines) < maxKeptLines && k.capture.lines.Match(line) {
		k.lines = append(k.lines, string(line))
	}
}

// maxKeptLines bounds what a chatty engine can make a move's record hold.
const maxKeptLines = 32

// handOver gives the move's info its own PV text and lines.
func (k *keeper) handOver(info *moveInfo) {
	if k.capture.pv && len(k.pvMoves) > 0 {
		var b strings.Builder
		for i, m := range k.pvMoves {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(m.String())
		}
		info.PV = b.String()
	}
	info.Lines = k.lines
}

func (k *keeper) reset() {
	k.pvMoves = k.pvMoves[:0]
	k.lines = nil
}
