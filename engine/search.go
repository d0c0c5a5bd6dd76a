package engine

import (
	"sync/atomic"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/engine/syzygy"
	"github.com/autoplay/autoplay/protocol"
)

const (
	maxPly    = 120
	infinity  = 32001
	mateScore = 32000
	mateBound = mateScore - maxPly // scores beyond this are mates
)

//go:generate go test -run TestLMRTableIsGenerated -update-lmr .

// Result is what a search found.
type Result struct {
	Best, Ponder chess.Move
	Score        int // centipawns, or ±(mateScore - plies) for mates
	Depth        int
	Nodes        uint64
}

// Searcher runs one search at a time on its own copy of a position. Stop,
// PonderHit and Nodes may be called from other goroutines while Search runs.
type Searcher struct {
	TT       *TT
	Overhead time.Duration // Move Overhead: time lost per move outside the engine
	// OnInfo, if set, receives one report per finished iteration, and a
	// last one when a stop cuts an iteration short. The Info is reused;
	// copy what you keep.
	OnInfo func(*protocol.Info)
	// Book, if set, is consulted at the root and, at every iteration, for
	// root moves that transpose into a book position.
	Book *Book
	// TB, if set, holds Syzygy tables: the root keeps only the moves that
	// hold their result, and the search scores positions in them.
	TB *syzygy.Tables

	stop      atomic.Bool
	pondering atomic.Bool
	startNs   atomic.Int64 // the clock starts at "go", or at ponderhit
	nodes     atomic.Uint64

	pos      *chess.Position
	limits   Limits
	budget   timeBudget
	counter  uint64
	selDepth int
	rootPly  int

	pv       [maxPly + 1][maxPly + 1]chess.Move
	pvLen    [maxPly + 1]int
	killers  [maxPly + 1][2]chess.Move
	history  [2][64][64]int32
	excluded [maxPly + 1]chess.Move // a move a singular search leaves out, by ply
	cont     *contHistory           // see history.go
	pawns    *pawnCache             // see pawncache.go
	corr     *correction            // see correction.go
	moveAt   [maxPly + 1]pieceTo    // the move made at each ply of the line searched
	evals    [maxPly + 1]int        // static evaluation by ply (noEval in check): see improving.go
	bookMove chess.Move             // a root move leading into a book position
	info     protocol.Info
	reported []chess.Move  // the PV of the last finished iteration's report
	strength strengthLimit // UCI_LimitStrength: see strength.go
	depth1   bool          // depth 1 is complete: a strength limit may stop the search
	cold     bool          // the tables are fresh memory, not yet written: see Warm
}

// NewSearcher returns a searcher with a transposition table of hashMB.
func NewSearcher(hashMB int) *Searcher {
	// The tables (1.8 MB beside the hash) are fresh memory, all zero but
	// not yet mapped: Warm writes them, so that an engine answers uci
	// without paying 450 page faults first.
	return &Searcher{TT: NewTT(hashMB), Overhead: 20 * time.Millisecond, cont: new(contHistory), pawns: new(pawnCache), corr: new(correction), cold: true}
}

// Warm writes the hash table's and the searcher's fresh memory, which the
// system maps on first touch: done at isready, it spares the first search
// thousands of page faults on the clock.
func (s *Searcher) Warm() {
	s.TT.Warm()
	if s.cold {
		s.ClearHistory()
		*s.pawns = pawnCache{}
		s.cold = false
	}
}

// Stop asks a running search to finish as soon as possible. A Stop that
// comes before Search starts stops that search at once.
func (s *Searcher) Stop() { s.stop.Store(true) }

// PonderHit tells a pondering search that the expected move was played:
// from now on it runs on the clock.
func (s *Searcher) PonderHit() {
	s.startNs.Store(time.Now().UnixNano())
	s.pondering.Store(false)
}

// ClearHistory forgets move-ordering statistics, for a new game.
func (s *Searcher) ClearHistory() {
	s.history = [2][64][64]int32{}
	*s.cont = contHistory{}
	*s.corr = correction{}
	s.killers = [maxPly + 1][2]chess.Move{}
}

func (s *Searcher) elapsed() time.Duration {
	return time.Duration(time.Now().UnixNano() - s.startNs.Load())
}

// Search searches pos (which it leaves unchanged) within lim and returns the
// best move. In ponder or infinite mode it does not return before Stop (or
// PonderHit, for ponder), even when it has nothing more to search.
func (s *Searcher) Search(pos *chess.Position, lim Limits) Result {
	s.startNs.Store(time.Now().UnixNano())
	s.pondering.Store(lim.Ponder)
	s.nodes.Store(0)
	s.counter = 0
	s.pos = pos.Clone()
	s.limits = lim
	s.budget = budget(lim, pos.SideToMove(), s.Overhead)
	s.rootPly = s.pos.Ply()
	s.TT.newSearch()
	s.newSearchSeed()
	s.depth1 = false
	for i := range s.killers {
		s.killers[i] = [2]chess.Move{}
	}
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= historyCarry
			}
		}
	}

	res := s.iterate()
	s.nodes.Store(s.counter)
	// A pondering or infinite search must wait for the GUI's word.
	for !s.stop.Load() && (lim.Infinite || s.pondering.Load()) {
		time.Sleep(time.Millisecond)
	}
	res.Nodes = s.counter
	// Clear the stop for the next search; one that arrives from now on
	// answers a search that is already over.
	s.stop.Store(false)
	return res
}

func (s *Searcher) iterate() Result {
	p := s.pos
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	root := make([]chess.Move, 0, ml.Len())
	for _, m := range ml.Moves() {
		if len(s.limits.SearchMoves) == 0 || containsMove(s.limits.SearchMoves, m) {
			root = append(root, m)
		}
	}
	var res Result
	if len(root) == 0 {
		return res
	}
	root = s.tbRootMoves(root)
	res.Best = root[0]
	if e, ok := s.TT.probe(p.Hash()); ok && containsMove(root, e.move) {
		res.Best = e.move
	}
	s.bookMove = chess.NoMove
	if s.Book != nil {
		if m, ok := s.Book.Probe(p); ok && containsMove(root, m) {
			s.reportString("book move " + m.String())
			res.Best = m
			res.Ponder = s.bookReply(m)
			return res
		}
	}
	s.setRootEval()
	maxDepth := maxPly - 10
	if s.limits.Depth > 0 {
		maxDepth = min(s.limits.Depth, maxDepth)
	}
	prev := 0
	stable := 0 // iterations in a row that kept the best move
	for depth := 1; depth <= maxDepth; depth++ {
		s.selDepth = 0
		alpha, beta, delta := -infinity, infinity, 20
		if depth >= 5 {
			alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
		}
		var sc int
		for {
			sc = s.searchRoot(root, alpha, beta, depth)
			if s.stop.Load() {
				break
			}
			if sc <= alpha {
				beta = (alpha + beta) / 2
				alpha = max(sc-delta, -infinity)
			} else if sc >= beta {
				beta = min(sc+delta, infinity)
			} else {
				break
			}
			delta += delta / 2
		}
		if s.stop.Load() && depth > 1 {
			// Keep a move found by the cut iteration only if it was fully
			// searched and beat the old best.
			if s.pvLen[0] > 0 && s.pv[0][0] != res.Best && sc > prev && sc > alpha {
				res.Best, res.Ponder = s.pv[0][0], chess.NoMove
				if s.pvLen[0] > 1 {
					res.Ponder = s.pv[0][1]
				}
				// The moves left unsearched could only raise its score.
				s.report(depth, sc, protocol.BoundLower, s.pv[0][:s.pvLen[0]])
			} else if res.Depth > 0 {
				s.report(res.Depth, res.Score, protocol.BoundExact, s.reported)
			}
			break
		}
		fell := depth > 1 && sc < prev-softStopFall
		prev = sc
		res.Score, res.Depth = sc, depth
		s.depth1 = true
		if s.pvLen[0] > 0 && s.pv[0][0] == res.Best {
			stable++
		} else {
			stable = 0
		}
		if s.pvLen[0] > 0 {
			res.Best = s.pv[0][0]
			res.Ponder = chess.NoMove
			if s.pvLen[0] > 1 {
				res.Ponder = s.pv[0][1]
			}
		}
		// The best move goes first at the next depth.
		for i, m := range root {
			if m == res.Best {
				copy(root[1:i+1], root[:i])
				root[0] = m
				break
			}
		}
		s.reported = append(s.reported[:0], s.pv[0][:s.pvLen[0]]...)
		s.report(depth, sc, protocol.BoundExact, s.reported)
		if s.bookMove == chess.NoMove && s.Book != nil {
			s.bookMove = s.bookOnPV()
		}
		if s.bookMove != chess.NoMove {
			s.reportString("book transposition: " + s.pos.ProtocolMove(s.bookMove).String() + " reaches a book position")
			res.Best = s.bookMove
			res.Ponder = s.bookReply(s.bookMove)
			return res
		}
		if s.limits.Mate > 0 && sc >= mateBound && (mateScore-sc+1)/2 <= s.limits.Mate {
			break
		}
		// A mate seen with plenty of depth to spare will not change.
		if !s.limits.Infinite && (sc >= mateBound || sc <= -mateBound) && depth >= 2*(mateScore-abs(sc))+4 {
			break
		}
		if s.budget.timed && !s.pondering.Load() && !s.limits.Infinite {
			if (!s.budget.fixed && s.elapsed() > softStop(s.budget.optimum, stable, fell)) || len(root) == 1 {
				break
			}
		}
	}
	if res.Ponder == chess.NoMove {
		res.Ponder = s.ponderFromTT(res.Best)
	}
	return res
}

// bookPVPlies is how far along the principal variation a transposition into
// the book is looked for.
const bookPVPlies = 4

// bookOnPV returns the first PV move when the principal variation reaches a
// book position within its first plies: the search itself expects that line.
func (s *Searcher) bookOnPV() chess.Move {
	p := s.pos
	n := min(s.pvLen[0], bookPVPlies)
	found := chess.NoMove
	i := 0
	for ; i < n; i++ {
		p.MakeMove(s.pv[0][i])
		if s.Book.Contains(p) {
			found = s.pv[0][0]
			i++
			break
		}
	}
	for ; i > 0; i-- {
		p.UnmakeMove()
	}
	return found
}

// bookReply returns the book's answer to our move m, for pondering.
func (s *Searcher) bookReply(m chess.Move) chess.Move {
	s.pos.MakeMove(m)
	defer s.pos.UnmakeMove()
	r, _ := s.Book.Probe(s.pos)
	return r
}

func (s *Searcher) reportString(text string) {
	if s.OnInfo == nil {
		return
	}
	s.info.Reset()
	s.info.String = text
	s.OnInfo(&s.info)
}

func (s *Searcher) ponderFromTT(best chess.Move) chess.Move {
	p := s.pos
	p.MakeMove(best)
	defer p.UnmakeMove()
	e, ok := s.TT.probe(p.Hash())
	if !ok || e.move == chess.NoMove {
		return chess.NoMove
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	if containsMove(ml.Moves(), e.move) {
		return e.move
	}
	return chess.NoMove
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func containsMove(ms []chess.Move, m chess.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// report sends an iteration's line. A stop that cuts an iteration short
// sends one more, with the nodes and time of the whole search: a GUI that
// compares its clock with the engine's last reported time then measures
// its pipes, not our unreported search.
func (s *Searcher) report(depth, sc int, bound protocol.Bound, pv []chess.Move) {
	if s.OnInfo == nil {
		return
	}
	in := &s.info
	in.Reset()
	in.Depth = depth
	in.SelDepth = max(s.selDepth, depth)
	in.Score = scoreToProtocol(sc)
	in.Score.Bound = bound
	in.Nodes = s.counter
	in.Time = s.elapsed()
	if ms := in.Time.Milliseconds(); ms > 0 {
		in.NPS = in.Nodes * 1000 / uint64(ms)
	}
	in.HashFull = s.TT.HashFull()
	for _, m := range pv {
		in.PV = append(in.PV, s.pos.ProtocolMove(m))
	}
	s.OnInfo(in)
}

func scoreToProtocol(sc int) protocol.Score {
	switch {
	case sc >= mateBound:
		return protocol.Score{Kind: protocol.ScoreMate, Value: (mateScore - sc + 1) / 2}
	case sc <= -mateBound:
		return protocol.Score{Kind: protocol.ScoreMate, Value: -(mateScore + sc) / 2}
	}
	return protocol.Score{Kind: protocol.ScoreCP, Value: sc}
}

// checkLimits counts a node and stops the search when time or nodes run
// out; it looks at the clock only every 1024 nodes. A node entered after the
// stop (a re-search of a move whose search was cut) returns at once and is
// not counted, so "go nodes N" searches N nodes, not one more.
func (s *Searcher) checkLimits() {
	if s.stop.Load() {
		return
	}
	s.counter++
	// Node limits are checked at every node: they may be a few dozen.
	if s.limits.Nodes > 0 && s.counter >= s.limits.Nodes {
		s.stop.Store(true)
	}
	if s.strength.nodes > 0 && s.counter >= s.strength.nodes && s.depth1 {
		s.stop.Store(true)
	}
	if s.counter&1023 != 0 {
		return
	}
	s.nodes.Store(s.counter)
	if s.budget.timed && !s.pondering.Load() && s.elapsed() >= s.budget.maximum {
		s.stop.Store(true)
	}
}

func (s *Searcher) searchRoot(root []chess.Move, alpha, beta, depth int) int {
	p := s.pos
	s.pvLen[0] = 0
	best := -infinity
	bestMove := chess.NoMove
	origAlpha := alpha
	inCheck := p.InCheck()
	for i, m := range root {
		s.checkLimits()
		tactical := s.isTactical(m)
		s.moveAt[0] = movePieceTo(p, m)
		p.MakeMove(m)
		if s.Book != nil && s.bookMove == chess.NoMove && s.Book.Contains(p) {
			s.bookMove = m
		}
		var sc int
		ext := 0
		if p.InCheck() {
			ext = 1
		}
		if i == 0 {
			sc = -s.negamax(-beta, -alpha, depth-1+ext, 1, true)
		} else {
			r := 0
			if depth >= 3 && i >= 4 && !inCheck && ext == 0 && !tactical {
				r = int(lmrTable[min(depth, 63)][min(i, 63)]) - 1
				r = max(r, 0)
			}
			sc = -s.negamax(-alpha-1, -alpha, depth-1-r+ext, 1, false)
			if sc > alpha && r > 0 {
				sc = -s.negamax(-alpha-1, -alpha, depth-1+ext, 1, false)
			}
			if sc > alpha && sc < beta {
				sc = -s.negamax(-beta, -alpha, depth-1+ext, 1, true)
			}
		}
		p.UnmakeMove()
		if s.stop.Load() && depth > 1 {
			return best
		}
		if sc > best {
			best = sc
			if sc > alpha {
				bestMove = m
				s.pv[0][0] = m
				copy(s.pv[0][1:], s.pv[1][:s.pvLen[1]])
				s.pvLen[0] = s.pvLen[1] + 1
				alpha = sc
				if sc >= beta {
					break
				}
			}
		}
	}
	bound := boundOf(best, origAlpha, beta)
	if !s.stop.Load() {
		eval := 0
		if !inCheck {
			eval = s.evaluate(p)
		}
		s.TT.store(p.Hash(), bestMove, best, eval, depth, bound)
	}
	return best
}

// isTactical reports whether m, about to be made, captures or promotes.
func (s *Searcher) isTactical(m chess.Move) bool {
	if m.Promotion() != chess.NoPieceType || m.IsEnPassant() {
		return true
	}
	return s.pos.PieceAt(m.To()) != chess.NoPiece && !m.IsCastle()
}

func scoreToTT(sc, ply int) int {
	if sc >= mateBound {
		return sc + ply
	}
	if sc <= -mateBound {
		return sc - ply
	}
	return sc
}

func scoreFromTT(sc, ply int) int {
	if sc >= mateBound {
		return sc - ply
	}
	if sc <= -mateBound {
		return sc + ply
	}
	return sc
}

func (s *Searcher) negamax(alpha, beta, depth, ply int, pvNode bool) int {
	p := s.pos
	s.pvLen[ply] = 0
	if depth <= 0 {
		return s.quiesce(alpha, beta, ply)
	}
	s.checkLimits()
	if s.stop.Load() {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if p.HalfmoveClock() >= 100 || p.IsRepeat() || p.InsufficientMaterial() {
		return 0
	}
	if ply >= maxPly {
		return s.evaluate(p)
	}
	if sc, ok := s.probeTB(p, ply); ok {
		return sc
	}
	// Mate-distance pruning: no line here can beat a mate already found.
	alpha = max(alpha, -mateScore+ply)
	beta = min(beta, mateScore-ply-1)
	if alpha >= beta {
		return alpha
	}

	// A singular search (excluded set) looks at this node without one
	// move: its table entry, which covers every move, says nothing of that.
	excluded := s.excluded[ply]
	ttMove := chess.NoMove
	e, hit := s.TT.probe(p.Hash())
	if excluded != chess.NoMove {
		hit = false
	}
	if hit {
		ttMove = e.move
		if !pvNode && int(e.depth) >= depth {
			sc := scoreFromTT(int(e.score), ply)
			if e.decides(sc, alpha, beta) {
				return sc
			}
		}
	}

	inCheck := p.InCheck()
	eval, raw := 0, 0
	s.evals[ply] = noEval
	if !inCheck {
		raw, eval = s.staticEval(e, hit)
		s.evals[ply] = eval
	}
	improving := s.improving(ply)
	static := eval
	// The table's score, when exact or a bound beyond the static evaluation
	// (a lower bound above it, an upper bound below), is a better guess for
	// the pruning below.
	if hit && !inCheck {
		if sc := scoreFromTT(int(e.score), ply); abs(sc) < mateBound &&
			e.decides(sc, eval-1, eval+1) {
			eval = sc
		}
	}

	if !pvNode && !inCheck && excluded == chess.NoMove {
		// Reverse futility: far above beta at low depth, assume it holds.
		if depth <= 6 && eval-80*depth >= beta && beta > -mateBound && eval < mateBound {
			return eval
		}
		// Razoring: far below alpha near the leaves, only a capture can
		// save the node; ask the quiescence search.
		if depth <= 3 && eval+razorMargin*depth < alpha {
			if sc := s.quiesce(alpha-1, alpha, ply); sc < alpha {
				return sc
			}
		}
		// Null move: if passing still beats beta, a real move will too.
		if depth >= 3 && eval >= beta && p.HasNonPawnMaterial(p.SideToMove()) && !p.AfterNullMove() {
			r := 3 + depth/4 + min((eval-beta)/200, 2)
			s.moveAt[ply] = noPieceTo
			p.MakeNullMove()
			sc := -s.negamax(-beta, -beta+1, depth-1-r, ply+1, false)
			p.UnmakeNullMove()
			if s.stop.Load() {
				return 0
			}
			if sc >= beta {
				if sc >= mateBound {
					sc = beta
				}
				return sc
			}
		}
	}
	if !pvNode && !inCheck && excluded == chess.NoMove && depth >= probCutDepth && abs(beta) < mateBound {
		if sc, ok := s.probCut(beta, depth, ply, raw, static, e, hit, ttMove); ok {
			return sc
		}
	}
	// Internal iterative reduction: no TT move means ordering is poor here.
	if ttMove == chess.NoMove && depth >= 6 {
		depth--
	}

	var ml chess.MoveList
	p.GenerateLegal(&ml)
	if ml.Len() == 0 {
		if inCheck {
			return -mateScore + ply
		}
		return 0
	}
	var scores [256]int32
	s.scoreMoves(&ml, scores[:ml.Len()], ttMove, ply)

	// The table's move may be singular: worth a search without it when the
	// entry is deep enough and says this node holds at least its score.
	singular := ply > 0 && excluded == chess.NoMove && depth >= singularDepth && hit && ttMove != chess.NoMove &&
		int(e.depth) >= depth-3 && e.bound() != boundUpper && abs(scoreFromTT(int(e.score), ply)) < mateBound

	best := -infinity
	bestMove := chess.NoMove
	origAlpha := alpha
	var quietsTried [64]chess.Move
	nQuiets := 0
	for i := 0; i < ml.Len(); i++ {
		m := pickNext(ml.Moves(), scores[:ml.Len()], i)
		if m == excluded {
			continue
		}
		tactical := s.isTactical(m)
		if !tactical && best > -mateBound && !inCheck && !pvNode {
			// Late-move pruning of quiet moves at shallow depth.
			if depth <= lmpDepth && nQuiets >= lateMoves(depth, improving) {
				continue
			}
			// A quiet move that loses material on its square, near the leaves.
			if depth <= seeQuietDepth && p.SEE(m) < -seeQuietMargin*depth*depth {
				continue
			}
		}
		if tactical && !inCheck && depth <= 4 && best > -mateBound && i > 0 && scores[i] < 0 && p.SEE(m) < -60*depth {
			continue
		}
		singularExt := false
		if m == ttMove && singular {
			// Singular extension: when every other move falls well short
			// of the table's score, this one decides the node.
			sb := singularBeta(int(e.score), ply, depth)
			sc := s.singularScore(m, sb, depth, ply)
			if s.stop.Load() {
				return 0
			}
			if sc < sb {
				singularExt = true
			} else if sb >= beta {
				return sb // multi-cut: another move beats beta too
			}
		}
		s.moveAt[ply] = movePieceTo(p, m)
		p.MakeMove(m)
		givesCheck := p.InCheck()
		if !tactical && !givesCheck && !inCheck && !pvNode && depth <= 3 && best > -mateBound && eval+100+90*depth <= alpha {
			p.UnmakeMove()
			continue // futility: this quiet move cannot raise alpha
		}
		ext := 0
		if givesCheck {
			ext = 1
		}
		if singularExt {
			ext = 1
		}
		newDepth := depth - 1 + ext
		var sc int
		if i == 0 {
			sc = -s.negamax(-beta, -alpha, newDepth, ply+1, pvNode)
		} else {
			r := 0
			if depth >= 3 && i >= 3 && !tactical && !inCheck && !givesCheck {
				r = int(lmrTable[min(depth, 63)][min(i, 63)])
				if pvNode {
					r--
				}
				if !improving {
					r++ // a falling position's late quiet moves seldom save it
				}
				if m == s.killers[ply][0] || m == s.killers[ply][1] {
					r--
				}
				r = max(0, min(r, newDepth-1))
			}
			sc = -s.negamax(-alpha-1, -alpha, newDepth-r, ply+1, false)
			if sc > alpha && r > 0 {
				sc = -s.negamax(-alpha-1, -alpha, newDepth, ply+1, false)
			}
			if pvNode && sc > alpha && sc < beta {
				sc = -s.negamax(-beta, -alpha, newDepth, ply+1, true)
			}
		}
		p.UnmakeMove()
		if s.stop.Load() {
			return 0
		}
		if !tactical && nQuiets < len(quietsTried) {
			quietsTried[nQuiets] = m
			nQuiets++
		}
		if sc > best {
			best = sc
			if sc > alpha {
				alpha = sc
				bestMove = m
				if pvNode {
					s.pv[ply][0] = m
					copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
					s.pvLen[ply] = s.pvLen[ply+1] + 1
				}
				if sc >= beta {
					if !tactical {
						s.rewardQuiet(m, ply, depth, quietsTried[:nQuiets])
					}
					break
				}
			}
		}
	}
	if best == -infinity {
		if excluded != chess.NoMove {
			return alpha // no other move (or none worth a look): singular
		}
		// Every move was pruned; fall back to the static evaluation.
		return eval
	}
	if excluded == chess.NoMove {
		bound := boundOf(best, origAlpha, beta)
		s.TT.store(p.Hash(), bestMove, scoreToTT(best, ply), raw, depth, bound)
		if !inCheck && (bestMove == chess.NoMove || !s.isTactical(bestMove)) && abs(best) < mateBound &&
			!(bound == boundLower && best <= static) && !(bound == boundUpper && best >= static) {
			s.corr.update(p, depth, best-raw)
		}
	}
	return best
}

// Pruning bounds, in plies and centipawns.
const (
	razorMargin    = 250 // per ply of depth left
	lmpDepth       = 7   // see lateMoves
	seeQuietDepth  = 7
	seeQuietMargin = 20  // times depth squared
	deltaMargin    = 200 // quiescence: a capture must be able to reach alpha by this
)

// lateMoves is how many quiet moves are searched at a shallow non-PV node
// before the rest are pruned: half as many where the side is not
// improving.
func lateMoves(depth int, improving bool) int {
	if improving {
		return 4 + depth*depth
	}
	return (4 + depth*depth) / 2
}

// historyCarry divides the butterfly history a new search starts from:
// what refuted moves a move ago mostly still does (an eighth kept too little).
const historyCarry = 2

// singularDepth is the least depth at which singular extensions are tried.
const singularDepth = 8

// singularBeta is what every move but the table's must fall short of for
// the table's move to be singular (ttScore as the table holds it).
func singularBeta(ttScore, ply, depth int) int {
	return scoreFromTT(ttScore, ply) - 2*depth
}

// singularScore searches the node at ply without m, at half depth, with a
// null window just below sb.
func (s *Searcher) singularScore(m chess.Move, sb, depth, ply int) int {
	s.excluded[ply] = m
	sc := s.negamax(sb-1, sb, (depth-1)/2, ply, false)
	s.excluded[ply] = chess.NoMove
	return sc
}

func (s *Searcher) rewardQuiet(m chess.Move, ply, depth int, tried []chess.Move) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	p := s.pos
	side := p.SideToMove()
	bonus := int32(min(depth*depth, 400))
	h := &s.history[side]
	prev1, prev2 := s.prevMove(ply, 1), s.prevMove(ply, 2)
	for _, q := range tried {
		b := bonus
		if q != m {
			b = -bonus
		}
		v := &h[q.From()][q.To()]
		*v = gravity(*v, b)
		pt := movePieceTo(p, q)
		for _, prev := range [2]pieceTo{prev1, prev2} {
			if prev != noPieceTo {
				c := &s.cont[prev][pt]
				*c = int16(gravity(int32(*c), b))
			}
		}
	}
}

// scoreMoves orders moves: TT move, good captures by MVV-LVA, killers,
// quiet moves by history, then losing captures.
func (s *Searcher) scoreMoves(ml *chess.MoveList, scores []int32, ttMove chess.Move, ply int) {
	p := s.pos
	for i, m := range ml.Moves() {
		switch {
		case m == ttMove:
			scores[i] = 1 << 30
		case s.isTactical(m):
			victim := p.PieceAt(m.To()).Type()
			if m.IsEnPassant() {
				victim = chess.Pawn
			}
			v := int32(chess.SEEValue[victim]*16 - chess.SEEValue[p.PieceAt(m.From()).Type()]/16)
			if m.Promotion() == chess.Queen {
				v += 8000
			}
			if winsOrTrades(p, m, victim) {
				scores[i] = 1<<28 + v
			} else {
				scores[i] = -(1 << 28) + v
			}
		case m == s.killers[ply][0]:
			scores[i] = 1<<27 + 1
		case m == s.killers[ply][1]:
			scores[i] = 1 << 27
		default:
			scores[i] = s.quietHistory(m, p.PieceAt(m.From()), ply)
		}
	}
}

// winsOrTrades reports whether capture or promotion m loses no material
// by static exchange. A capture of a piece worth at least the capturer
// needs no exchange: the worst the defender can do is take back.
func winsOrTrades(p *chess.Position, m chess.Move, victim chess.PieceType) bool {
	if m.Promotion() == chess.NoPieceType && victim != chess.NoPieceType &&
		chess.SEEValue[victim] >= chess.SEEValue[p.PieceAt(m.From()).Type()] {
		return true
	}
	return p.SEE(m) >= 0
}

// pickNext moves the best-scored remaining move of ms (a move list's
// Moves, which alias it) to index i and returns it. It takes the slice
// rather than the list so that it stays small enough to be inlined.
func pickNext(ms []chess.Move, scores []int32, i int) chess.Move {
	b := i
	for j := i + 1; j < len(scores); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	ms[i], ms[b] = ms[b], ms[i]
	scores[i], scores[b] = scores[b], scores[i]
	return ms[i]
}

// staticEval is the position's evaluation, raw (the table's when it has
// the position: what the table stores), and corrected by the correction
// history (what the search prunes by).
func (s *Searcher) staticEval(e ttEntry, hit bool) (raw, corrected int) {
	if hit {
		raw = int(e.eval)
	} else {
		raw = s.evaluate(s.pos)
	}
	return raw, s.corr.corrected(s.pos, raw)
}

func (s *Searcher) quiesce(alpha, beta, ply int) int {
	p := s.pos
	s.checkLimits()
	if s.stop.Load() {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if p.HalfmoveClock() >= 100 || p.IsRepeat() || p.InsufficientMaterial() {
		return 0
	}
	inCheck := p.InCheck()
	if ply >= maxPly {
		return s.evaluate(p)
	}
	// Quiescence entries are stored at depth 0, below any real search.
	e, hit := s.TT.probe(p.Hash())
	ttMove := chess.NoMove
	if hit {
		ttMove = e.move
		sc := scoreFromTT(int(e.score), ply)
		if e.decides(sc, alpha, beta) {
			return sc
		}
	}
	best := -infinity
	eval, raw := 0, 0
	if !inCheck {
		raw, eval = s.staticEval(e, hit)
		best = eval
		if best >= beta {
			if !hit {
				s.TT.store(p.Hash(), chess.NoMove, scoreToTT(best, ply), raw, 0, boundLower)
			}
			return best
		}
		alpha = max(alpha, best)
	}
	origAlpha := alpha
	bestMove := chess.NoMove
	var ml chess.MoveList
	p.GenerateCaptures(&ml)
	if inCheck && ml.Len() == 0 {
		return -mateScore + ply
	}
	var scores [256]int32
	s.scoreMoves(&ml, scores[:ml.Len()], ttMove, ply)
	for i := 0; i < ml.Len(); i++ {
		m := pickNext(ml.Moves(), scores[:ml.Len()], i)
		if !inCheck && scores[i] < 1<<28 {
			break // losing captures (SEE < 0) are not worth a look
		}
		if !inCheck && m.Promotion() == chess.NoPieceType && eval+chess.SEEValue[p.PieceAt(m.To()).Type()]+deltaMargin <= alpha && !m.IsEnPassant() {
			continue // delta: even winning the piece leaves it below alpha
		}
		s.moveAt[ply] = movePieceTo(p, m)
		p.MakeMove(m)
		sc := -s.quiesce(-beta, -alpha, ply+1)
		p.UnmakeMove()
		if s.stop.Load() {
			return 0
		}
		if sc > best {
			best = sc
			if sc > alpha {
				alpha = sc
				bestMove = m
				if sc >= beta {
					break
				}
			}
		}
	}
	bound := boundOf(best, origAlpha, beta)
	s.TT.store(p.Hash(), bestMove, scoreToTT(best, ply), raw, 0, bound)
	return best
}

// boundOf says what a search result is worth storing as: a lower bound when
// it failed high, an upper bound when it failed low, else exact.
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best >= beta:
		return boundLower
	case best <= alpha:
		return boundUpper
	}
	return boundExact
}
