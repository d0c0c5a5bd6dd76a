package main

import (
	"fmt"
	"math/rand"
	"strings"

	"github.com/notnil/chess"
)

// pieceValue is in centipawns; the king's value only ranks captures.
var pieceValue = map[chess.PieceType]int{
	chess.Pawn: 100, chess.Knight: 300, chess.Bishop: 300,
	chess.Rook: 500, chess.Queen: 900, chess.King: 10000,
}

// setPosition decodes the arguments of a UCI position command
// ("startpos|fen F [moves m1 m2 ...]"). On a bad FEN or an illegal move it
// keeps what it could apply and returns the error for an info string.
func setPosition(args []string) (*chess.Position, error) {
	pos := chess.StartingPosition()
	if len(args) == 0 {
		return pos, fmt.Errorf("position: nothing after \"position\"")
	}
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		var fields []string
		for len(rest) > 0 && rest[0] != "moves" {
			fields, rest = append(fields, rest[0]), rest[1:]
		}
		// notnil/chess insists on 6 fields; GUIs may send 4.
		for len(fields) >= 4 && len(fields) < 6 {
			fields = append(fields, map[int]string{4: "0", 5: "1"}[len(fields)])
		}
		pos = &chess.Position{}
		if err := pos.UnmarshalText([]byte(strings.Join(fields, " "))); err != nil {
			return chess.StartingPosition(), fmt.Errorf("position fen %q: %w", strings.Join(fields, " "), err)
		}
	default:
		return pos, fmt.Errorf("position: want startpos or fen, got %q", args[0])
	}
	if len(rest) > 0 && rest[0] == "moves" {
		for i, text := range rest[1:] {
			m := findMove(pos, text)
			if m == nil {
				return pos, fmt.Errorf("position: move %d %q is illegal", i+1, text)
			}
			pos = pos.Update(m)
		}
	}
	return pos, nil
}

// findMove is the legal move of pos written text in UCI notation, or nil.
// Taking it from ValidMoves keeps the check tags Update relies on.
func findMove(pos *chess.Position, text string) *chess.Move {
	for _, m := range pos.ValidMoves() {
		if m.String() == text {
			return m
		}
	}
	return nil
}

// choice is a move and the score the engine reports for it.
type choice struct {
	move  *chess.Move
	mate  bool // the move mates: report "score mate 1"
	score int  // centipawns from the mover's side, after the move
}

// chooseMove picks deterministically (given rng's seed and history) among
// the legal moves so that games end: a mate if there is one, else a capture
// of the most valuable piece, else a queen promotion, else any move. It
// returns a zero choice when there is no legal move.
func chooseMove(pos *chess.Position, rng *rand.Rand) choice {
	moves := pos.ValidMoves()
	if len(moves) == 0 {
		return choice{}
	}
	var mates, best []*chess.Move
	bestRank := -1
	for _, m := range moves {
		if pos.Update(m).Status() == chess.Checkmate {
			mates = append(mates, m)
		}
		rank := 0
		switch victim := pos.Board().Piece(m.S2()).Type(); {
		case victim != chess.NoPieceType:
			rank = 2 + pieceValue[victim]
		case m.HasTag(chess.EnPassant):
			rank = 2 + pieceValue[chess.Pawn]
		case m.Promo() == chess.Queen:
			rank = 1
		}
		if rank > bestRank {
			best, bestRank = best[:0], rank
		}
		if rank == bestRank {
			best = append(best, m)
		}
	}
	if len(mates) > 0 {
		return choice{move: mates[rng.Intn(len(mates))], mate: true}
	}
	m := best[rng.Intn(len(best))]
	return choice{move: m, score: material(pos.Update(m), pos.Turn())}
}

// material is side's material minus the opponent's, in centipawns.
func material(pos *chess.Position, side chess.Color) int {
	total := 0
	for _, p := range pos.Board().SquareMap() {
		if p.Type() == chess.King {
			continue
		}
		if p.Color() == side {
			total += pieceValue[p.Type()]
		} else {
			total -= pieceValue[p.Type()]
		}
	}
	return total
}

// illegalMove is a well-formed coordinate move that is not legal in pos,
// with a note on why, checked against ValidMoves. kind "color" moves one of
// the opponent's pieces to an empty square; "jump" sends one of the mover's
// own pieces three ranks ahead (e2e5 from the start) or, failing that, to any
// square its moves cannot reach.
func illegalMove(pos *chess.Position, kind string) (move, why string) {
	legal := map[string]bool{}
	for _, m := range pos.ValidMoves() {
		legal[m.String()] = true
	}
	board := pos.Board()
	var candidates [][2]chess.Square
	var reasons []string
	for s1 := chess.A1; s1 <= chess.H8; s1++ {
		p := board.Piece(s1)
		if p == chess.NoPiece {
			continue
		}
		mine := p.Color() == pos.Turn()
		switch {
		case kind == "color" && !mine:
			for s2 := chess.A1; s2 <= chess.H8; s2++ {
				if board.Piece(s2) == chess.NoPiece {
					candidates = append(candidates, [2]chess.Square{s1, s2})
					reasons = append(reasons, "moves the opponent's "+pieceName(p))
				}
			}
		case kind == "jump" && mine:
			ahead := 3
			if pos.Turn() == chess.Black {
				ahead = -3
			}
			if r := int(s1.Rank()) + ahead; r >= 0 && r < 8 {
				candidates = append(candidates, [2]chess.Square{s1, chess.NewSquare(s1.File(), chess.Rank(r))})
				reasons = append(reasons, "jumps the "+pieceName(p)+" three ranks")
			}
			for s2 := chess.A1; s2 <= chess.H8; s2++ {
				if s2 != s1 {
					candidates = append(candidates, [2]chess.Square{s1, s2})
					reasons = append(reasons, "sends the "+pieceName(p)+" where it cannot go")
				}
			}
		}
	}
	for i, c := range candidates {
		if text := c[0].String() + c[1].String(); !legal[text] {
			return text, reasons[i]
		}
	}
	// Unreachable on a real board (every side has a king); stay well-formed.
	return "a1a1", "moves from a square to itself"
}

// pieceName is "white knight"-style text for info strings.
func pieceName(p chess.Piece) string {
	names := map[chess.PieceType]string{
		chess.King: "king", chess.Queen: "queen", chess.Rook: "rook",
		chess.Bishop: "bishop", chess.Knight: "knight", chess.Pawn: "pawn",
	}
	color := "white"
	if p.Color() == chess.Black {
		color = "black"
	}
	return color + " " + names[p.Type()]
}
