package chess

import "github.com/autoplay/autoplay/protocol"

// Perft counts the leaf nodes of the legal move tree to depth, counting the
// last ply in bulk from the move list's length.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.n)
	}
	var n uint64
	for _, m := range ml.Moves() {
		p.MakeMove(m)
		n += p.Perft(depth - 1)
		p.UnmakeMove()
	}
	return n
}

// DivideEntry is one root move and its subtree's leaf count.
type DivideEntry struct {
	Move  protocol.Move
	Nodes uint64
}

// Divide runs Perft below each root move, for comparing two move generators.
func (p *Position) Divide(depth int) []DivideEntry {
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.n)
	for _, m := range ml.Moves() {
		pm := p.ProtocolMove(m)
		p.MakeMove(m)
		out = append(out, DivideEntry{pm, p.Perft(depth - 1)})
		p.UnmakeMove()
	}
	return out
}
