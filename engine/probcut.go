package engine

import "github.com/autoplay/autoplay/engine/chess"

// ProbCut: at a node deep enough, a capture that beats beta by a wide margin
// in a much shallower search almost surely beats beta in the full one. The
// captures tried are those whose exchange alone could make up the distance
// from the static evaluation to that raised beta; each is first checked by
// the quiescence search, which rejects most of them for almost nothing.
const (
	probCutDepth     = 5   // the least depth it is tried at
	probCutMargin    = 200 // centipawns above beta
	probCutReduction = 4   // plies the verifying search is shallower by
)

// probCut returns the node's score, and true, when a capture proves it
// fails high.
func (s *Searcher) probCut(beta, depth, ply, raw, static int, e ttEntry, hit bool, ttMove chess.Move) (int, bool) {
	p := s.pos
	pcBeta := beta + probCutMargin
	// A table entry as deep as the verifying search that says the node
	// stays below the raised beta makes the attempt pointless.
	if hit && int(e.depth) >= depth-probCutReduction+1 && e.bound() != boundLower &&
		scoreFromTT(int(e.score), ply) < pcBeta {
		return 0, false
	}
	var ml chess.MoveList
	p.GenerateCaptures(&ml)
	var scores [256]int32
	s.scoreMoves(&ml, scores[:ml.Len()], ttMove, ply)
	for i := 0; i < ml.Len(); i++ {
		m := pickNext(ml.Moves(), scores[:ml.Len()], i)
		if p.SEE(m) < pcBeta-static {
			continue
		}
		s.moveAt[ply] = movePieceTo(p, m)
		p.MakeMove(m)
		sc := -s.quiesce(-pcBeta, -pcBeta+1, ply+1)
		if sc >= pcBeta {
			sc = -s.negamax(-pcBeta, -pcBeta+1, depth-probCutReduction, ply+1, false)
		}
		p.UnmakeMove()
		if s.stop.Load() {
			return 0, false
		}
		if sc >= pcBeta {
			s.TT.store(p.Hash(), m, scoreToTT(sc, ply), raw, depth-probCutReduction+1, boundLower)
			return sc, true
		}
	}
	return 0, false
}
