package main

import (
	"strings"

	"github.com/notnil/chess"
)

// editBoard is the board being built in edit mode.
type editBoard struct {
	squares map[chess.Square]chess.Piece
	color   chess.Color // of the pieces being placed; "c" toggles it
}

// editCommand handles one line of edit mode: "#" clears the board, "c"
// toggles the colour of the pieces placed, "Pa4" places a piece ("xa4"
// empties the square), "." leaves. The side to move stays what it was.
func (e *xengine) editCommand(cmd string) {
	b := e.edit
	switch {
	case cmd == "#":
		b.squares = map[chess.Square]chess.Piece{}
	case cmd == "c":
		b.color = b.color.Other()
	case cmd == ".":
		e.edit = nil
		e.leaveEdit(b)
	case len(cmd) == 3 && strings.IndexByte("PNBRQKX", cmd[0]&^0x20) >= 0 && cmd[1] >= 'a' && cmd[1] <= 'h' && cmd[2] >= '1' && cmd[2] <= '8':
		sq := chess.NewSquare(chess.File(cmd[1]-'a'), chess.Rank(cmd[2]-'1'))
		kind := map[byte]chess.PieceType{'P': chess.Pawn, 'N': chess.Knight, 'B': chess.Bishop, 'R': chess.Rook, 'Q': chess.Queen, 'K': chess.King}[cmd[0]&^0x20]
		if kind == chess.NoPieceType {
			delete(b.squares, sq)
		} else {
			b.squares[sq] = chess.NewPiece(kind, b.color)
		}
	default:
		e.send("Error (edit mode): %s", cmd)
	}
}

// leaveEdit sets up the edited position: castling where king and rooks
// stand on their home squares, no en passant.
func (e *xengine) leaveEdit(b *editBoard) {
	has := func(sq chess.Square, p chess.Piece) bool { return b.squares[sq] == p }
	castle := ""
	if has(chess.E1, chess.WhiteKing) {
		if has(chess.H1, chess.WhiteRook) {
			castle += "K"
		}
		if has(chess.A1, chess.WhiteRook) {
			castle += "Q"
		}
	}
	if has(chess.E8, chess.BlackKing) {
		if has(chess.H8, chess.BlackRook) {
			castle += "k"
		}
		if has(chess.A8, chess.BlackRook) {
			castle += "q"
		}
	}
	if castle == "" {
		castle = "-"
	}
	fen := []string{chess.NewBoard(b.squares).String(), e.pos.Turn().String(), castle, "-", "0", "1"}
	pos, err := setPosition(append([]string{"fen"}, fen...))
	if err != nil {
		e.send("tellusererror Illegal position: %v", err)
		return
	}
	e.pos, e.lastMove, e.beforeIt = pos, "", nil
	e.resetSeen()
}
