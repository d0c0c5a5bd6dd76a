package engine

import "github.com/autoplay/autoplay/engine/chess"

// The pawn cache. Pawns move seldom, so most positions a search evaluates
// share their pawns (and kings) with one evaluated a moment before: the
// terms that depend on them alone (pawnStructure, kingShelterScore) are
// kept by pawn structure and reused, exact, when both sides' pawns match,
// and the shelter too when the kings stand where they stood.

const pawnCacheSize = 1 << 13 // entries; 56 bytes each

// pawnEntry is what the evaluation takes from the pawns and kings alone.
type pawnEntry struct {
	pawns     [2]chess.Bitboard // by colour: the entry's key
	passed    [2]chess.Bitboard // by colour
	structure score             // pawnStructure, White's minus Black's
	shelter   score             // kingShelterScore, White's minus Black's
	kings     [2]chess.Square   // where the kings stood for shelter
	gen       uint32            // weightsGen when filled
}

// pawnCache is one searcher's table (nil: no cache, every term computed).
type pawnCache [pawnCacheSize]pawnEntry

// weightsGen counts SetWeights calls: an entry filled with other weights
// is stale.
var weightsGen uint32 = 1

// lookup returns p's entry, filling it first if the cache does not hold
// it; with no cache it computes one.
func (pc *pawnCache) lookup(p *chess.Position) pawnEntry {
	w, b := p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)
	kings := [2]chess.Square{p.KingSquare(chess.White), p.KingSquare(chess.Black)}
	if pc == nil {
		return newPawnEntry(p, w, b, kings)
	}
	e := &pc[pawnKey(p)&(pawnCacheSize-1)]
	if e.gen != weightsGen || e.pawns != [2]chess.Bitboard{w, b} {
		*e = newPawnEntry(p, w, b, kings)
	} else if e.kings != kings {
		e.kings = kings
		e.shelter = kingShelterScore(p, chess.White).sub(kingShelterScore(p, chess.Black))
	}
	return *e
}

// newPawnEntry computes p's entry (w and b its pawns, kings its kings).
func newPawnEntry(p *chess.Position, w, b chess.Bitboard, kings [2]chess.Square) pawnEntry {
	ws, wp := pawnStructure(p, chess.White)
	bs, bp := pawnStructure(p, chess.Black)
	return pawnEntry{
		pawns:     [2]chess.Bitboard{w, b},
		passed:    [2]chess.Bitboard{wp, bp},
		structure: ws.sub(bs),
		shelter:   kingShelterScore(p, chess.White).sub(kingShelterScore(p, chess.Black)),
		kings:     kings,
		gen:       weightsGen,
	}
}

// pawnKey hashes both sides' pawns; no incremental key is needed, two
// multiplications mix the bitboards well enough for a table index.
func pawnKey(p *chess.Position) uint64 {
	w, b := uint64(p.Pieces(chess.White, chess.Pawn)), uint64(p.Pieces(chess.Black, chess.Pawn))
	h := w*0x9e3779b97f4a7c15 ^ (b+0x632be59bd9b4e019)*0xbf58476d1ce4e5b9
	return h ^ h>>31
}
