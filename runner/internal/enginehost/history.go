package enginehost

import (
	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

// History is the game so far as the engines are told it: its start and
// moves, and the last position after a capture or pawn move. No later
// position can repeat one before that, and its half-move clock is 0, so a
// UCI engine told that position and the moves since knows all the rules
// need, as c-chess-cli tells it. Replaying a whole game on every move costs
// an engine like stockfish about 0.2 ms more per move by the end of a long
// game (engines that read the history, Lc0 among them, may ask for all of
// it with fullhistory=true).
type History struct {
	openingFEN string // the opening's FEN as it came (fullhistory=true sends it)
	startFEN   string // the same position as engines are told it
	shredder   bool   // a Chess960 game: FENs autoplay writes name castling rooks by file
	moves      []protocol.Move
	zeroFEN    []byte // the FEN after the last capture or pawn move; empty before one
	zeroAt     int    // moves[zeroAt:] were played from zeroFEN
}

// NewHistory is the history of a game from startFEN ("" is the initial position),
// with room for a game's moves. In a Chess960 game the positions engines
// are told give castling rights as Shredder-FEN file letters ("HBhb"), the
// form they read most reliably: Glaurung 2.2 crashes on X-FEN's KQkq for
// rooks off the corners, and c-chess-cli writes Shredder-FEN too. An engine
// with fullhistory=true gets the opening's FEN as it came, and every move.
func NewHistory(startFEN string, chess960 bool) *History {
	l := &History{openingFEN: startFEN, startFEN: startFEN, shredder: chess960,
		zeroFEN: make([]byte, 0, 96)}
	if chess960 && startFEN != "" {
		if pos, err := chess.ParseFEN(startFEN); err == nil {
			l.startFEN = string(pos.AppendShredderFEN(nil))
		}
	}
	return l
}

// Position is the board after a move, as the history needs it.
type Position interface {
	HalfmoveClock() int
	AppendFEN(dst []byte) []byte
	AppendShredderFEN(dst []byte) []byte
}

// Reserve makes room for n more moves and an expected one besides (With),
// so that neither Played nor With allocates until they are played.
func (l *History) Reserve(n int) {
	if need := len(l.moves) + n + 1; need > cap(l.moves) {
		l.moves = append(make([]protocol.Move, 0, need), l.moves...)
	}
}

// Played records a move the board has just played; pos is the position after it.
func (l *History) Played(m protocol.Move, pos Position) {
	l.moves = append(l.moves, m)
	if pos.HalfmoveClock() == 0 {
		if l.shredder {
			l.zeroFEN = pos.AppendShredderFEN(l.zeroFEN[:0])
		} else {
			l.zeroFEN = pos.AppendFEN(l.zeroFEN[:0])
		}
		l.zeroAt = len(l.moves)
	}
}

// Moves are the moves played so far; the caller must not keep them.
func (l *History) Moves() []protocol.Move { return l.moves }

// Last is the last move played.
func (l *History) Last() protocol.Move { return l.moves[len(l.moves)-1] }

// With is the history with one more move, expected rather than played (for a
// ponder search); it shares l's storage and is valid until l moves on.
func (l *History) With(m protocol.Move) History {
	n := *l
	n.moves = append(l.moves, m)
	return n
}

// startFENFor is the start position an engine is told with all the moves:
// the opening's FEN as it came for an engine that reads the whole history.
func (l *History) startFENFor(fullHistory bool) string {
	if fullHistory {
		return l.openingFEN
	}
	return l.startFEN
}
