package game

import (
	"errors"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

// Color and Status are the chess core's: one declaration for the project.
type (
	Color  = chess.Color
	Status = chess.Status
)

// The two sides.
const (
	White = chess.White
	Black = chess.Black
)

// Position statuses that end a game, and Ongoing.
const (
	Ongoing              = chess.Ongoing
	Checkmate            = chess.Checkmate
	Stalemate            = chess.Stalemate
	InsufficientMaterial = chess.InsufficientMaterial
	FiftyMoves           = chess.FiftyMoveRule
	ThreefoldRepetition  = chess.Repetition
)

// ErrIllegalMove is returned by Board.Play for a move that is not legal in the
// current position.
var ErrIllegalMove = errors.New("illegal move")

// Rules is the small chess core the runner needs: BitboardRules serves it
// (engine/chess); notnil/chess serves it too, as the test oracle.
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
	// Outcome is Status with the result the board's variant gives it
	// (chess.Position.Outcome); chess's result may be left to the caller.
	Outcome() (Status, chess.Result)
	// Reserve makes room for n more moves, so that Play does not allocate
	// until they are played.
	Reserve(n int)
	// Legal says whether a move is legal in the current position, and gives
	// it as Play would return it, without playing it.
	Legal(m protocol.Move) (protocol.Move, bool)
	// SAN spells a legal move of the current position in SAN.
	SAN(m protocol.Move) (string, error)
	// PlaySAN plays a legal move, as Play does, and gives its SAN: one
	// search of the legal moves for what SAN then Play would do twice.
	PlaySAN(m protocol.Move) (string, error)
	// ParseSAN reads a legal move of the current position written in SAN.
	ParseSAN(san string) (protocol.Move, error)
	// FEN describes the current position.
	FEN() string
	// AppendFEN appends the FEN to dst, for the per-move path.
	AppendFEN(dst []byte) []byte
	// AppendShredderFEN appends the FEN with castling rights as rook files.
	AppendShredderFEN(dst []byte) []byte
	// HalfmoveClock is the plies since the last capture or pawn move.
	HalfmoveClock() int
	// FullMoveNumber is the number of the current full move, as in FEN.
	FullMoveNumber() int
}
