package pgn

import (
	"fmt"
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
)

// checkStart checks that fen is a position a game can start from, with the
// engine's board: one king a side, no pawn on the first or last rank, the
// side not to move not in check, castling rights that match king and rook
// squares, and an en-passant square only behind a pawn that has just made
// its double step (FEN records one after every double step, so a square
// where no capture is possible is accepted, as the standard says). It
// returns a *FENError naming the first problem.
func checkStart(fen string) (*chess.Position, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, &FENError{fen, fenReason(err)}
	}
	f := strings.Fields(fen)
	if f[3] == "-" {
		return pos, nil
	}
	ep := chess.MakeSquare(int(f[3][0]-'a'), int(f[3][1]-'1'))
	mover := pos.SideToMove()
	pusher := mover.Other()
	pawnAt, from := ep-8, ep+8 // white to move: black's pawn stepped from rank 7 to 5
	if mover == chess.Black {
		pawnAt, from = ep+8, ep-8
	}
	if pos.PieceAt(pawnAt) != chess.MakePiece(pusher, chess.Pawn) || pos.PieceAt(ep) != chess.NoPiece || pos.PieceAt(from) != chess.NoPiece {
		return nil, &FENError{fen, fmt.Sprintf("en-passant square %s, but no %s pawn has just stepped past it", f[3], strings.ToLower(pusher.String()))}
	}
	return pos, nil
}

// needsChess960 says whether a start's castling rights need Chess960 rules:
// file letters in the castling field, or a castling king or rook off the
// standard squares.
func needsChess960(fen string, pos *chess.Position) bool {
	f := strings.Fields(fen)
	return len(f) > 2 && strings.Trim(f[2], "KQkq-") != "" || pos.Chess960()
}
