// Package stats turns match results into the numbers engine authors act on:
// Elo with its error bar, likelihood of superiority, normalized Elo, and the
// generalized sequential probability ratio test (GSPRT) that fishtest uses.
//
// Results come in two shapes: a Trinomial counts single games, a Pentanomial
// counts game pairs (the same opening played with both colours), which is the
// right model when openings are paired because it keeps their correlation.
// Every statistic first replaces zero counts by 0.001 so that a perfect score
// gives a large but finite Elo and every distribution has full support.
package stats

import "fmt"

// zeroCount replaces an empty outcome class before any statistic, so that no
// probability is zero (log and the MLE solver need full support).
const zeroCount = 1e-3

// Trinomial counts single-game outcomes from the first engine's side.
type Trinomial struct{ Wins, Draws, Losses int }

// Games is the number of games counted.
func (t Trinomial) Games() int { return t.Wins + t.Draws + t.Losses }

// Add counts one game from its score for the first engine: 1, 0.5 or 0.
func (t *Trinomial) Add(score float64) error {
	switch score {
	case 1:
		t.Wins++
	case 0.5:
		t.Draws++
	case 0:
		t.Losses++
	default:
		return fmt.Errorf("stats: game score %v is not 0, 0.5 or 1", score)
	}
	return nil
}

// dist is the regularized empirical distribution over the scores 0, 0.5, 1.
func (t Trinomial) dist() distribution {
	return newDistribution([]float64{float64(t.Losses), float64(t.Draws), float64(t.Wins)})
}

// Pentanomial counts game pairs by the first engine's pair score, low to
// high: LL, LD+DL, LW+WL+DD, WD+DW, WW (pair points 0, 0.5, 1, 1.5, 2).
type Pentanomial [5]int

// Pairs is the number of game pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// PairOutcome is the Pentanomial index of a pair whose two games scored first
// and second (each 1, 0.5 or 0) for the first engine, or -1 if a score is not
// one of those.
func PairOutcome(first, second float64) int {
	if !validScore(first) || !validScore(second) {
		return -1
	}
	return int(2 * (first + second)) // exact: halves double to integers
}

// Add counts one pair from the first engine's scores in its two games.
func (p *Pentanomial) Add(first, second float64) error {
	i := PairOutcome(first, second)
	if i < 0 {
		return fmt.Errorf("stats: pair scores %v, %v are not 0, 0.5 or 1", first, second)
	}
	p[i]++
	return nil
}

// dist is the regularized empirical distribution of the pair score (pair
// points / 2) over 0, 0.25, 0.5, 0.75, 1.
func (p Pentanomial) dist() distribution {
	return newDistribution([]float64{float64(p[0]), float64(p[1]), float64(p[2]), float64(p[3]), float64(p[4])})
}

func validScore(s float64) bool { return s == 0 || s == 0.5 || s == 1 }
