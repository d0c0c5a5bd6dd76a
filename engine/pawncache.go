package engine

// The pawn cache. Pawns move seldom, so most positions a search evaluates
// share their pawns (and kings) with one evaluated a moment before: the
// terms that depend on them alone (pawnStructure, kingShelterScore) are
// kept by pawn structure and reused, exact, when both sides' pawns match,
// and the shelter too when the kings stand where they stood.

const pawnCacheSize = 1 << 13 // entries; 56 bytes each

// pawnEntry is what the evaluation takes from the pawns and kings alone.
type pawnEntry struct {
	pawns     [2]Bitboard // by colour: the entry's key
	passed    [2]Bitboard // by colour
	structure score       // pawnStructure, White's minus Black's
	shelter   score       // kingShelterScore, White's minus Black's
	kings     [2]Square   // where the kings stood for shelter
	gen       uint32      // weightsGen when filled
}

// pawnCache is one searcher's table (nil: no cache, every term computed).
type pawnCache [pawnCacheSize]pawnEntry

// weightsGen counts SetWeights calls: an entry filled with other weights
// is stale.
var weightsGen uint32 = 1

// lookup returns p's entry, filling it first if the cache does not hold
// it; with no cache it computes one.
func (pc *pawnCache) lookup(p *Position) pawnEntry {
	w, b := p.Pieces(White, Pawn), p.Pieces(Black, Pawn)
	kings := [2]Square{p.KingSquare(White), p.KingSquare(Black)}
	if pc == nil {
		return newPawnEntry(p, w, b, kings)
	}
	e := &pc[pawnKey(p)&(pawnCacheSize-1)]
	if e.gen != weightsGen || e.pawns != [2]Bitboard{w, b} {
		*e = newPawnEntry(p, w, b, kings)
	} else if e.kings != kings {
		e.kings = kings
		e.shelter = kingShelterScore(p, White).sub(kingShelterScore(p, Black))
	}
	return *e
}

// newPawnEntry computes p's entry (w and b its pawns, kings its kings).
func newPawnEntry(p *Position, w, b Bitboard, kings [2]Square) pawnEntry {
	ws, wp := pawnStructure(p, White)
	bs, bp := pawnStructure(p, Black)
	return pawnEntry{
		pawns:     [2]Bitboard{w, b},
		passed:    [2]Bitboard{wp, bp},
		structure: ws.sub(bs),
		shelter:   kingShelterScore(p, White).sub(kingShelterScore(p, Black)),
		kings:     kings,
		gen:       weightsGen,
	}
}

// pawnKey hashes both sides' pawns; no incremental key is needed, two
// multiplications mix the bitboards well enough for a table index.
func pawnKey(p *Position) uint64 {
	w, b := uint64(p.Pieces(White, Pawn)), uint64(p.Pieces(Black, Pawn))
	h := w*0x9e3779b97f4a7c15 ^ (b+0x632be59bd9b4e019)*0xbf58476d1ce4e5b9
	return h ^ h>>31
}
