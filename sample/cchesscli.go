package sample

import (
	"strconv"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/runner/spec"
)

// c-chess-cli's -sample CSV (format=csv), as its game.c and engine.c write
// it: one "FEN,Eval,Result" line a sample, no header; Eval the engine's
// last score in centipawns from the side to move's view, a mate in n moves
// 32767−n and mated in n −32768+n (int16 bounds: NNUE trainers read it as
// such); Result 0 the side to move lost, 1 a draw, 2 it won. Chess960
// castling rights are written as the rooks' files, as c-chess-cli does.
const (
	cchessMating = 32767  // INT16_MAX
	cchessMated  = -32768 // INT16_MIN
	// cchessMateBand: c-chess-cli takes a score within 1024 of a bound as
	// a mate (is_mating, is_mated).
	cchessMateBand = 1024
)

func appendCChessCLI(dst []byte, s *Sample) []byte {
	eval := s.Score
	switch {
	case s.Mate > 0:
		eval = cchessMating - s.Mate
	case s.Mate < 0:
		eval = cchessMated - s.Mate
	}
	dst = append(dst, s.FEN...)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(eval), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(s.Result+1), 10)
	return append(dst, '\n')
}

// fenOf is the position as the format writes it: c-chess-cli's CSV gives
// Chess960 castling rights as the rooks' files.
func fenOf(pos *chess.Position, format string) string {
	if format == spec.SampleCSV && pos.Chess960() {
		return string(pos.AppendShredderFEN(make([]byte, 0, 90)))
	}
	return pos.FEN()
}
