package stats

import "math"

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// neloPerT converts a t-value (mu-0.5)/sigma per game into normalized Elo.
// 800/ln(10) makes normalized and logistic Elo agree near 0 for games
// without draws (sigma = 1/2), where d(Elo)/d(score) is 1600/ln(10).
const neloPerT = 800 / math.Ln10

// scoreClamp keeps the ends of the score interval inside
// [scoreClamp, 1-scoreClamp] (Elo about -1200..1200) when the normal approximation
// overshoots past 0 or 1 (a few games, all won), so Elo95 stays finite
// instead of NaN; an end never moves past the mean score itself.
const scoreClamp = 1e-3

// Estimate is what a match result says about the first engine's strength
// relative to the second.
type Estimate struct {
	Games     int     // games played (2 per pair for a Pentanomial)
	Score     float64 // mean score per game, from 0 to 1, zero counts as 0.001
	Elo       float64 // logistic Elo difference
	Elo95     float64 // half-width of the 95% confidence interval of Elo
	LOS       float64 // likelihood of superiority, from 0 to 1
	NElo      float64 // normalized Elo: (Score-0.5)/sigma per game, scaled
	NElo95    float64 // half-width of the 95% interval of NElo, sigma held fixed
	DrawRatio float64 // drawn games / games; for a Pentanomial, drawn pairs / pairs
}

// Estimate computes the Elo statistics of single games.
func (t Trinomial) Estimate() Estimate {
	d := t.dist()
	mu, variance := moments(d.values, d.probs)
	e := estimate(mu, math.Sqrt(variance/d.n), math.Sqrt(variance))
	e.Games = t.Games()
	if e.Games > 0 {
		e.DrawRatio = float64(t.Draws) / float64(e.Games)
	}
	return e
}

// Estimate computes the Elo statistics of game pairs. The variance comes from
// the pair scores, so correlated results within a pair (the same opening with
// both colours) are accounted for; the per-game sigma behind NElo is
// sqrt(2 * pair-score variance). DrawRatio is the share of pairs scoring
// exactly 1 of 2 points (DD, WL or LW): "drawn pairs", since the individual
// games' draws are not recorded.
func (p Pentanomial) Estimate() Estimate {
	d := p.dist()
	mu, variance := moments(d.values, d.probs)
	e := estimate(mu, math.Sqrt(variance/d.n), math.Sqrt(2*variance))
	pairs := p.Pairs()
	e.Games = 2 * pairs
	if pairs > 0 {
		e.DrawRatio = float64(p[2]) / float64(pairs)
	}
	return e
}

// estimate fills the statistics shared by both models from the mean score,
// its standard error and the per-game standard deviation.
func estimate(mu, stderr, sigma float64) Estimate {
	return Estimate{
		Score:  mu,
		Elo:    Elo(mu),
		Elo95:  (Elo(min(mu+z95*stderr, max(1-scoreClamp, mu))) - Elo(max(mu-z95*stderr, min(scoreClamp, mu)))) / 2,
		LOS:    phi((mu - 0.5) / stderr),
		NElo:   (mu - 0.5) / sigma * neloPerT,
		NElo95: z95 * stderr / sigma * neloPerT,
	}
}

// Elo is the logistic Elo difference at which the expected score is score.
func Elo(score float64) float64 { return -400 * math.Log10(1/score-1) }

// Score is the expected score at a logistic Elo difference elo.
func Score(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// phi is the standard normal cumulative distribution function.
func phi(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
