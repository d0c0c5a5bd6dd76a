package chess

import (
	"errors"
	"fmt"
	"strings"

	"github.com/autoplay/autoplay/protocol"
)

// AppendSAN appends the Standard Algebraic Notation of the legal move m
// (e.g. "Nbd7", "exd6", "O-O", "e8=Q#") to dst without allocating.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	var ml MoveList
	if p.board[m.From()].Type() != Pawn {
		p.GenerateLegal(&ml)
	}
	dst = p.appendSANBody(dst, m, &ml)
	dst = p.playSANSuffix(dst, m)
	p.UnmakeMove()
	return dst
}

// PlaySAN plays the legal move pm denotes and appends its SAN to dst,
// generating the legal moves once for finding the move and spelling it.
func (p *Position) PlaySAN(dst []byte, pm protocol.Move) ([]byte, Move, bool) {
	var ml MoveList
	p.GenerateLegal(&ml)
	m, ok := ml.find(pm)
	if !ok {
		return dst, NoMove, false
	}
	dst = p.appendSANBody(dst, m, &ml)
	return p.playSANSuffix(dst, m), m, true
}

// playSANSuffix plays m and appends the check or mate sign it earns.
func (p *Position) playSANSuffix(dst []byte, m Move) []byte {
	p.MakeMove(m)
	if p.InCheck() {
		var ml MoveList
		p.GenerateLegal(&ml)
		if ml.n == 0 {
			dst = append(dst, '#')
		} else {
			dst = append(dst, '+')
		}
	}
	return dst
}

// SAN returns the Standard Algebraic Notation of the legal move m.
func (p *Position) SAN(m Move) string { return string(p.AppendSAN(make([]byte, 0, 8), m)) }

// appendSANBody spells m without its check sign; legal holds the position's
// legal moves when m is a piece move (for disambiguation).
func (p *Position) appendSANBody(dst []byte, m Move, legal *MoveList) []byte {
	if pt := m.Drop(); pt != NoPieceType {
		return append(dst, " PNBRQK"[pt], '@', byte('a'+m.To().File()), byte('1'+m.To().Rank()))
	}
	if m.IsCastle() {
		if m.To() > m.From() {
			return append(dst, "O-O"...)
		}
		return append(dst, "O-O-O"...)
	}
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	capture := p.board[to] != NoPiece || m.IsEnPassant()
	if pt == Pawn {
		if capture {
			dst = append(dst, byte('a'+from.File()), 'x')
		}
	} else {
		dst = append(dst, " PNBRQK"[pt])
		sameFile, sameRank, ambiguous := false, false, false
		for _, o := range legal.Moves() {
			if o.To() != to || o.From() == from || o.IsCastle() || p.board[o.From()].Type() != pt {
				continue
			}
			ambiguous = true
			sameFile = sameFile || o.From().File() == from.File()
			sameRank = sameRank || o.From().Rank() == from.Rank()
		}
		if ambiguous {
			if !sameFile {
				dst = append(dst, byte('a'+from.File()))
			} else if !sameRank {
				dst = append(dst, byte('1'+from.Rank()))
			} else {
				dst = append(dst, byte('a'+from.File()), byte('1'+from.Rank()))
			}
		}
		if capture {
			dst = append(dst, 'x')
		}
	}
	dst = append(dst, byte('a'+to.File()), byte('1'+to.Rank()))
	if pr := m.Promotion(); pr != NoPieceType {
		dst = append(dst, '=', " PNBRQK"[pr])
	}
	return dst
}

// Why ParseSAN refused a move, for callers that report it their own way.
var (
	ErrNotSAN     = errors.New("not a SAN move")
	ErrNoSuchMove = errors.New("illegal")
	ErrAmbiguous  = errors.New("ambiguous")
)

// ParseSAN finds the legal move written s in Standard Algebraic Notation.
// It accepts check marks and annotations (+ # ! ?), "0-0" for castling, a
// missing or extra disambiguation, and promotions with or without '='.
func (p *Position) ParseSAN(s string) (Move, error) {
	t := strings.TrimRight(s, "+#!?")
	var ml MoveList
	p.GenerateLegal(&ml)
	switch t {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		long := len(t) == 5
		for _, m := range ml.Moves() {
			if m.IsCastle() && (m.To() < m.From()) == long {
				return m, nil
			}
		}
		return NoMove, fmt.Errorf("san %q: castling is not legal here: %w", s, ErrNoSuchMove)
	}
	if piece, square, ok := strings.Cut(t, "@"); ok {
		return ml.parseDrop(s, piece, square)
	}
	pt := Pawn
	if len(t) > 0 && strings.IndexByte("NBRQK", t[0]) >= 0 {
		pt = PieceType(strings.IndexByte(" PNBRQK", t[0]))
		t = t[1:]
	}
	promo := NoPieceType
	if n := len(t); n > 0 && strings.IndexByte("NBRQK", t[n-1]) >= 0 { // K: antichess
		promo = PieceType(strings.IndexByte(" PNBRQK", t[n-1]))
		t = strings.TrimSuffix(t[:n-1], "=")
	}
	t = strings.ReplaceAll(t, "x", "")
	t = strings.ReplaceAll(t, "-", "")
	if len(t) < 2 || len(t) > 4 {
		return NoMove, fmt.Errorf("san %q: %w", s, ErrNotSAN)
	}
	dest := t[len(t)-2:]
	if dest[0] < 'a' || dest[0] > 'h' || dest[1] < '1' || dest[1] > '8' {
		return NoMove, fmt.Errorf("san %q: bad destination square: %w", s, ErrNotSAN)
	}
	to := MakeSquare(int(dest[0]-'a'), int(dest[1]-'1'))
	hint := t[:len(t)-2]
	found := NoMove
	for _, m := range ml.Moves() {
		if m.IsCastle() || m.To() != to || p.board[m.From()].Type() != pt || m.Promotion() != promo {
			continue
		}
		if !matchHint(m.From(), hint) {
			continue
		}
		if found != NoMove {
			return NoMove, fmt.Errorf("san %q: %w", s, ErrAmbiguous)
		}
		found = m
	}
	if found == NoMove {
		return NoMove, fmt.Errorf("san %q: %w", s, ErrNoSuchMove)
	}
	return found, nil
}

func matchHint(from Square, hint string) bool {
	for i := 0; i < len(hint); i++ {
		c := hint[i]
		switch {
		case c >= 'a' && c <= 'h':
			if from.File() != int(c-'a') {
				return false
			}
		case c >= '1' && c <= '8':
			if from.Rank() != int(c-'1') {
				return false
			}
		default:
			return false
		}
	}
	return true
}
