package compat

import (
	"math"
	"strconv"

	"github.com/autoplay/autoplay/runner/stats"
)

// fastchessElo is fastchess 1.8's Elo figures, computed in its order of
// operations so that the printed numbers agree to the last digit: nothing
// is clamped or regularized, so a lone result gives "inf" or "nan" as
// fastchess prints them. The sign of a NaN (fastchess prints "-nan" for
// 0/0 and inf-inf, "nan" for log10 of a negative number) is the hardware's
// on amd64, where the recordings were made.
type fastchessElo struct {
	diff, err, nelo, neloErr, los float64
}

// ci95 is fastchess's 95% z-score.
const ci95 = 1.959963984540054

func fastchessEloOf(score float64) float64 { return -400 * math.Log10(1/score-1) }

// fastchessWDL is fastchess's EloWDL: the statistics of single games.
func fastchessWDL(t stats.Trinomial) fastchessElo {
	games := float64(t.Games())
	w, d, l := float64(t.Wins)/games, float64(t.Draws)/games, float64(t.Losses)/games
	score := w + 0.5*d
	variance := w*math.Pow(1-score, 2) + d*math.Pow(0.5-score, 2) + l*math.Pow(0-score, 2)
	perGame := variance / games
	nelo := func(s float64) float64 { return (s - 0.5) / math.Sqrt(variance) * (800 / math.Ln10) }
	return fastchessFigures(score, perGame, nelo)
}

// fastchessPenta is fastchess's EloPentanomial: the statistics of pairs.
func fastchessPenta(p pentaSplit) fastchessElo {
	pairs := float64(p.pairs())
	ww, wd, wl, dd, ld, ll := float64(p.WW)/pairs, float64(p.WD)/pairs, float64(p.WL)/pairs, float64(p.DD)/pairs, float64(p.LD)/pairs, float64(p.LL)/pairs
	score := ww + 0.75*wd + 0.5*(wl+dd) + 0.25*ld
	variance := ww*math.Pow(1-score, 2) + wd*math.Pow(0.75-score, 2) + (wl+dd)*math.Pow(0.5-score, 2) +
		ld*math.Pow(0.25-score, 2) + ll*math.Pow(0-score, 2)
	perPair := variance / pairs
	nelo := func(s float64) float64 { return (s - 0.5) / math.Sqrt(2*variance) * (800 / math.Ln10) }
	return fastchessFigures(score, perPair, nelo)
}

func fastchessFigures(score, perUnit float64, nelo func(float64) float64) fastchessElo {
	upper, lower := score+ci95*math.Sqrt(perUnit), score-ci95*math.Sqrt(perUnit)
	z := -(score - 0.5) / math.Sqrt(2*perUnit)
	los := (1 - math.Erf(z)) / 2 * 100
	if math.IsNaN(z) {
		// C's erf and arithmetic pass a NaN on with its sign (0/0 of no
		// spread is amd64's "-nan"); Go's Erf returns a NaN of its own.
		los = z
	}
	return fastchessElo{
		diff:    fastchessEloOf(score),
		err:     (fastchessEloOf(upper) - fastchessEloOf(lower)) / 2,
		nelo:    nelo(score),
		neloErr: (nelo(upper) - nelo(lower)) / 2,
		los:     los,
	}
}

// cFixed prints x as C's printf("%.*f") does: "nan", "-nan", "inf",
// "-inf", and "-0.00" for a negative zero.
func cFixed(x float64, prec int) string {
	if math.IsNaN(x) {
		if math.Signbit(x) {
			return "-nan"
		}
		return "nan"
	}
	if math.IsInf(x, 0) {
		if x < 0 {
			return "-inf"
		}
		return "inf"
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}

// cRatio is a/b as a double division in C, printed with two decimals: 1/0
// is "inf", 0/0 "-nan" (amd64's default NaN).
func cRatio(a, b int) string {
	if a == 0 && b == 0 {
		return "-nan"
	}
	return cFixed(float64(a)/float64(b), 2)
}
