package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// The parts of a FEN only variants have: crazyhouse's pocket and promoted
// pieces, n-check's counters, and who may have how many kings.

// pocketOrder is the order pockets are written in, as Fairy-Stockfish does.
const pocketOrder = "QRBNP"

// takeVariantFields reads the pocket and check counters out of the FEN's
// fields and returns the fields ParseFEN reads, without them.
func (p *Position) takeVariantFields(f []string) ([]string, error) {
	if len(f) == 0 {
		return f, nil
	}
	f = append([]string(nil), f...)
	placement, pocket, hasPocket := splitPocket(f[0], p.variant.hasPockets())
	if hasPocket {
		if !p.variant.hasPockets() {
			return nil, fmt.Errorf("pocket %q in a %s position (only crazyhouse has pockets)", pocket, p.variant)
		}
		f[0] = placement
		for i := 0; i < len(pocket); i++ {
			pc, ok := pieceFromLetter(pocket[i])
			if !ok || pc.Type() == King {
				return nil, fmt.Errorf("pocket %q: %q is not a piece that can be dropped", pocket, pocket[i])
			}
			if p.pocket[pc.Color()][pc.Type()] >= 64 {
				return nil, fmt.Errorf("pocket %q: more than 64 %c", pocket, pocket[i])
			}
			p.pocket[pc.Color()][pc.Type()]++
		}
	}
	limit := p.variant.checkLimit()
	if limit == 0 {
		return f, nil
	}
	p.checksLeft = [2]uint8{limit, limit}
	// Fairy-Stockfish's checks still to give, after the en-passant field.
	if len(f) > 4 && strings.Contains(f[4], "+") && !strings.HasPrefix(f[4], "+") {
		w, b, err := checkPair(f[4], limit)
		if err != nil {
			return nil, fmt.Errorf("check counters %q: %w", f[4], err)
		}
		p.checksLeft = [2]uint8{w, b}
		f = append(f[:4], f[5:]...)
	}
	// Lichess's checks given, at the end.
	if last := f[len(f)-1]; len(f) > 4 && strings.HasPrefix(last, "+") {
		w, b, err := checkPair(last[1:], limit)
		if err != nil {
			return nil, fmt.Errorf("checks given %q: %w", last, err)
		}
		p.checksLeft = [2]uint8{limit - w, limit - b}
		f = f[:len(f)-1]
	}
	return f, nil
}

// splitPocket splits "placement[pocket]", or a ninth rank
// "placement/pocket" where the variant has pockets (elsewhere a ninth rank
// is a placement's mistake, and said so).
func splitPocket(s string, ninthRank bool) (placement, pocket string, ok bool) {
	if strings.HasSuffix(s, "]") {
		if i := strings.IndexByte(s, '['); i >= 0 {
			return s[:i], s[i+1 : len(s)-1], true
		}
	}
	if ninthRank && strings.Count(s, "/") == 8 {
		i := strings.LastIndexByte(s, '/')
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// checkPair reads "W+B", two counts of checks from 0 to limit.
func checkPair(s string, limit uint8) (w, b uint8, err error) {
	ws, bs, ok := strings.Cut(s, "+")
	if !ok {
		return 0, 0, fmt.Errorf("want two counts joined by +")
	}
	var n [2]uint8
	for i, t := range [2]string{ws, bs} {
		v, err := strconv.Atoi(t)
		if err != nil || v < 0 || v > int(limit) {
			return 0, 0, fmt.Errorf("%q is not a count from 0 to %d", t, limit)
		}
		n[i] = uint8(v)
	}
	return n[0], n[1], nil
}

// checkKings checks the kings the variant needs: one each where the king
// is royal, any number in antichess (where it is a plain piece), none
// for horde's pawns, and none for atomic's side whose king blew up.
func (p *Position) checkKings() error {
	for c := White; c <= Black; c++ {
		n := p.pieces(c, King).Count()
		switch {
		case p.variant.antichessFamily():
		case p.variant == Horde && c == White && n == 0:
		case p.variant == Atomic && n == 0: // exploded: the game is over
		case n != 1:
			return fmt.Errorf("%s has %d kings, want 1", c, n)
		}
	}
	return nil
}

// epCapturable reports whether the side to move may take en passant on ep:
// in chess, legally (so equal positions hash equal); in variants, by a pawn
// standing next to it (the move generator judges the rest).
func (p *Position) epCapturable(ep Square) bool {
	if p.variant == Standard {
		return p.epLegal(ep)
	}
	return pawnAttacks[p.side.Other()][ep]&p.pieces(p.side, Pawn) != 0
}

// finishVariant drops the castling rights of a variant that has no
// castling, and adds the pocket and counters to the hash.
func (p *Position) finishVariant() {
	if p.variant == Standard {
		return
	}
	switch p.variant {
	case Antichess, Suicide, RacingKings, NoCastling:
		if p.castle != 0 {
			p.hash ^= zCastle[p.castle] ^ zCastle[0]
			p.castle = 0
		}
	}
	p.hash ^= p.variantKey()
}

// appendPocket writes crazyhouse's pocket, "[]" when empty.
func (p *Position) appendPocket(dst []byte) []byte {
	if !p.variant.hasPockets() {
		return dst
	}
	dst = append(dst, '[')
	for c := White; c <= Black; c++ {
		for i := 0; i < len(pocketOrder); i++ {
			pc, _ := pieceFromLetter(pocketOrder[i])
			pc = MakePiece(c, pc.Type())
			for n := p.pocket[c][pc.Type()]; n > 0; n-- {
				dst = append(dst, pc.Letter())
			}
		}
	}
	return append(dst, ']')
}

// appendChecksLeft writes n-check's checks still to give, " 3+3".
func (p *Position) appendChecksLeft(dst []byte) []byte {
	if p.variant.checkLimit() == 0 {
		return dst
	}
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.checksLeft[White]), 10)
	dst = append(dst, '+')
	return strconv.AppendInt(dst, int64(p.checksLeft[Black]), 10)
}

// NewVariantPosition returns the start position of variant v.
func NewVariantPosition(v Variant) *Position {
	p, err := ParseVariantFEN(v, v.StartFEN())
	if err != nil {
		panic(err)
	}
	return p
}
