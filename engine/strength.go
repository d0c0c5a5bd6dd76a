package engine

import (
	"math"
	"math/rand/v2"

	"github.com/autoplay/autoplay/engine/chess"
)

// Strength limiting (UCI_LimitStrength with UCI_Elo, also offered to XBoard
// GUIs as options) makes the engine a rung of a rating ladder. A level is
// first a budget of nodes per move: the same strength on any machine, at
// any time control that leaves the budget time. Below about 1500 a budget
// of a few dozen nodes still sees every capture, so there the evaluation is
// also blurred by noise drawn per position from a seed of the search, which
// misjudges positions the way weak players do without playing at random.
//
// The mapping is calibrated by matches (README: "The built-in engine's
// strength ladder"); levelOf interpolates between the calibration points.
const (
	MinElo = 800
	MaxElo = 2100
)

// eloLevel is one calibration point: at Elo, a budget of Nodes per move and
// evaluation noise of up to Noise centipawns either way.
type eloLevel struct {
	Elo   int
	Nodes float64
	Noise float64
}

// eloLevels are the calibration points, by Elo: set from matches against
// Stockfish 15.1 at its own UCI_Elo (bench/ladder.sh, 5+0.05, 30 games a
// rung), refitted on 2026-11-29 after the engine gained about 285 Elo at
// full strength: 70 nodes with noise 135 played at about 1127, 600 nodes
// with noise 25 at 1377, about 5,400 nodes at 1808, 84,000 nodes at 1977
// (errors of 120 to 170 Elo: see the README). Below 1000 the points are
// extrapolated (Stockfish's floor is 1350), above 2000 at about 76 Elo per
// doubling of nodes.
var eloLevels = []eloLevel{
	{800, 8, 250},
	{1000, 37, 210},
	{1200, 125, 90},
	{1400, 670, 23},
	{1600, 1650, 6},
	{1800, 5200, 0},
	{2000, 104000, 0},
	{2100, 260000, 0},
}

// levelOf is the node budget and noise for elo (clamped to the ladder),
// interpolated log-linearly in nodes and linearly in noise.
func levelOf(elo int) (nodes uint64, noise int32) {
	elo = min(max(elo, MinElo), MaxElo)
	for i := 1; i < len(eloLevels); i++ {
		lo, hi := eloLevels[i-1], eloLevels[i]
		if elo > hi.Elo {
			continue
		}
		t := float64(elo-lo.Elo) / float64(hi.Elo-lo.Elo)
		n := math.Exp(math.Log(lo.Nodes) + t*(math.Log(hi.Nodes)-math.Log(lo.Nodes)))
		return uint64(math.Round(n)), int32(math.Round(lo.Noise + t*(hi.Noise-lo.Noise)))
	}
	last := eloLevels[len(eloLevels)-1]
	return uint64(last.Nodes), int32(last.Noise)
}

// strengthLimit is what a search is held to; the zero value is full strength.
type strengthLimit struct {
	nodes uint64 // stop once this many nodes are searched (after depth 1)
	noise int32  // evaluation noise amplitude in centipawns
	seed  uint64 // drawn afresh for each search
}

// SetStrength limits the searcher to elo, or lifts the limit (on false).
func (s *Searcher) SetStrength(on bool, elo int) {
	if !on {
		s.strength = strengthLimit{}
		return
	}
	s.strength.nodes, s.strength.noise = levelOf(elo)
}

// newSearchSeed draws the noise of the coming search: another search of
// the same position blurs it differently, as a weak player's second look.
func (s *Searcher) newSearchSeed() {
	if s.strength.noise != 0 {
		s.strength.seed = rand.Uint64()
	}
}

// evaluate is Evaluate, blurred when the strength is limited. The noise
// depends only on the position (and the search's seed), so the
// transposition table stays consistent.
func (s *Searcher) evaluate(p *chess.Position) int {
	e := evaluateWith(p, s.pawns)
	if a := s.strength.noise; a != 0 {
		x := (p.Hash() ^ s.strength.seed) * 0x9E3779B97F4A7C15
		e += int(int64(x>>33)%int64(2*a+1)) - int(a)
	}
	return e
}
