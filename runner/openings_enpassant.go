package runner

import (
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
)

// enPassantAsTools writes an opening FEN's en-passant field as the tools
// write the FEN tag and the position they send: the square only when a
// capture there is legal ("d6" after 2...d5 with no pawn beside it is "-"),
// as fastchess does and autoplay does everywhere; with pseudoLegal, as
// cutechess-cli reads an EPD, whenever a pawn of the side to move stands
// beside the pawn that stepped, even one pinned to its king. Any other
// field stays as written; a FEN that does not parse is left to the checks.
func enPassantAsTools(fen string, pseudoLegal bool) string {
	f := strings.Fields(fen)
	if len(f) < 4 || f[3] == "-" {
		return fen
	}
	pos, err := chess.StartPosition(fen)
	if err != nil {
		return fen
	}
	ep := pos.EnPassant().String()
	if pseudoLegal && ep == "-" && pawnBeside(f[0], f[1], f[3]) {
		ep = f[3]
	}
	if ep == f[3] {
		return fen
	}
	f[3] = ep
	return strings.Join(f, " ")
}

// pawnBeside says whether a pawn of the side to move (side "w" or "b")
// stands on a file next to the en-passant square ep, on the rank from
// which it would take there.
func pawnBeside(placement, side, ep string) bool {
	ranks := strings.Split(placement, "/")
	if len(ranks) != 8 || len(ep) != 2 {
		return false
	}
	row, pawn := 3, byte('P') // White takes from rank 5: the FEN's 4th rank text
	if side == "b" {
		row, pawn = 4, 'p' // Black from rank 4
	}
	var squares []byte
	for i := 0; i < len(ranks[row]); i++ {
		c := ranks[row][i]
		if c >= '1' && c <= '8' {
			squares = append(squares, strings.Repeat(".", int(c-'0'))...)
		} else {
			squares = append(squares, c)
		}
	}
	file := int(ep[0] - 'a')
	for _, f := range []int{file - 1, file + 1} {
		if f >= 0 && f < len(squares) && squares[f] == pawn {
			return true
		}
	}
	return false
}
