package xboard

import (
	"strconv"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// AppendCommand appends a command that takes no argument ("xboard", "new",
// "force", "go", "post", "hard", "?", "quit", ...) and a newline.
func AppendCommand(dst []byte, k CommandKind) []byte {
	return append(append(dst, k.String()...), '\n')
}

// AppendCommandN appends a command with one integer argument: "protover 2",
// "ping 7", "sd 12", "nps 5000", "memory 64", "cores 1".
func AppendCommandN(dst []byte, k CommandKind, n int) []byte {
	dst = append(dst, k.String()...)
	dst = strconv.AppendInt(append(dst, ' '), int64(n), 10)
	return append(dst, '\n')
}

// AppendCommandArg appends a command with one text argument: "accepted
// setboard", "rejected san", "variant fischerandom", "setboard FEN",
// "name Stockfish".
func AppendCommandArg(dst []byte, k CommandKind, arg string) []byte {
	dst = append(dst, k.String()...)
	dst = append(append(dst, ' '), arg...)
	return append(dst, '\n')
}

// AppendClock appends "time N" or "otim N" (k is CmdTime or CmdOtim) with
// the clock in centiseconds; a negative clock is sent as 0.
func AppendClock(dst []byte, k CommandKind, d time.Duration) []byte {
	dst = append(dst, k.String()...)
	dst = strconv.AppendInt(append(dst, ' '), int64(max(d, 0)/(10*time.Millisecond)), 10)
	return append(dst, '\n')
}

// AppendSt appends "st SECONDS" and a newline. The protocol takes whole
// seconds: d is rounded down, but to no less than 1.
func AppendSt(dst []byte, d time.Duration) []byte {
	dst = append(dst, "st "...)
	dst = strconv.AppendInt(dst, max(int64(d/time.Second), 1), 10)
	return append(dst, '\n')
}

// AppendUserMove appends a coordinate move, prefixed with "usermove " when
// the engine asked for it with feature usermove=1, and a newline.
func AppendUserMove(dst []byte, m protocol.Move, prefixed bool) []byte {
	if prefixed {
		dst = append(dst, "usermove "...)
	}
	return append(m.AppendTo(dst), '\n')
}

// AppendUserMoveText is AppendUserMove for a move in another notation, SAN
// for an engine that declared san=1.
func AppendUserMoveText(dst []byte, move string, prefixed bool) []byte {
	if prefixed {
		dst = append(dst, "usermove "...)
	}
	return append(append(dst, move...), '\n')
}

// AppendResult appends "result RESULT {COMMENT}" and a newline; result is
// WhiteWins, BlackWins, Draw or Unfinished.
func AppendResult(dst []byte, result, comment string) []byte {
	dst = append(dst, "result "...)
	dst = append(dst, result...)
	dst = append(dst, " {"...)
	dst = append(dst, comment...)
	return append(dst, "}\n"...)
}

// AppendSetOption appends "option NAME=VALUE" and a newline.
func AppendSetOption(dst []byte, name, value string) []byte {
	dst = append(dst, "option "...)
	dst = append(dst, name...)
	dst = append(dst, '=')
	dst = append(dst, value...)
	return append(dst, '\n')
}

// AppendPushButton appends "option NAME" and a newline, which presses a
// button, save or reset option.
func AppendPushButton(dst []byte, name string) []byte {
	dst = append(dst, "option "...)
	dst = append(dst, name...)
	return append(dst, '\n')
}
