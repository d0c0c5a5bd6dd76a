package chess

// Color is a side: White or Black.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

// String returns "White" or "Black", as PGN endings spell them.
func (c Color) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// PieceType is a kind of piece without color.
type PieceType uint8

// Piece types; NoPieceType is 0 so the zero Piece is an empty square.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a colored piece: color<<3 | type; 0 is no piece.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of color c and type t.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's color; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = " PNBRQK  pnbrqk"

// Letter returns the FEN letter of p ('P', 'n', ...), or ' ' for NoPiece.
func (p Piece) Letter() byte { return pieceLetters[p] }

func pieceFromLetter(c byte) (Piece, bool) {
	for i := 1; i < len(pieceLetters); i++ {
		if pieceLetters[i] == c && c != ' ' {
			return Piece(i), true
		}
	}
	return NoPiece, false
}
