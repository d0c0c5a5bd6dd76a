package engine

import (
	"fmt"
	"sync"

	"github.com/autoplay/autoplay/engine/chess"
)

// Tuning support. Every weight of evalweights.go is either an mg/eg pair
// whose contribution to the score is linear (a count of the feature, White's
// minus Black's, times the pair) or one of the two others: the king attack
// danger weights, which enter squared (kingAttackDanger), and the tempo, added to
// the side to move after tapering. TraceEval records, for one position, the
// count of every pair weight and what the other two need; EvalTrace.Eval
// turns a trace and a set of weights back into Evaluate's exact score, which
// the tuner's tests check for every weight. TraceEval mirrors Evaluate,
// pawnStructure and evalSide term for term: change them together.

// EvalWeights is every weight of the evaluation.
type EvalWeights struct {
	Pairs [][2]int32 // mg and eg of each pair weight, in the order of WeightName
	King  [NumKingUnits]int32
	Tempo int32
}

// The king danger weights (evalking.go), in EvalWeights.King and
// EvalTrace.KingUnits: the zone attacks and the safe checks of the knight,
// bishop, rook and queen (add the piece type minus Knight), the weak squares.
const (
	KingUnitZone  = 0
	KingUnitCheck = 4
	KingUnitWeak  = 8
	NumKingUnits  = 9
)

// kingUnitRefs points at each king danger weight; KingUnitName names them.
var kingUnitRefs [NumKingUnits]*int32

func init() {
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		kingUnitRefs[KingUnitZone+int(pt-chess.Knight)] = &kingAttackWeight[pt]
		kingUnitRefs[KingUnitCheck+int(pt-chess.Knight)] = &kingSafeCheck[pt]
	}
	kingUnitRefs[KingUnitWeak] = &kingWeakSquare
}

// KingUnitName names king danger weight i as evalweights.go spells it.
func KingUnitName(i int) string {
	switch {
	case i == KingUnitWeak:
		return "kingWeakSquare"
	case i >= KingUnitCheck:
		return fmt.Sprintf("kingSafeCheck[%s]", pieceNames[chess.Knight+chess.PieceType(i-KingUnitCheck)])
	}
	return fmt.Sprintf("kingAttackWeight[%s]", pieceNames[chess.Knight+chess.PieceType(i)])
}

// pairRefs points at every pair weight of evalweights.go, in the order of
// EvalWeights.Pairs; pairNames names them. registerWeights fills them and
// the indices below on first use (pairWeights): the tuner and the trace
// need them, a search does not, and their 1,400 names were allocated at
// the start of every autoplay process.
var (
	pairRefs  []*score
	pairNames []string
)

// Where each group of pair weights starts in pairRefs.
var (
	idxPieceValue, idxPSQT, idxPassed, idxMobility          int
	idxDoubled, idxIsolated, idxBishopPair, idxRookOpenFile int
	idxRookHalfOpen, idxKingShelter, idxKingStorm           int
	idxThreatByPawn, idxThreatByMinor, idxConnected         int
	idxOutpost, idxPassedBlocked, idxPassedKingDistance     int
	idxBackward, idxBishopPawns, idxMinorBehindPawn         int
	idxHanging, idxPassedFree                               int
)

// mobilityMax is the most safe squares each piece type can reach.
var mobilityMax = [7]int{chess.Knight: 8, chess.Bishop: 13, chess.Rook: 14, chess.Queen: 27}

var pieceNames = [7]string{"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"}

var weightsRegistered sync.Once

// pairWeights makes sure pairRefs, pairNames and the indices are filled:
// every exported function that reads them calls it first.
func pairWeights() { weightsRegistered.Do(registerWeights) }

func registerWeights() {
	add := func(name string, w *score) int {
		pairRefs = append(pairRefs, w)
		pairNames = append(pairNames, name)
		return len(pairRefs) - 1
	}
	idxPieceValue = len(pairRefs) - int(chess.Pawn)
	for pt := chess.Pawn; pt <= chess.Queen; pt++ {
		add(fmt.Sprintf("pieceValue[%s]", pieceNames[pt]), &pieceValue[pt])
	}
	idxPSQT = len(pairRefs) - 64*int(chess.Pawn)
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		for sq := chess.Square(0); sq < 64; sq++ {
			add(fmt.Sprintf("psqt[%s][%v]", pieceNames[pt], sq), &psqt[pt][sq])
		}
	}
	idxPassed = len(pairRefs) - 1
	for r := 1; r <= 6; r++ {
		add(fmt.Sprintf("passedBonus[%d]", r), &passedBonus[r])
	}
	idxMobility = len(pairRefs)
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		for n := 0; n <= mobilityMax[pt]; n++ {
			add(fmt.Sprintf("mobilityBonus[%s][%d]", pieceNames[pt], n), &mobilityBonus[pt][n])
		}
	}
	idxDoubled = add("doubledPawn", &doubledPawn)
	idxIsolated = add("isolatedPawn", &isolatedPawn)
	idxBishopPair = add("bishopPair", &bishopPair)
	idxRookOpenFile = add("rookOpenFile", &rookOpenFile)
	idxRookHalfOpen = add("rookHalfOpen", &rookHalfOpen)
	idxKingShelter = len(pairRefs)
	for i := range 2 {
		for d := range 8 {
			add(fmt.Sprintf("kingShelter[%d][%d]", i, d), &kingShelter[i][d])
		}
	}
	idxKingStorm = len(pairRefs)
	for i := range 2 {
		for d := range 8 {
			add(fmt.Sprintf("kingStorm[%d][%d]", i, d), &kingStorm[i][d])
		}
	}
	idxThreatByPawn = len(pairRefs) - int(chess.Knight)
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		add(fmt.Sprintf("threatByPawn[%s]", pieceNames[pt]), &threatByPawn[pt])
	}
	idxThreatByMinor = len(pairRefs) - int(chess.Rook)
	for pt := chess.Rook; pt <= chess.Queen; pt++ {
		add(fmt.Sprintf("threatByMinor[%s]", pieceNames[pt]), &threatByMinor[pt])
	}
	idxConnected = len(pairRefs) - 1
	for r := 1; r <= 6; r++ {
		add(fmt.Sprintf("connectedPawn[%d]", r), &connectedPawn[r])
	}
	idxOutpost = len(pairRefs) - int(chess.Knight)
	for pt := chess.Knight; pt <= chess.Bishop; pt++ {
		add(fmt.Sprintf("minorOutpost[%s]", pieceNames[pt]), &minorOutpost[pt])
	}
	idxPassedBlocked = add("passedBlocked", &passedBlocked)
	idxPassedKingDistance = add("passedKingDistance", &passedKingDistance)
	idxBackward = add("backwardPawn", &backwardPawn)
	idxBishopPawns = add("bishopPawns", &bishopPawns)
	idxMinorBehindPawn = add("minorBehindPawn", &minorBehindPawn)
	idxHanging = add("hangingPiece", &hangingPiece)
	idxPassedFree = add("passedFree", &passedFree)
}

// mobilityIndex is the pair index of mobilityBonus[pt][n].
func mobilityIndex(pt chess.PieceType, n int) int {
	i := idxMobility
	for t := chess.Knight; t < pt; t++ {
		i += mobilityMax[t] + 1
	}
	return i + n
}

// NumPairWeights is the number of pair weights.
func NumPairWeights() int {
	pairWeights()
	return len(pairRefs)
}

// WeightName names pair weight i as evalweights.go spells it.
func WeightName(i int) string {
	pairWeights()
	return pairNames[i]
}

// CurrentWeights returns the weights the evaluation uses now.
func CurrentWeights() EvalWeights {
	pairWeights()
	w := EvalWeights{Pairs: make([][2]int32, len(pairRefs)), Tempo: tempo}
	for i, r := range pairRefs {
		w.Pairs[i] = [2]int32{r.mg, r.eg}
	}
	for i, r := range kingUnitRefs {
		w.King[i] = *r
	}
	return w
}

// SetWeights makes the evaluation use w. Not safe while a search runs: for
// the tuner and tests.
func SetWeights(w EvalWeights) {
	pairWeights()
	for i, r := range pairRefs {
		*r = score{w.Pairs[i][0], w.Pairs[i][1]}
	}
	for i, r := range kingUnitRefs {
		*r = w.King[i]
	}
	tempo = w.Tempo
	buildPST()
	weightsGen++
}

// Trace constants the tuner needs to taper and scale as Evaluate does.
const (
	TracePhaseMax   = totalPhase  // EvalTrace.Phase of a full board
	TraceScaleUnity = scaleNormal // EvalTrace.Scale that leaves the endgame score as it is
)

// TraceTerm is the count of one pair weight in a position.
type TraceTerm struct {
	Index uint16 // into EvalWeights.Pairs
	Coef  int16  // White's count minus Black's
}

// EvalTrace is a position's evaluation as a function of the weights.
type EvalTrace struct {
	Terms []TraceTerm // pair weights with a count other than zero
	Phase int32       // 0 (pawns and kings) to TracePhaseMax
	// Scale is the endgame factor, in TraceScaleUnity parts, when White
	// (index 0) or Black is the side the endgame score favours.
	Scale [2]int32
	// KingAttackers is, per attacking side, the number of pieces attacking
	// the enemy king's zone, 0 when the danger does not count (fewer than
	// two or no queen); KingUnits[c] counts what each king danger weight
	// multiplies.
	KingAttackers [2]int32
	KingUnits     [2][NumKingUnits]int32
	Black         bool // Black to move: the tempo is Black's

	counts  []int32 // by pair index, while tracing
	touched []uint16
}

func (t *EvalTrace) add(i int, n int32) {
	if n == 0 {
		return
	}
	if t.counts[i] == 0 {
		t.touched = append(t.touched, uint16(i))
	}
	t.counts[i] += n
}

// TraceEval fills t with p's trace, reusing t's memory.
func TraceEval(p *chess.Position, t *EvalTrace) {
	pairWeights()
	if len(t.counts) != len(pairRefs) {
		t.counts = make([]int32, len(pairRefs))
	}
	t.touched = t.touched[:0]
	phase := int32(0)
	for b := p.Occupied(); b != 0; {
		sq := b.Pop()
		pc := p.PieceAt(sq)
		pt := pc.Type()
		sign, rel := int32(1), sq
		if pc.Color() == chess.Black {
			sign, rel = -1, sq^56
		}
		if pt != chess.King {
			t.add(idxPieceValue+int(pt), sign)
		}
		t.add(idxPSQT+64*int(pt)+int(rel), sign)
		phase += phaseWeight[pt]
	}
	t.Phase = min(phase, totalPhase)
	var am attackMaps
	var passed [2]chess.Bitboard
	passed[chess.White] = traceSide(p, chess.White, t, &am)
	passed[chess.Black] = traceSide(p, chess.Black, t, &am)
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		sign := int32(1)
		if c == chess.Black {
			sign = -1
		}
		t.add(idxHanging, sign*hangingCount(p, c, &am))
		t.add(idxPassedFree, sign*freePassedSteps(p, c, &am, passed[c]))
		if t.KingAttackers[c] < 2 || p.Pieces(c, chess.Queen) == 0 {
			t.KingAttackers[c], t.KingUnits[c] = 0, [NumKingUnits]int32{}
		} else {
			weak, checks := kingThreats(p, c, &am)
			t.KingUnits[c][KingUnitWeak] = weak
			for pt := chess.Knight; pt <= chess.Queen; pt++ {
				t.KingUnits[c][KingUnitCheck+int(pt-chess.Knight)] = checks[pt]
			}
		}
		traceShelter(p, c, t)
	}
	t.Scale = [2]int32{endgameScale(p, 0), endgameScale(p, -1)}
	t.Black = p.SideToMove() == chess.Black

	t.Terms = t.Terms[:0]
	for _, i := range t.touched {
		if c := t.counts[i]; c != 0 {
			t.Terms = append(t.Terms, TraceTerm{i, int16(c)})
		}
		t.counts[i] = 0
	}
}

// traceShelter mirrors kingShelterScore.
func traceShelter(p *chess.Position, us chess.Color, t *EvalTrace) {
	sign := int32(1)
	if us == chess.Black {
		sign = -1
	}
	k := p.KingSquare(us)
	lo, hi := shelterFiles(k.File())
	for f := lo; f <= hi; f++ {
		own, storm, blocked := shelterIndex(p, us, k, f)
		t.add(idxKingShelter+8*b2i(f == k.File())+own, sign)
		t.add(idxKingStorm+8*b2i(blocked)+storm, sign)
	}
}

// traceSide mirrors pawnStructure and evalSide, leaving in t.KingAttackers
// and the zone's KingUnits the attack on the enemy king's zone, and returns
// us's passed pawns.
func traceSide(p *chess.Position, us chess.Color, t *EvalTrace, am *attackMaps) (passed chess.Bitboard) {
	them := us.Other()
	sign := int32(1)
	if us == chess.Black {
		sign = -1
	}
	occ := p.Occupied()
	own := p.ByColor(us)
	ourPawns, theirPawns := p.Pieces(us, chess.Pawn), p.Pieces(them, chess.Pawn)
	ourPawnAtt := pawnAttacks(us, ourPawns)
	theirPawnAtt := pawnAttacks(them, theirPawns)
	ourKing, theirKing := p.KingSquare(us), p.KingSquare(them)
	am.addPawns(us, ourPawns)
	am.add(us, chess.King, chess.KingAttacks(ourKing))

	for b := ourPawns; b != 0; {
		sq := b.Pop()
		f := sq.File()
		r := relativeRank(us, sq)
		if adjacentMask[f]&ourPawns == 0 {
			t.add(idxIsolated, sign)
		} else if backward(us, sq, ourPawns, theirPawns|theirPawnAtt) {
			t.add(idxBackward, sign)
		}
		if (fileMask[f] & ourPawns).More() && passedMask[us][sq]&fileMask[f]&ourPawns != 0 {
			t.add(idxDoubled, sign)
		}
		if connected(sq, ourPawns, ourPawnAtt) {
			t.add(idxConnected+r, sign)
		}
		if passedMask[us][sq]&theirPawns == 0 {
			t.add(idxPassed+r, sign)
			passed |= 1 << uint(sq)
			stop := stopSquare(us, sq)
			if occ.Has(stop) {
				t.add(idxPassedBlocked, sign)
			}
			if r >= 3 {
				if d := int32(distance(theirKing, stop) - distance(ourKing, stop)); d != 0 {
					t.add(idxPassedKingDistance, sign*d)
				}
			}
		}
	}
	if p.Pieces(us, chess.Bishop).More() {
		t.add(idxBishopPair, sign)
	}
	t.add(idxMinorBehindPawn, sign*minorsBehindPawns(p, us))

	safe := ^own &^ pawnAttacks(them, theirPawns)
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		if n := (p.Pieces(them, pt) & ourPawnAtt).Count(); n > 0 {
			t.add(idxThreatByPawn+int(pt), sign*int32(n))
		}
	}
	zone := kingZone(theirKing)
	attackers := int32(0)
	t.KingUnits[us] = [NumKingUnits]int32{}
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		for b := p.Pieces(us, pt); b != 0; {
			sq := b.Pop()
			a := pieceAttacks(pt, sq, occ)
			am.add(us, pt, a)
			if pt == chess.Rook {
				f := fileMask[sq.File()]
				if f&ourPawns == 0 {
					if f&theirPawns == 0 {
						t.add(idxRookOpenFile, sign)
					} else {
						t.add(idxRookHalfOpen, sign)
					}
				}
			}
			t.add(mobilityIndex(pt, (a&safe).Count()), sign)
			if pt == chess.Knight || pt == chess.Bishop {
				for tt := chess.Rook; tt <= chess.Queen; tt++ {
					if n := (a & p.Pieces(them, tt)).Count(); n > 0 {
						t.add(idxThreatByMinor+int(tt), sign*int32(n))
					}
				}
				if outpost(us, sq, ourPawnAtt, theirPawns) {
					t.add(idxOutpost+int(pt), sign)
				}
				if pt == chess.Bishop {
					t.add(idxBishopPawns, sign*pawnsOnColourOf(sq, ourPawns))
				}
			}
			if n := (a & zone).Count(); n > 0 {
				attackers++
				t.KingUnits[us][KingUnitZone+int(pt-chess.Knight)] += int32(n)
			}
		}
	}
	t.KingAttackers[us] = attackers
	return passed
}

// Eval is the score Evaluate gives the traced position with weights w.
func (t *EvalTrace) Eval(w *EvalWeights) int {
	var mg, eg int32
	for _, tm := range t.Terms {
		mg += int32(tm.Coef) * w.Pairs[tm.Index][0]
		eg += int32(tm.Coef) * w.Pairs[tm.Index][1]
	}
	for c := range 2 {
		if t.KingAttackers[c] == 0 {
			continue
		}
		kw := int32(0)
		for i, n := range t.KingUnits[c] {
			kw += w.King[i] * n
		}
		if d := kingAttackDanger(kw, t.KingAttackers[c]); c == int(chess.White) {
			mg += d
		} else {
			mg -= d
		}
	}
	scale := t.Scale[chess.White]
	if eg < 0 {
		scale = t.Scale[chess.Black]
	}
	eg = eg * scale / scaleNormal
	v := (mg*t.Phase + eg*(totalPhase-t.Phase)) / totalPhase
	if t.Black {
		v = -v
	}
	return int(v + w.Tempo)
}
