package chess

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// PolyglotBook is a Polyglot opening book (.bin): 16-byte big-endian
// entries (key, move, weight, learn) sorted by key. The built-in engine
// and the runner's opening suites read it through this one type.
type PolyglotBook struct {
	entries []polyEntry
}

type polyEntry struct {
	key    uint64
	move   uint16
	weight uint16
}

// ParsePolyglot reads a book's bytes.
func ParsePolyglot(data []byte) (*PolyglotBook, error) {
	if len(data)%16 != 0 {
		return nil, fmt.Errorf("polyglot book: %d bytes is not a whole number of 16-byte entries", len(data))
	}
	es := make([]polyEntry, len(data)/16)
	for i := range es {
		e := data[16*i:]
		es[i] = polyEntry{binary.BigEndian.Uint64(e), binary.BigEndian.Uint16(e[8:]), binary.BigEndian.Uint16(e[10:])}
		if !polyglotMoveShape(es[i].move) {
			return nil, fmt.Errorf("polyglot book: entry %d: %#04x is not a Polyglot move (bytes that are not a book?)", i+1, es[i].move)
		}
	}
	if !sort.SliceIsSorted(es, func(a, b int) bool { return es[a].key < es[b].key }) {
		sort.SliceStable(es, func(a, b int) bool { return es[a].key < es[b].key })
	}
	return &PolyglotBook{entries: es}, nil
}

// Len is the number of entries.
func (b *PolyglotBook) Len() int { return len(b.entries) }

// Moves appends to dst the legal moves the book gives for p, with their
// weights, in the book's order.
func (b *PolyglotBook) Moves(p *Position, dst []WeightedMove) []WeightedMove {
	key := p.PolyglotKey()
	i := sort.Search(len(b.entries), func(i int) bool { return b.entries[i].key >= key })
	for ; i < len(b.entries) && b.entries[i].key == key; i++ {
		if m, ok := p.PolyglotMove(b.entries[i].move); ok {
			dst = append(dst, WeightedMove{m, int(b.entries[i].weight)})
		}
	}
	return dst
}

// WeightedMove is a book move and its weight.
type WeightedMove struct {
	Move   Move
	Weight int
}

// polyglotMoveShape says whether a move field can be one: from and to
// differ, the promotion piece is none or knight to queen, and the top bit,
// unused by the format, is clear. Random bytes fail it within a few entries.
func polyglotMoveShape(code uint16) bool {
	from, to := code>>6&63, code&63
	return code>>15 == 0 && code>>12&7 <= 4 && from != to
}
