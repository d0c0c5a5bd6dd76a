package runner

import (
	"errors"

	"github.com/autoplay/autoplay/protocol"
)

// Color is a side in a game.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "White" or "Black", as the PGN endings spell it.
func (c Color) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Status is the state of a position under the rules of chess.
type Status uint8

// Position statuses that end a game, and Ongoing.
const (
	Ongoing Status = iota
	Checkmate
	Stalemate
	InsufficientMaterial
	FiftyMoves
	ThreefoldRepetition
)

// ErrIllegalMove is returned by Board.Play for a move that is not legal in the
// current position.
var ErrIllegalMove = errors.New("illegal move")

// Rules is the small chess core the runner needs. notnil/chess serves it
// first; a faster bitboard core can replace it behind this interface.
type Rules interface {
	// NewBoard sets up a game from a FEN; "" is the standard initial position.
	NewBoard(fen string) (Board, error)
}

// Board is one game's position and history under the rules.
type Board interface {
	// Turn is the side to move.
	Turn() Color
	// Play applies a move in coordinate notation, or returns ErrIllegalMove.
	// It returns the move as the runner keeps and forwards it: castling,
	// whichever way the engine wrote it, as the king's step marked with its
	// rook (see protocol.Move.Castling).
	Play(m protocol.Move) (protocol.Move, error)
	// Status tells whether the game is over by the rules, repetition included.
	Status() Status
	// SAN spells a legal move of the current position in SAN.
	SAN(m protocol.Move) (string, error)
	// ParseSAN reads a legal move of the current position written in SAN.
	ParseSAN(san string) (protocol.Move, error)
	// FEN describes the current position.
	FEN() string
	// FullMoveNumber is the number of the current full move, as in FEN.
	FullMoveNumber() int
}
