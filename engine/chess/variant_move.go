package chess

import (
	"fmt"
	"strings"

	"github.com/autoplay/autoplay/protocol"
)

// Moves only variants play, packed in the codes the standard kinds leave
// free. A Move's top four bits are its code: 0 a plain move, 4-7 promotion
// to N, B, R, Q, 8 en passant, 12 castling. Codes 0 and 8 and 12 never carry
// promotion bits in chess, so a plain move with promotion bits 1 is
// promotion to king (antichess), and 9, 10, 11, 13, 14 are drops of P, N,
// B, R, Q from the pocket (crazyhouse), written with from = to = the square
// dropped on. Standard chess never makes these codes, and its make and
// unmake never see them.

const (
	codeKingPromotion = 1
)

// promotionOfCode is the piece a move's code promotes to.
var promotionOfCode = [16]PieceType{
	codeKingPromotion: King,
	4:                 Knight, 5: Bishop, 6: Rook, 7: Queen,
}

// dropOfCode is the piece a move's code drops.
var dropOfCode = [16]PieceType{9: Pawn, 10: Knight, 11: Bishop, 13: Rook, 14: Queen}

// dropCode is the code of a drop of each piece type.
var dropCode = [7]Move{Pawn: 9, Knight: 10, Bishop: 11, Rook: 13, Queen: 14}

// newDrop is the drop of a piece of type pt on s.
func newDrop(pt PieceType, s Square) Move { return Move(s) | Move(s)<<6 | dropCode[pt]<<12 }

// newKingPromotion is the promotion of the pawn on from to a king on to.
func newKingPromotion(from, to Square) Move {
	return Move(from) | Move(to)<<6 | codeKingPromotion<<12
}

// Drop returns the piece type m drops from the pocket, or NoPieceType when
// m moves a piece on the board.
func (m Move) Drop() PieceType { return dropOfCode[m>>12] }

// isCapture reports whether m takes a piece in p (en passant included).
func (p *Position) isCapture(m Move) bool {
	if m.Drop() != NoPieceType || m.IsCastle() {
		return false
	}
	return m.IsEnPassant() || p.board[m.To()] != NoPiece
}

// parseVariantUCI finds the legal move written s where s is a move only
// variants have (a drop "N@f3", a promotion to king "a7a8k"), which
// protocol.ParseMove does not read.
func (p *Position) parseVariantUCI(s string) (Move, bool) {
	if p.variant == Standard || len(s) < 4 || len(s) > 5 {
		return NoMove, false
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	var buf [8]byte
	for _, m := range ml.Moves() {
		if string(m.AppendUCI(buf[:0], p.chess960)) == s {
			return m, true
		}
	}
	return NoMove, false
}

// findDrop is the drop of the list that pm ("N@f3") denotes. The piece
// letter is read in either case: engines write drops uppercase for both
// sides, and a few lowercase for Black.
func (ml *MoveList) findDrop(pm protocol.Move) (Move, bool) {
	b := pm.Bytes()
	pt := NoPieceType
	switch pm.Drop() | 0x20 {
	case 'p':
		pt = Pawn
	case 'n':
		pt = Knight
	case 'b':
		pt = Bishop
	case 'r':
		pt = Rook
	case 'q':
		pt = Queen
	}
	to := MakeSquare(int(b[2]-'a'), int(b[3]-'1'))
	for _, m := range ml.Moves() {
		if m.Drop() == pt && m.To() == to {
			return m, true
		}
	}
	return NoMove, false
}

// parseDrop finds the drop SAN s writes as piece@square ("N@f3", "P@e4",
// or "@e4" for a pawn) among the legal moves.
func (ml *MoveList) parseDrop(s, piece, square string) (Move, error) {
	pt := Pawn
	if piece != "" {
		i := strings.IndexByte(" PNBRQ", piece[0])
		if len(piece) != 1 || i < 1 {
			return NoMove, fmt.Errorf("san %q: bad piece to drop: %w", s, ErrNotSAN)
		}
		pt = PieceType(i)
	}
	if len(square) != 2 || square[0] < 'a' || square[0] > 'h' || square[1] < '1' || square[1] > '8' {
		return NoMove, fmt.Errorf("san %q: bad square to drop on: %w", s, ErrNotSAN)
	}
	to := MakeSquare(int(square[0]-'a'), int(square[1]-'1'))
	for _, m := range ml.Moves() {
		if m.Drop() == pt && m.To() == to {
			return m, nil
		}
	}
	return NoMove, fmt.Errorf("san %q: %w", s, ErrNoSuchMove)
}
