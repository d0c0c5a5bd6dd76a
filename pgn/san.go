package pgn

import (
	"errors"
	"strings"

	"github.com/autoplay/autoplay/protocol"
	"github.com/notnil/chess"
)

var (
	errNotSAN    = errors.New("not a SAN move")
	errIllegal   = errors.New("illegal")
	errAmbiguous = errors.New("ambiguous")
)

// sanMove is a SAN move taken apart: what it asks for, not yet checked
// against a position.
type sanMove struct {
	castle   chess.MoveTag // KingSideCastle, QueenSideCastle or 0
	piece    chess.PieceType
	fromFile int // 0..7 or -1
	fromRank int // 0..7 or -1
	to       chess.Square
	promo    chess.PieceType
}

// parseSAN reads SAN leniently: check and annotation marks, "e.p.", capture
// signs and hyphens are ignored; castling may be written with zeros; the
// promotion "=" may be left out; over-specified origins are accepted.
func parseSAN(san string) (sanMove, error) {
	s := strings.TrimSuffix(san, "e.p.")
	s = strings.TrimRight(s, "+#!?")
	switch s {
	case "O-O", "0-0":
		return sanMove{castle: chess.KingSideCastle}, nil
	case "O-O-O", "0-0-0":
		return sanMove{castle: chess.QueenSideCastle}, nil
	}
	m := sanMove{piece: chess.Pawn, fromFile: -1, fromRank: -1, promo: chess.NoPieceType}
	if s != "" {
		if p := pieceFromLetter(s[0]); p != chess.NoPieceType {
			m.piece, s = p, s[1:]
		} else if s[0] == 'P' {
			s = s[1:]
		}
	}
	if n := len(s); n > 0 {
		if p := pieceFromLetter(s[n-1]); p != chess.NoPieceType && p != chess.King {
			m.promo, s = p, strings.TrimSuffix(s[:n-1], "=")
		}
	}
	s = strings.NewReplacer("x", "", "-", "", ":", "").Replace(s)
	if len(s) < 2 || len(s) > 4 || !isFile(s[len(s)-2]) || !isRank(s[len(s)-1]) {
		return m, errNotSAN
	}
	m.to = chess.NewSquare(chess.File(s[len(s)-2]-'a'), chess.Rank(s[len(s)-1]-'1'))
	for _, c := range []byte(s[:len(s)-2]) {
		switch {
		case isFile(c) && m.fromFile < 0:
			m.fromFile = int(c - 'a')
		case isRank(c) && m.fromRank < 0:
			m.fromRank = int(c - '1')
		default:
			return m, errNotSAN
		}
	}
	if m.promo != chess.NoPieceType && m.piece != chess.Pawn {
		return m, errNotSAN
	}
	return m, nil
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

func pieceFromLetter(c byte) chess.PieceType {
	switch c {
	case 'K':
		return chess.King
	case 'Q':
		return chess.Queen
	case 'R':
		return chess.Rook
	case 'B':
		return chess.Bishop
	case 'N':
		return chess.Knight
	}
	return chess.NoPieceType
}

// find returns the one legal move in pos that m describes.
func (m sanMove) find(pos *chess.Position) (*chess.Move, error) {
	var found *chess.Move
	for _, mv := range pos.ValidMoves() {
		if !m.matches(pos, mv) {
			continue
		}
		if found != nil {
			return nil, errAmbiguous
		}
		found = mv
	}
	if found == nil {
		return nil, errIllegal
	}
	return found, nil
}

func (m sanMove) matches(pos *chess.Position, mv *chess.Move) bool {
	if m.castle != 0 {
		return mv.HasTag(m.castle)
	}
	if mv.HasTag(chess.KingSideCastle) || mv.HasTag(chess.QueenSideCastle) {
		return false
	}
	from := mv.S1()
	return mv.S2() == m.to &&
		mv.Promo() == m.promo &&
		pos.Board().Piece(from).Type() == m.piece &&
		(m.fromFile < 0 || int(from.File()) == m.fromFile) &&
		(m.fromRank < 0 || int(from.Rank()) == m.fromRank)
}

// coordinate returns mv in coordinate notation, castling as the king's
// move ("e1g1").
func coordinate(mv *chess.Move) protocol.Move {
	var b [5]byte
	from, to := mv.S1(), mv.S2()
	b[0], b[1] = 'a'+byte(from.File()), '1'+byte(from.Rank())
	b[2], b[3] = 'a'+byte(to.File()), '1'+byte(to.Rank())
	n := 4
	if p := mv.Promo().String(); p != "" {
		b[4], n = p[0], 5
	}
	pm, _ := protocol.ParseMove(b[:n])
	return pm
}
