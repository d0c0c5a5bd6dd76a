package engine

import (
	"encoding/binary"
	"fmt"
	"sort"
)

type polyEntry struct {
	key    uint64
	move   uint16
	weight uint16
}

// parsePolyglot reads a Polyglot .bin book: 16-byte big-endian entries
// (key, move, weight, learn), sorted by key.
func parsePolyglot(data []byte) ([]polyEntry, error) {
	if len(data)%16 != 0 {
		return nil, fmt.Errorf("polyglot book: %d bytes is not a whole number of 16-byte entries", len(data))
	}
	es := make([]polyEntry, len(data)/16)
	for i := range es {
		e := data[16*i:]
		es[i] = polyEntry{binary.BigEndian.Uint64(e), binary.BigEndian.Uint16(e[8:]), binary.BigEndian.Uint16(e[10:])}
	}
	if !sort.SliceIsSorted(es, func(a, b int) bool { return es[a].key < es[b].key }) {
		sort.SliceStable(es, func(a, b int) bool { return es[a].key < es[b].key })
	}
	return es, nil
}

func polyFind(es []polyEntry, key uint64) []polyEntry {
	i := sort.Search(len(es), func(i int) bool { return es[i].key >= key })
	j := i
	for j < len(es) && es[j].key == key {
		j++
	}
	return es[i:j]
}
