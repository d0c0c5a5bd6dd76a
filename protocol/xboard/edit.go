package xboard

import (
	"fmt"
	"strings"
)

// AppendEdit appends the edit-mode sequence that sets up the position of fen
// on an engine without setboard (Fairy-Max declares setboard=0): "force", for
// black to move a dummy "a2a3" (the protocol's way to hand black the move;
// "usermove a2a3" when prefixed), then "edit", "#", the white pieces ("Ke1"),
// "c", the black pieces and ".". Send "new" (and the game's setup) first, so
// that a2a3 is legal. Edit mode cannot say castling rights or the en passant
// square: engines assume castling wherever king and rook stand at home.
func AppendEdit(dst []byte, fen string, prefixed bool) ([]byte, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return dst, fmt.Errorf("edit: FEN %q: want placement and side to move", fen)
	}
	var board [8][8]byte // [rank][file], rank 0 is rank 8
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return dst, fmt.Errorf("edit: FEN %q: %d ranks", fen, len(ranks))
	}
	for r, rank := range ranks {
		f := 0
		for i := 0; i < len(rank); i++ {
			c := rank[i]
			switch {
			case c >= '1' && c <= '8':
				f += int(c - '0')
			case strings.IndexByte("PNBRQKpnbrqk", c) >= 0:
				if f < 8 {
					board[r][f] = c
				}
				f++
			default:
				return dst, fmt.Errorf("edit: FEN %q: bad piece %q", fen, c)
			}
		}
		if f != 8 {
			return dst, fmt.Errorf("edit: FEN %q: rank %d has %d squares", fen, 8-r, f)
		}
	}
	if fields[1] != "w" && fields[1] != "b" {
		return dst, fmt.Errorf("edit: FEN %q: bad side to move %q", fen, fields[1])
	}
	dst = append(dst, "force\n"...)
	if fields[1] == "b" {
		if prefixed {
			dst = append(dst, "usermove "...)
		}
		dst = append(dst, "a2a3\n"...)
	}
	dst = append(dst, "edit\n#\n"...)
	for _, white := range []bool{true, false} {
		if !white {
			dst = append(dst, "c\n"...)
		}
		for row := 7; row >= 0; row-- { // rank 1 first
			for f := 0; f < 8; f++ {
				c := board[row][f]
				if c == 0 || (c < 'a') != white {
					continue
				}
				dst = append(dst, c&^0x20, byte('a'+f), byte('8'-row), '\n')
			}
		}
	}
	return append(dst, ".\n"...), nil
}
