package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// StartPosition is the position a game starts from: fen, or the initial
// position when fen is "" (as openings without a FEN give it).
func StartPosition(fen string) (*Position, error) {
	if fen == "" {
		return NewPosition(), nil
	}
	return ParseFEN(fen)
}

// ParseFEN reads a position in FEN, X-FEN or Shredder-FEN. The castling
// field may use KQkq (outermost rook on that side) or rook file letters
// (AHah); a non-standard king or rook placement switches Chess960 notation
// on. The move counters may be omitted. Errors say which field was wrong.
func ParseFEN(fen string) (*Position, error) { return ParseVariantFEN(Standard, fen) }

// ParseVariantFEN reads a position of variant v in FEN as Fairy-Stockfish
// and cutechess-cli write it: crazyhouse's pocket after the placement
// ("...RNBQKBNR[Qp]" or as a ninth rank "...RNBQKBNR/Qp") with promoted
// pieces marked "~", and n-check's checks still to give after the
// en-passant field ("- 3+3 0 1"; lichess's checks given, "+1+0" at the
// end, are read too).
func ParseVariantFEN(v Variant, fen string) (*Position, error) {
	if v >= numVariants {
		return nil, fmt.Errorf("fen %q: unknown variant %d", fen, v)
	}
	f := strings.Fields(fen)
	// No history yet: a position that is only checked (every opening of a
	// suite is) never needs one; the first move makes it (see record).
	p := &Position{ep: NoSquare, move0: 1, variant: v}
	var err error
	if f, err = p.takeVariantFields(f); err != nil {
		return nil, fmt.Errorf("fen %q: %w", fen, err)
	}
	if len(f) < 4 || len(f) > 6 {
		return nil, fmt.Errorf("fen %q: want 4 to 6 fields, got %d", fen, len(f))
	}
	for i := range p.castleRook {
		p.castleRook[i] = NoSquare
	}
	for i := range p.castleKeep {
		p.castleKeep[i] = 15
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return nil, fmt.Errorf("fen %q: placement has %d ranks, want 8", fen, len(ranks))
	}
	for i, row := range ranks {
		r, file := 7-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case c == '~' && file > 0 && p.variant.hasPockets() && p.board[MakeSquare(file-1, r)] != NoPiece:
				p.promoted |= sqBB(MakeSquare(file-1, r))
			default:
				pc, ok := pieceFromLetter(c)
				if !ok {
					return nil, fmt.Errorf("fen %q: rank %d: bad piece letter %q", fen, r+1, c)
				}
				if file > 7 {
					return nil, fmt.Errorf("fen %q: rank %d has more than 8 squares", fen, r+1)
				}
				if pc.Type() == Pawn && (r == 0 || r == 7) && !(p.variant == Horde && pc == MakePiece(White, Pawn) && r == 0) {
					return nil, fmt.Errorf("fen %q: pawn on rank %d", fen, r+1)
				}
				p.put(pc, MakeSquare(file, r))
				file++
			}
		}
		if file != 8 {
			return nil, fmt.Errorf("fen %q: rank %d has %d squares, want 8", fen, r+1, file)
		}
	}
	if err := p.checkKings(); err != nil {
		return nil, fmt.Errorf("fen %q: %w", fen, err)
	}
	switch f[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
		p.hash ^= zSide
	default:
		return nil, fmt.Errorf("fen %q: side to move %q, want w or b", fen, f[1])
	}
	p.start = p.side
	if p.variant == Standard && p.attacked(p.kingSq(p.side.Other()), p.side, p.occ()) || p.variant != Standard && p.royalAttacked(p.side.Other()) {
		return nil, fmt.Errorf("fen %q: the side not to move is in check", fen)
	}
	if p.variant == RacingKings && p.royalAttacked(p.side) {
		return nil, fmt.Errorf("fen %q: a king is in check, which racing kings never allows", fen)
	}
	if err := p.parseCastling(f[2]); err != nil {
		return nil, fmt.Errorf("fen %q: castling field %q: %w", fen, f[2], err)
	}
	p.hash ^= zCastle[p.castle]
	if f[3] != "-" {
		if len(f[3]) != 2 || f[3][0] < 'a' || f[3][0] > 'h' || f[3][1] < '1' || f[3][1] > '8' {
			return nil, fmt.Errorf("fen %q: en-passant field %q is not a square", fen, f[3])
		}
		ep := MakeSquare(int(f[3][0]-'a'), int(f[3][1]-'1'))
		want := 5
		if p.side == Black {
			want = 2
		}
		if ep.Rank() != want {
			return nil, fmt.Errorf("fen %q: en-passant square %s is on the wrong rank", fen, f[3])
		}
		// Keep it only when the capture is legal, so equal positions hash
		// equal whatever the FEN wrote.
		if p.pieces(p.side.Other(), Pawn).has(ep^8) && p.epCapturable(ep) {
			p.ep = ep
			p.hash ^= zEP[ep.File()]
		}
	}
	if len(f) > 4 {
		n, err := strconv.Atoi(f[4])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("fen %q: halfmove clock %q is not a count", fen, f[4])
		}
		p.rule50 = n
	}
	if len(f) > 5 {
		n, err := strconv.Atoi(f[5])
		if err != nil || n < 1 {
			return nil, fmt.Errorf("fen %q: fullmove number %q is not a positive number", fen, f[5])
		}
		p.move0 = n
	}
	p.finishVariant()
	return p, nil
}

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		color := White
		if c >= 'a' && c <= 'z' {
			color = Black
			c -= 'a' - 'A'
		}
		if p.pieces(color, King) == 0 {
			return fmt.Errorf("%c: %s has no king", s[i], color)
		}
		k := p.kingSq(color)
		backRank := 0
		if color == Black {
			backRank = 7
		}
		if k.Rank() != backRank {
			return fmt.Errorf("%c: king not on its first rank", s[i])
		}
		rooks := p.pieces(color, Rook) & (rank1 << (8 * uint(backRank)))
		rook := NoSquare
		switch {
		case c == 'K':
			for sq := MakeSquare(7, backRank); sq > k; sq-- {
				if rooks.has(sq) {
					rook = sq
					break
				}
			}
		case c == 'Q':
			for sq := MakeSquare(0, backRank); sq < k; sq++ {
				if rooks.has(sq) {
					rook = sq
					break
				}
			}
		case c >= 'A' && c <= 'H':
			sq := MakeSquare(int(c-'A'), backRank)
			if rooks.has(sq) {
				rook = sq
			}
		default:
			return fmt.Errorf("bad letter %q", s[i])
		}
		if rook == NoSquare {
			return fmt.Errorf("%c: no rook to castle with", s[i])
		}
		idx := 0
		if rook < k {
			idx = 1
		}
		if color == Black {
			idx += 2
		}
		if p.castle&(1<<idx) != 0 {
			return fmt.Errorf("%c: right given twice", s[i])
		}
		p.addCastling(idx, k, rook)
		if k.File() != 4 || (rook.File() != 0 && rook.File() != 7) {
			p.chess960 = true
		}
	}
	return nil
}

func (p *Position) addCastling(idx int, k, rook Square) {
	bit := uint8(1) << idx
	p.castle |= bit
	p.castleRook[idx] = rook
	p.castleKeep[k] &^= bit
	p.castleKeep[rook] &^= bit
	kTo, rTo := (Move(k) | Move(rook)<<6 | kindCastle).castleSquares()
	span := func(a, b Square) Bitboard { return between[a][b] | sqBB(a) | sqBB(b) }
	p.castlePath[idx] = (span(k, kTo) | span(rook, rTo)) &^ (sqBB(k) | sqBB(rook))
	// The king's destination is always checked, also when the king stays
	// put (Chess960): the rook leaving may uncover an attack along the rank.
	p.kingPath[idx] = span(k, kTo)&^sqBB(k) | sqBB(kTo)
}

// FEN returns the position in FEN. Castling is written KQkq when the rook is
// the outermost one on its side (always so in standard chess) and as the
// rook's file letter otherwise (X-FEN).
func (p *Position) FEN() string {
	return string(p.AppendFEN(make([]byte, 0, 90)))
}

// AppendFEN appends the FEN of p to dst.
func (p *Position) AppendFEN(dst []byte) []byte { return p.appendFEN(dst, false) }

// AppendShredderFEN appends the FEN of p with every castling right written
// as its rook's file letter (Shredder-FEN: "HAha"), the form Chess960
// engines read most reliably: some misread X-FEN's KQkq once the rooks
// have moved from their starting files.
func (p *Position) AppendShredderFEN(dst []byte) []byte { return p.appendFEN(dst, true) }

func (p *Position) appendFEN(dst []byte, shredder bool) []byte {
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, byte('0'+empty))
				empty = 0
			}
			dst = append(dst, pc.Letter())
			if p.promoted.has(MakeSquare(f, r)) {
				dst = append(dst, '~')
			}
		}
		if empty > 0 {
			dst = append(dst, byte('0'+empty))
		}
		if r > 0 {
			dst = append(dst, '/')
		}
	}
	dst = p.appendPocket(dst)
	dst = append(dst, ' ', "wb"[p.side], ' ')
	if p.castle == 0 {
		dst = append(dst, '-')
	}
	for idx := 0; idx < 4; idx++ {
		if p.castle&(1<<idx) == 0 {
			continue
		}
		color := Color(idx / 2)
		rook := p.castleRook[idx]
		k := p.kingSq(color)
		// Is there another rook further out on the same side?
		outer := p.pieces(color, Rook) & (rank1 << (8 * uint(rook.Rank())))
		var beyond Bitboard
		if rook > k {
			beyond = outer & ^(sqBB(rook)<<1 - 1)
		} else {
			beyond = outer & (sqBB(rook) - 1)
		}
		var c byte
		switch {
		case beyond != 0 || shredder:
			c = byte('A' + rook.File())
		case idx%2 == 0:
			c = 'K'
		default:
			c = 'Q'
		}
		if color == Black {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	dst = append(dst, ' ')
	if p.ep == NoSquare {
		dst = append(dst, '-')
	} else {
		dst = append(dst, byte('a'+p.ep.File()), byte('1'+p.ep.Rank()))
	}
	dst = p.appendChecksLeft(dst)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.rule50), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.FullmoveNumber()), 10)
	return dst
}
