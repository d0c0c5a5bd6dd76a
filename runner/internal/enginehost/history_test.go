package enginehost

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

// In a Chess960 game engines are told positions in Shredder-FEN, the
// opening's included, except that fullhistory=true gets the opening's FEN
// as it came; a standard game's FENs are plain FEN.
func TestChess960LinesTellEnginesShredderFEN(t *testing.T) {
	const opening = "qr1b2kr/p2p1pp1/bp2np2/2p4p/3P4/4PNN1/PPP2PPP/QR1B2KR w KQkq - 0 8"
	hist := NewHistory(opening, true)
	if got := hist.startFENFor(false); got != "qr1b2kr/p2p1pp1/bp2np2/2p4p/3P4/4PNN1/PPP2PPP/QR1B2KR w HBhb - 0 8" {
		t.Errorf("start told as %q", got)
	}
	if got := hist.startFENFor(true); got != opening {
		t.Errorf("fullhistory start told as %q, want the opening's %q", got, opening)
	}
	pos, _ := chess.ParseFEN(opening)
	mv, _ := pos.FromProtocol(protocol.MustParseMove("d4c5")) // a capture: the line keeps the position after it
	m := pos.CanonicalMove(mv)
	pos.MakeMove(mv)
	hist.Played(m, pos)
	if got := string(hist.zeroFEN); got != "qr1b2kr/p2p1pp1/bp2np2/2P4p/8/4PNN1/PPP2PPP/QR1B2KR b HBhb - 0 8" {
		t.Errorf("zeroing position told as %q", got)
	}
	std := NewHistory("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false)
	if got := std.startFENFor(false); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("standard start told as %q", got)
	}
}
