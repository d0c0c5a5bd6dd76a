package engine

import "github.com/autoplay/autoplay/engine/chess"

// The search works on the rules core of engine/chess; these are its names
// for the core's types and values, so that the search reads as before.
type (
	Position    = chess.Position
	Move        = chess.Move
	MoveList    = chess.MoveList
	Color       = chess.Color
	Piece       = chess.Piece
	PieceType   = chess.PieceType
	Square      = chess.Square
	Bitboard    = chess.Bitboard
	Status      = chess.Status
	DivideEntry = chess.DivideEntry
)

// The core's constants the search uses.
const (
	White  = chess.White
	Black  = chess.Black
	NoMove = chess.NoMove

	NoPieceType = chess.NoPieceType
	Pawn        = chess.Pawn
	Knight      = chess.Knight
	Bishop      = chess.Bishop
	Rook        = chess.Rook
	Queen       = chess.Queen
	King        = chess.King
	NoPiece     = chess.NoPiece
	NoSquare    = chess.NoSquare
	StartFEN    = chess.StartFEN

	Ongoing              = chess.Ongoing
	Checkmate            = chess.Checkmate
	Stalemate            = chess.Stalemate
	InsufficientMaterial = chess.InsufficientMaterial
	FiftyMoveRule        = chess.FiftyMoveRule
	Repetition           = chess.Repetition
)

// The core's constructors.
var (
	ParseFEN    = chess.ParseFEN
	NewPosition = chess.NewPosition
	MakeSquare  = chess.MakeSquare
	MakePiece   = chess.MakePiece
)
