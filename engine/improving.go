package engine

// noEval marks a ply whose side to move was in check: no static
// evaluation to compare with.
const noEval = -infinity

// setRootEval records the root's static evaluation, which the nodes two
// and four plies down compare theirs with.
func (s *Searcher) setRootEval() {
	s.evals[0] = noEval
	if !s.pos.InCheck() {
		e, hit := s.TT.probe(s.pos.Hash())
		_, s.evals[0] = s.staticEval(e, hit)
	}
}

// improving says whether the side to move at ply stands better by its
// static evaluation than at its previous turn (two plies back, or four if
// it was in check then). Its moves are then worth more of a look: a
// position going its way is where a quiet move most often turns out best.
// In check it is not; with no earlier turn to compare, it is.
func (s *Searcher) improving(ply int) bool {
	eval := s.evals[ply]
	if eval == noEval {
		return false
	}
	for back := 2; back <= 4 && back <= ply; back += 2 {
		if prev := s.evals[ply-back]; prev != noEval {
			return eval > prev
		}
	}
	return true
}
