package stats

import (
	"math"
	"sort"
)

// Rating is one engine's place in a tournament.
type Rating struct {
	Name  string
	Elo   float64 // logistic Elo relative to the field: the ratings of engines that met average 0
	Elo95 float64 // half-width of the 95% interval of Elo against the engine's opponents (0 without games)
	Games int     // games played
	Score float64 // points: wins + draws/2
	Draws int     // games drawn
}

// eloPerLogit converts natural log-odds of the expected score into logistic Elo.
const eloPerLogit = 400 / math.Ln10

// Ratings estimates each engine's Elo relative to the field (the average of
// all ratings is 0) from the pairwise results: wdl[i][j] is engine i's
// Trinomial against engine j, and wdl[j][i] should mirror it. A table filled
// on one side only (wdl[white][black], say) also works: cells that are not
// mirrors of each other are taken to count different games and added.
//
// The model is Bradley–Terry with logistic Elo, draws counted as half a win
// and half a loss: engine i's expected score against j is
// Score(Elo_i - Elo_j), the function behind Trinomial.Estimate, so a table of
// two engines gives the head-to-head Elo difference exactly. (Davidson's
// draw model would rate draws differently from the match line printed beside
// the table.) The maximum-likelihood ratings, where every engine's expected
// points equal its actual points, are found by Newton's method.
//
// As in Trinomial.Estimate, empty outcome classes of a pair that played count
// 0.001 games, so a 100% or 0% score gives a large but finite rating.
//
// Elo95 is the error of an engine's rating against its opponents'. The 95%
// interval of its score is mapped through its expected score against its
// opponents, their ratings held: what Trinomial.Estimate does for one
// match, so two engines each get the head-to-head Elo95, draws narrow the
// interval, and a 100% or 0% score gives a large but bounded bar. The
// score's standard error comes from the per-game variance of all the
// engine's games pooled (its own W/D/L, as cutechess-cli and the match line
// count it), not from each pairing's variance summed: a tournament's
// pairings are a few games each, and a pairing won (or drawn) every time
// shows no variance at all, which gave an engine at 50 % after 6 games a
// bar of ±37 where its pooled results (2 wins, 2 draws, 2 losses) say ±273.
// Linearized, its square is V_ii/H_ii² (H the information, V the variance),
// the variance of the engine's rating minus its opponents' ratings
// averaged with the weight of the information each pairing carries; it
// does not let one engine's extreme score widen every bar. Games are taken
// as independent: paired openings are not modelled.
//
// Engines that never met, directly or through others, cannot be compared:
// each such group is rated on its own, averaging 0. An engine without games
// is rated 0 ± 0. The result is sorted by Elo, best first (ties keep the
// order of names).
func Ratings(names []string, wdl [][]Trinomial) []Rating {
	n := len(names)
	rs := make([]Rating, n)
	var pairs []ratedPair
	for i := range rs {
		rs[i].Name = names[i]
		for j := range n {
			if j == i {
				continue
			}
			t := pairResult(wdl, i, j)
			rs[i].Games += t.Games()
			rs[i].Draws += t.Draws
			rs[i].Score += float64(t.Wins) + float64(t.Draws)/2
			if j > i && t.Games() > 0 {
				pairs = append(pairs, newRatedPair(i, j, t))
			}
		}
	}
	for _, group := range connectedGroups(n, pairs) {
		fitGroup(rs, group, pairs)
	}

	sort.SliceStable(rs, func(a, b int) bool { return rs[a].Elo > rs[b].Elo })
	return rs
}

// pairResult is engine i's results against j from both cells of the table.
func pairResult(wdl [][]Trinomial, i, j int) Trinomial {
	a, b := wdlCell(wdl, i, j), wdlCell(wdl, j, i)
	mirror := Trinomial{Wins: b.Losses, Draws: b.Draws, Losses: b.Wins}
	if a == mirror {
		return a
	}
	return Trinomial{Wins: a.Wins + mirror.Wins, Draws: a.Draws + mirror.Draws, Losses: a.Losses + mirror.Losses}
}

// wdlCell is wdl[i][j], or nothing where the table is ragged.
func wdlCell(wdl [][]Trinomial, i, j int) Trinomial {
	if i < len(wdl) && j < len(wdl[i]) {
		return wdl[i][j]
	}
	return Trinomial{}
}

// ratedPair is one pairing's regularized result, from engine i's side.
type ratedPair struct {
	i, j     int
	games    float64 // games, including the 0.001 stand-ins
	points   float64 // i's points
	variance float64 // variance of i's points: games * per-game score variance
}

func newRatedPair(i, j int, t Trinomial) ratedPair {
	d := t.dist()
	mu, v := moments(d.values, d.probs)
	return ratedPair{i: i, j: j, games: d.n, points: mu * d.n, variance: v * d.n}
}

// connectedGroups splits the engines that played into sets connected by games,
// each in ascending order.
func connectedGroups(n int, pairs []ratedPair) [][]int {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	played := make([]bool, n)
	for _, p := range pairs {
		parent[find(p.i)] = find(p.j)
		played[p.i], played[p.j] = true, true
	}
	byRoot := map[int]int{}
	var out [][]int
	for i := range n {
		if !played[i] {
			continue
		}
		r := find(i)
		k, ok := byRoot[r]
		if !ok {
			k = len(out)
			byRoot[r] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], i)
	}
	return out
}

// fitGroup sets Elo and Elo95 of the engines in group (global indices),
// which are connected by games. It works in natural log-odds units theta:
// engine a scores sigmoid(theta_a - theta_b) per game against b.
func fitGroup(rs []Rating, group []int, all []ratedPair) {
	m := len(group)
	local := make(map[int]int, m)
	for k, i := range group {
		local[i] = k
	}
	var pairs []ratedPair
	for _, p := range all {
		if a, ok := local[p.i]; ok {
			p.i, p.j = a, local[p.j]
			pairs = append(pairs, p)
		}
	}
	theta := make([]float64, m)
	next := make([]float64, m)
	for range 100 {
		grad, info := derivatives(theta, pairs)
		step := solveLaplacian(info, grad)
		// Newton on this concave likelihood converges fast; halving the
		// step when the likelihood would fall keeps far starts (a 99.99%
		// score is some 1600 Elo away) from overshooting.
		ll := ratingLogLikelihood(theta, pairs)
		for range 60 {
			for k := range theta {
				next[k] = theta[k] + step[k]
			}
			if ratingLogLikelihood(next, pairs) >= ll-1e-12*math.Abs(ll) {
				break
			}
			for k := range step {
				step[k] /= 2
			}
		}
		theta, next = next, theta
		if maxAbs(step) < 1e-10 {
			break
		}
	}
	for k, i := range group {
		rs[i].Elo = theta[k] * eloPerLogit
		rs[i].Elo95 = errorBar(k, pooledStderr(rs[i]), theta, pairs) * eloPerLogit
	}
}

// pooledStderr is the standard error of an engine's mean score from all
// its games pooled: its own W/D/L, with Trinomial.Estimate's stand-ins for
// empty outcomes.
func pooledStderr(r Rating) float64 {
	wins := int(math.Round(r.Score - float64(r.Draws)/2))
	t := Trinomial{Wins: wins, Draws: r.Draws, Losses: r.Games - wins - r.Draws}
	d := t.dist()
	_, v := moments(d.values, d.probs)
	return math.Sqrt(v / d.n)
}

// errorBar is the half-width, in theta, of the 95% interval of engine k's
// rating with its opponents' ratings held at theta (see Ratings), its mean
// score having standard error stderr.
func errorBar(k int, stderr float64, theta []float64, pairs []ratedPair) float64 {
	var games, points float64
	for _, p := range pairs {
		switch k {
		case p.i:
			games, points = games+p.games, points+p.points
		case p.j:
			games, points = games+p.games, points+p.games-p.points
		}
	}
	mu := points / games
	lo := max(mu-z95*stderr, min(scoreClamp, mu))
	hi := min(mu+z95*stderr, max(1-scoreClamp, mu))
	return (shiftToScore(k, hi, theta, pairs) - shiftToScore(k, lo, theta, pairs)) / 2
}

// shiftToScore is the change x of theta_k at which engine k's expected score
// against its opponents is target (strictly between 0 and 1), found by
// bisection: the expected score rises with x.
func shiftToScore(k int, target float64, theta []float64, pairs []ratedPair) float64 {
	score := func(x float64) float64 {
		var games, points float64
		for _, p := range pairs {
			switch k {
			case p.i:
				games, points = games+p.games, points+p.games*sigmoid(theta[k]+x-theta[p.j])
			case p.j:
				games, points = games+p.games, points+p.games*sigmoid(theta[k]+x-theta[p.i])
			}
		}
		return points / games
	}
	lo, hi := -1.0, 1.0
	for score(lo) > target && lo > -1e3 {
		lo *= 2
	}
	for score(hi) < target && hi < 1e3 {
		hi *= 2
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if score(mid) < target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// ratingLogLikelihood is the Bradley–Terry log-likelihood with draws as half
// wins.
func ratingLogLikelihood(theta []float64, pairs []ratedPair) float64 {
	var ll float64
	for _, p := range pairs {
		x := theta[p.i] - theta[p.j]
		// log sigmoid(x) = -log1p(exp(-x)), written to stay finite for large |x|.
		ll -= p.points*softplus(-x) + (p.games-p.points)*softplus(x)
	}
	return ll
}

// softplus is log(1 + e^x) without overflow.
func softplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// derivatives returns the gradient of the log-likelihood (actual minus
// expected points, per engine) and the information matrix, a graph
// Laplacian whose zero row sums say that only differences are measured.
func derivatives(theta []float64, pairs []ratedPair) (grad []float64, info [][]float64) {
	m := len(theta)
	grad = make([]float64, m)
	info = newMatrix(m)
	for _, p := range pairs {
		e := sigmoid(theta[p.i] - theta[p.j])
		g := p.points - p.games*e
		grad[p.i] += g
		grad[p.j] -= g
		w := p.games * e * (1 - e)
		addEdge(info, p.i, p.j, w)
	}
	return grad, info
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// addEdge adds weight w between a and b to a Laplacian.
func addEdge(l [][]float64, a, b int, w float64) {
	l[a][a] += w
	l[b][b] += w
	l[a][b] -= w
	l[b][a] -= w
}

// pseudoInverse inverts the Laplacian l of a connected graph on the space of
// vectors summing to 0: (l + c J)⁻¹ - J/(c m²), J the all-ones matrix, is its
// Moore–Penrose inverse for any c > 0; c is the mean diagonal for balance.
func pseudoInverse(l [][]float64) [][]float64 {
	m := len(l)
	c := 0.0
	for k := range m {
		c += l[k][k] / float64(m)
	}
	if c == 0 {
		c = 1
	}
	a := newMatrix(m)
	for r := range m {
		for k := range m {
			a[r][k] = l[r][k] + c
		}
	}
	inv := invert(a)
	for r := range m {
		for k := range m {
			inv[r][k] -= 1 / (c * float64(m*m))
		}
	}
	return inv
}

// solveLaplacian returns the step x summing to 0 with l x = g, for a Laplacian l and
// a g summing to 0.
func solveLaplacian(l [][]float64, g []float64) []float64 {
	pinv := pseudoInverse(l)
	x := make([]float64, len(g))
	for r := range pinv {
		for k, gk := range g {
			x[r] += pinv[r][k] * gk
		}
	}
	return x
}

// invert inverts a small positive definite matrix by Gauss–Jordan
// elimination with partial pivoting.
func invert(a [][]float64) [][]float64 {
	m := len(a)
	inv := newMatrix(m)
	for k := range m {
		inv[k][k] = 1
	}
	for col := range m {
		p := col
		for r := col + 1; r < m; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		a[col], a[p] = a[p], a[col]
		inv[col], inv[p] = inv[p], inv[col]
		d := a[col][col]
		for k := range m {
			a[col][k] /= d
			inv[col][k] /= d
		}
		for r := range m {
			if r == col || a[r][col] == 0 {
				continue
			}
			f := a[r][col]
			for k := range m {
				a[r][k] -= f * a[col][k]
				inv[r][k] -= f * inv[col][k]
			}
		}
	}
	return inv
}

func newMatrix(m int) [][]float64 {
	a := make([][]float64, m)
	for r := range a {
		a[r] = make([]float64, m)
	}
	return a
}

func maxAbs(x []float64) float64 {
	var m float64
	for _, v := range x {
		m = max(m, math.Abs(v))
	}
	return m
}
