package xboard

import (
	"strconv"

	"github.com/autoplay/autoplay/protocol"
)

// AppendMove appends "move MOVE" and a newline: the engine's move.
func AppendMove(dst []byte, m protocol.Move) []byte {
	return append(m.AppendTo(append(dst, "move "...)), '\n')
}

// AppendPong appends "pong N" and a newline, the answer to "ping N".
func AppendPong(dst []byte, n int) []byte {
	return append(strconv.AppendInt(append(dst, "pong "...), int64(n), 10), '\n')
}

// AppendResultClaim appends "RESULT {COMMENT}" and a newline, with which an
// engine claims the game's end: "1-0 {White mates}".
func AppendResultClaim(dst []byte, result, comment string) []byte {
	dst = append(dst, result...)
	dst = append(dst, " {"...)
	dst = append(dst, comment...)
	return append(dst, "}\n"...)
}

// AppendIllegalMove appends "Illegal move: MOVE", or "Illegal move (REASON):
// MOVE" when reason is set, and a newline.
func AppendIllegalMove(dst []byte, reason, move string) []byte {
	dst = append(dst, "Illegal move"...)
	if reason != "" {
		dst = append(dst, " ("...)
		dst = append(dst, reason...)
		dst = append(dst, ')')
	}
	dst = append(dst, ": "...)
	dst = append(dst, move...)
	return append(dst, '\n')
}

// AppendError appends "Error (TYPE): COMMAND" and a newline, the answer to
// a command the engine cannot carry out ("unknown command", "too many
// arguments").
func AppendError(dst []byte, errType, command string) []byte {
	dst = append(dst, "Error ("...)
	dst = append(dst, errType...)
	dst = append(dst, "): "...)
	dst = append(dst, command...)
	return append(dst, '\n')
}

// AppendComment appends "# TEXT" and a newline, which GUIs log and ignore.
func AppendComment(dst []byte, text string) []byte {
	return append(append(append(dst, "# "...), text...), '\n')
}
