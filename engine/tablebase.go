package engine

import (
	"strconv"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/engine/syzygy"
)

// tbWinScore is a tablebase win: above any evaluation, below every mate,
// so that a mate the search finds still ranks first.
const tbWinScore = mateBound - 1000

// probeTB returns the tables' score for p from the side to move's view
// when p is in them and the fifty-move counter was just reset (as after a
// capture or pawn move, where a WDL result is exact); ok is false otherwise.
func (s *Searcher) probeTB(p *chess.Position, ply int) (int, bool) {
	if s.TB == nil || p.HalfmoveClock() != 0 || p.HasCastlingRights() || p.Occupied().Count() > s.TB.MaxPieces() {
		return 0, false
	}
	wdl, err := s.TB.ProbeWDL(p)
	if err != nil {
		return 0, false
	}
	switch wdl {
	case syzygy.Win:
		return tbWinScore - ply, true
	case syzygy.Loss:
		return -tbWinScore + ply, true
	}
	return int(wdl), true // draws; a cursed win or blessed loss a centipawn off
}

// tbRootMoves keeps the root moves that hold the tables' best result, when
// the root is in the tables: the search then chooses among them, and a won
// or drawn ending is never thrown away. Without DTZ the choice among
// winning moves is the search's.
func (s *Searcher) tbRootMoves(root []chess.Move) []chess.Move {
	p := s.pos
	if s.TB == nil || p.HasCastlingRights() || p.Occupied().Count() > s.TB.MaxPieces() {
		return root
	}
	best := syzygy.Loss
	results := make([]syzygy.WDL, len(root))
	for i, m := range root {
		p.MakeMove(m)
		wdl, err := s.TB.ProbeWDL(p)
		p.UnmakeMove()
		if err != nil {
			return root
		}
		results[i] = -wdl
		best = max(best, results[i])
	}
	kept := root[:0:0]
	for i, m := range root {
		if results[i] == best {
			kept = append(kept, m)
		}
	}
	s.reportString("tablebase: " + best.String() + ", " + strconv.Itoa(len(kept)) + " of " + strconv.Itoa(len(root)) + " moves keep it")
	return kept
}
