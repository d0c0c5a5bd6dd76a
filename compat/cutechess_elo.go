package compat

import (
	"math"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/stats"
)

// cutechessElo is cutechess-cli 1.2.0's Elo figures of a win-loss-draw
// count, computed as it computes them so that the printed numbers agree to
// the last digit, "nan" and "inf" included: the 95% interval comes from an
// approximate inverse normal (Winitzki's erf⁻¹), not the exact quantile
// runner/stats uses, and nothing is clamped.
type cutechessElo struct {
	wins, losses, draws int
	mu, stdev           float64
}

func newCutechessElo(t stats.Trinomial) cutechessElo {
	e := cutechessElo{wins: t.Wins, losses: t.Losses, draws: t.Draws}
	n := float64(t.Games())
	w, l, d := float64(t.Wins)/n, float64(t.Losses)/n, float64(t.Draws)/n
	e.mu = w + d/2
	dev := w*math.Pow(1-e.mu, 2) + l*math.Pow(0-e.mu, 2) + d*math.Pow(0.5-e.mu, 2)
	e.stdev = math.Sqrt(dev) / math.Sqrt(n)
	return e
}

// pointRatio is the score share; NaN without games.
func (e cutechessElo) pointRatio() float64 {
	total := float64(e.wins+e.losses+e.draws) * 2
	return float64(e.wins*2+e.draws) / total
}

func (e cutechessElo) drawRatio() float64 {
	return float64(e.draws) / float64(e.wins+e.losses+e.draws)
}

func (e cutechessElo) diff() float64 { return cutechessEloOf(e.mu) }

func cutechessEloOf(p float64) float64 { return -400 * math.Log10(1/p-1) }

// errorMargin is half the Elo width of the 95% interval of the score.
func (e cutechessElo) errorMargin() float64 {
	lo := e.mu + cutechessPhiInv(0.025)*e.stdev
	hi := e.mu + cutechessPhiInv(0.975)*e.stdev
	return (cutechessEloOf(hi) - cutechessEloOf(lo)) / 2
}

// los is the likelihood of superiority in percent, from wins and losses.
func (e cutechessElo) los() float64 {
	return 100 * (0.5 + 0.5*math.Erf(float64(e.wins-e.losses)/math.Sqrt(2*float64(e.wins+e.losses))))
}

// cutechessPhiInv is the normal quantile through cutechess's erf⁻¹
// approximation, with its value of pi.
func cutechessPhiInv(p float64) float64 {
	const pi = 3.1415926535897
	x := 2*p - 1
	a := 8 * (pi - 3) / (3 * pi * (4 - pi))
	y := math.Log(1 - x*x)
	z := 2/(pi*a) + y/2
	r := math.Sqrt(math.Sqrt(z*z-y/a) - z)
	if x < 0 {
		r = -r
	}
	return math.Sqrt2 * r
}

// qtFixed prints x as Qt's QString::arg(x, 0, 'f', prec) does (see
// record.QtFixed, which the PGN's move times share).
func qtFixed(x float64, prec int) string { return record.QtFixed(x, prec) }
