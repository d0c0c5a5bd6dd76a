package stats

import "math"

// bayesEloLLR is the log-likelihood ratio of the BayesElo model, as
// cutechess-cli computes it: half a game is added to each outcome (a
// Jeffreys prior), the draw Elo is estimated from the games, and Elo0 and
// Elo1 are scaled to BayesElo with that draw Elo before the trinomial
// likelihoods are compared.
func (s SPRT) bayesEloLLR(t Trinomial) float64 {
	w, l, d := float64(t.Wins)+0.5, float64(t.Losses)+0.5, float64(t.Draws)+0.5
	n := w + l + d
	pw, pl := w/n, l/n
	drawElo := 200 * math.Log10((1-pl)/pl*(1-pw)/pw)
	x := math.Pow(10, -drawElo/400)
	scale := 4 * x / ((1 + x) * (1 + x))
	probs := func(elo float64) (win, loss, draw float64) {
		bayes := elo / scale
		win = 1 / (1 + math.Pow(10, (drawElo-bayes)/400))
		loss = 1 / (1 + math.Pow(10, (drawElo+bayes)/400))
		return win, loss, 1 - win - loss
	}
	w0, l0, d0 := probs(s.Elo0)
	w1, l1, d1 := probs(s.Elo1)
	return w*math.Log(w1/w0) + l*math.Log(l1/l0) + d*math.Log(d1/d0)
}
