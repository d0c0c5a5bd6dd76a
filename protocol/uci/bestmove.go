package uci

import (
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/scan"
)

var errMissingBestMove = &MoveError{Command: "bestmove"}

func parseBestMove(sc *scan.Scanner, msg *EngineMessage) error {
	tok := sc.Next()
	switch {
	case tok == nil:
		return errMissingBestMove
	case string(tok) == "(none)":
		// Stockfish's way of saying it has no legal move: no move, no error.
	default:
		m, ok := parseMove(tok)
		if !ok {
			return &MoveError{Command: "bestmove", Token: string(tok)}
		}
		msg.BestMove = m
	}
	if string(sc.Next()) == "ponder" {
		// A bad ponder move is not worth losing a game over: it stays zero.
		msg.Ponder, _ = parseMove(sc.Next())
	}
	return nil
}

// AppendBestMove appends "bestmove BEST [ponder PONDER]" and a newline. A zero
// best move is written as "(none)", as Stockfish does when it has no legal
// move; a zero ponder move is left out.
func AppendBestMove(dst []byte, best, ponder protocol.Move) []byte {
	dst = append(dst, "bestmove "...)
	if best.IsZero() {
		dst = append(dst, "(none)"...)
	} else {
		dst = best.AppendTo(dst)
	}
	if !ponder.IsZero() {
		dst = append(dst, " ponder "...)
		dst = ponder.AppendTo(dst)
	}
	return append(dst, '\n')
}
