package compat

import (
	"math"
	"math/big"
	"strconv"
	"strings"

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

// qtFixed prints x as Qt's QString::arg(x, 0, 'f', prec) does: "nan",
// "inf", "-inf", no sign on a zero, and a value exactly halfway rounded
// away from zero (4.5 of 8 is "0.563"), where Go rounds it to even.
func qtFixed(x float64, prec int) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case x == 0:
		x = 0
	}
	// A float64 times 10^prec is exact in 2048 bits for the precisions printed.
	scaled := new(big.Float).SetPrec(2048).SetFloat64(math.Abs(x))
	scaled.Mul(scaled, new(big.Float).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(prec)), nil)))
	whole, _ := scaled.Int(nil)
	if new(big.Float).SetPrec(2048).Sub(scaled, new(big.Float).SetInt(whole)).Cmp(big.NewFloat(0.5)) != 0 {
		return strconv.FormatFloat(x, 'f', prec, 64)
	}
	digits := whole.Add(whole, big.NewInt(1)).String()
	if len(digits) <= prec {
		digits = strings.Repeat("0", prec+1-len(digits)) + digits
	}
	s := digits
	if prec > 0 {
		s = digits[:len(digits)-prec] + "." + digits[len(digits)-prec:]
	}
	if x < 0 {
		s = "-" + s
	}
	return s
}
