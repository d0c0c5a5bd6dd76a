package runner

import "github.com/autoplay/autoplay/protocol"

// gameLine is the game so far as the engines are told it: its start and
// moves, and the last position after a capture or pawn move. No later
// position can repeat one before that, and its half-move clock is 0, so a
// UCI engine told that position and the moves since knows all the rules
// need, as c-chess-cli tells it. Replaying a whole game on every move costs
// an engine like stockfish about 0.2 ms more per move by the end of a long
// game (engines that read the history, Lc0 among them, may ask for all of
// it with fullhistory=true).
type gameLine struct {
	startFEN string
	moves    []protocol.Move
	zeroFEN  []byte // the FEN after the last capture or pawn move; empty before one
	zeroAt   int    // moves[zeroAt:] were played from zeroFEN
}

// played records a move the board has just played.
func (l *gameLine) played(m protocol.Move, board Board) {
	l.moves = append(l.moves, m)
	if board.HalfmoveClock() == 0 {
		l.zeroFEN = board.AppendFEN(l.zeroFEN[:0])
		l.zeroAt = len(l.moves)
	}
}

// last is the last move played.
func (l *gameLine) last() protocol.Move { return l.moves[len(l.moves)-1] }

// with is the line with one more move, expected rather than played (for a
// ponder search); it shares l's storage and is valid until l moves on.
func (l *gameLine) with(m protocol.Move) gameLine {
	n := *l
	n.moves = append(l.moves, m)
	return n
}
