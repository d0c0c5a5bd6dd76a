package compat

import (
	"fmt"
	"math"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/stats"
)

// cutechessSPRTLine is cutechess-cli 1.2.0's "SPRT: llr 0.345 (11.7%),
// lbound -2.94, ubound 2.94" line, with " - H1 was accepted" once decided,
// or "" while the test has no status yet. 1.2.0 computes the BayesElo LLR
// from the raw counts (no half-game prior, unlike later versions and
// runner/stats) and reports nothing until there is a win, a loss and a
// draw. The run itself stops where runner/stats decides: when it stops
// before 1.2.0 would have a status, the line gives runner/stats's figures,
// so that the stop is explained.
func cutechessSPRTLine(s *runner.SPRTState, t stats.Trinomial) string {
	if t.Wins <= 0 || t.Losses <= 0 || t.Draws <= 0 {
		if s.Decision == stats.Continue {
			return ""
		}
		return sprtLine(s.LLR, s.Lower, s.Upper)
	}
	n := float64(t.Games())
	pw, pl := float64(t.Wins)/n, float64(t.Losses)/n
	drawElo := 200 * math.Log10((1-pl)/pl*(1-pw)/pw)
	x := math.Pow(10, -drawElo/400)
	scale := 4 * x / ((1 + x) * (1 + x))
	probs := func(elo float64) (win, loss, draw float64) {
		win = 1 / (1 + math.Pow(10, (drawElo-elo/scale)/400))
		loss = 1 / (1 + math.Pow(10, (drawElo+elo/scale)/400))
		return win, loss, 1 - win - loss
	}
	w0, l0, d0 := probs(s.Test.Elo0)
	w1, l1, d1 := probs(s.Test.Elo1)
	llr := float64(t.Wins)*math.Log(w1/w0) + float64(t.Losses)*math.Log(l1/l0) + float64(t.Draws)*math.Log(d1/d0)
	lower := math.Log(s.Test.Beta / (1 - s.Test.Alpha))
	upper := math.Log((1 - s.Test.Beta) / s.Test.Alpha)
	return sprtLine(llr, lower, upper)
}

func sprtLine(llr, lower, upper float64) string {
	line := fmt.Sprintf("SPRT: llr %s (%s%%), lbound %s, ubound %s", sig3(llr), qtFixed(llr/upper*100, 1), sig3(lower), sig3(upper))
	switch {
	case llr > upper:
		line += " - H1 was accepted"
	case llr < lower:
		line += " - H0 was accepted"
	}
	return line
}
