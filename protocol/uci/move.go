package uci

import (
	"fmt"

	"github.com/autoplay/autoplay/protocol"
)

// MoveError reports a move token that is missing or is not a coordinate
// move; the runner turns it into "makes an illegal move: TOKEN".
type MoveError struct {
	Command string // the command or message that carried the move: "bestmove", "position"
	Token   string // the offending text as sent; "" when the move was missing
}

// Error says which command carried which bad move.
func (e *MoveError) Error() string {
	if e.Token == "" {
		return e.Command + ": missing move"
	}
	return fmt.Sprintf("%s: bad move %q", e.Command, e.Token)
}

// parseMove is protocol.ParseMove that also takes an upper-case promotion
// letter ("e7e8Q"), which some older engines send.
func parseMove(tok []byte) (protocol.Move, bool) {
	if len(tok) == 5 && tok[4] >= 'A' && tok[4] <= 'Z' {
		var buf [5]byte
		copy(buf[:], tok)
		buf[4] += 'a' - 'A'
		return protocol.ParseMove(buf[:])
	}
	return protocol.ParseMove(tok)
}
