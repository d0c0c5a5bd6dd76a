package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// logLikelihood is sum p_i log q_i, or -Inf if q leaves the simplex.
func logLikelihood(p, q []float64) float64 {
	var sum float64
	for i := range p {
		if !(q[i] > 0) {
			return math.Inf(-1)
		}
		sum += p[i] * math.Log(q[i])
	}
	return sum
}

// bestOnCurve maximizes f over [lo, hi] by a dense scan refined with golden
// section search: a solver-free reference for a one-parameter family.
func bestOnCurve(f func(float64) float64, lo, hi float64) float64 {
	const steps = 20000
	best, bestX := math.Inf(-1), lo
	for i := 1; i < steps; i++ {
		x := lo + (hi-lo)*float64(i)/steps
		if v := f(x); v > best {
			best, bestX = v, x
		}
	}
	a, b := bestX-(hi-lo)/steps, bestX+(hi-lo)/steps
	g := (math.Sqrt(5) - 1) / 2
	for range 200 {
		c, d := b-g*(b-a), a+g*(b-a)
		if f(c) > f(d) {
			b = d
		} else {
			a = c
		}
	}
	return (a + b) / 2
}

func TestMLEMeanIsTheMostLikelyTrinomialWithThatMean(t *testing.T) {
	for _, c := range []struct {
		tri Trinomial
		s   float64
	}{
		{Trinomial{130, 100, 70}, Score(0)},
		{Trinomial{130, 100, 70}, Score(2)},
		{Trinomial{10, 0, 3}, 0.4},
		{Trinomial{0, 50, 0}, 0.55},
		{Trinomial{1, 1, 300}, 0.9},
	} {
		d := c.tri.dist()
		q, err := mleMean(d, c.s)
		if err != nil {
			t.Fatalf("%+v, mean %v: %v", c.tri, c.s, err)
		}
		// The distributions with mean s are (L, D, W) = (1-D-W, D, s-D/2).
		curve := func(draw float64) []float64 { w := c.s - draw/2; return []float64{1 - draw - w, draw, w} }
		draw := bestOnCurve(func(x float64) float64 { return logLikelihood(d.probs, curve(x)) }, 0, 2*min(c.s, 1-c.s))
		for i, want := range curve(draw) {
			if math.Abs(q[i]-want) > 1e-7 {
				t.Errorf("%+v, mean %v: q = %v, brute force %v", c.tri, c.s, q, curve(draw))
				break
			}
		}
	}
}

func TestMLETValueIsTheMostLikelyTrinomialWithThatTValue(t *testing.T) {
	for _, c := range []struct {
		tri Trinomial
		t   float64
	}{
		{Trinomial{130, 100, 70}, 2 / neloPerT},
		{Trinomial{130, 100, 70}, -5 / neloPerT},
		{Trinomial{55, 0, 45}, 0.05},
		{Trinomial{500, 1000, 400}, 0.3},
		{Trinomial{3, 40, 9}, -0.2},
	} {
		d := c.tri.dist()
		q, err := mleTValue(d, 0.5, c.t)
		if err != nil {
			t.Fatalf("%+v, t %v: %v", c.tri, c.t, err)
		}
		// Parametrize by the mean mu: sigma = (mu-0.5)/t fixes E[x^2], and
		// mean and second moment fix D = 4(mu - E[x^2]) and W = mu - D/2.
		curve := func(mu float64) []float64 {
			sigma := (mu - 0.5) / c.t
			draw := 4 * (mu - mu*mu - sigma*sigma)
			w := mu - draw/2
			return []float64{1 - draw - w, draw, w}
		}
		lo, hi := 0.5, 1.0
		if c.t < 0 {
			lo, hi = 0, 0.5
		}
		mu := bestOnCurve(func(x float64) float64 { return logLikelihood(d.probs, curve(x)) }, lo, hi)
		for i, want := range curve(mu) {
			if math.Abs(q[i]-want) > 1e-7 {
				t.Errorf("%+v, t %v: q = %v, brute force %v", c.tri, c.t, q, curve(mu))
				break
			}
		}
	}
}

// TestMLEOnPentanomialsMeetsTheOptimalityConditions checks random pair
// counts (with zeros and lopsided results) and constraints up to 1000 nElo
// away (most of those t-values need mleTValue's walk out from t = 0)
// against the Lagrange conditions:
// q sums to 1, meets its constraint, and p_i/q_i is a combination of 1 and
// the constraint's gradient g_i, so no feasible direction raises the
// likelihood.
func TestMLEOnPentanomialsMeetsTheOptimalityConditions(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		var p Pentanomial
		for i := range p {
			if rng.IntN(4) > 0 {
				p[i] = rng.IntN(1 + rng.IntN(20000))
			}
		}
		d := p.dist()
		nelo := (rng.Float64() - 0.5) * 2000
		s := Score(nelo)
		tv := nelo / neloPerT * math.Sqrt2

		qm, err := mleMean(d, s)
		if err != nil {
			t.Fatalf("trial %d %v mean %v: %v", trial, p, s, err)
		}
		qt, err := mleTValue(d, 0.5, tv)
		if err != nil {
			t.Fatalf("trial %d %v t %v: %v", trial, p, tv, err)
		}
		mu, variance := moments(d.values, qt)
		sigma := math.Sqrt(variance)
		gradT := make([]float64, len(d.values))
		for i, a := range d.values {
			// d/dq_i of mu - 0.5 - t sigma
			gradT[i] = a - tv*(a*a-2*mu*a)/(2*sigma)
		}
		for _, c := range []struct {
			name string
			q    []float64
			grad []float64
			ok   func() bool
		}{
			{"mean", qm, d.values, func() bool { m, _ := moments(d.values, qm); return math.Abs(m-s) < 1e-13 }},
			{"t-value", qt, gradT, func() bool { return math.Abs((mu-0.5)/sigma-tv) < 1e-9 }},
		} {
			var total float64
			for _, v := range c.q {
				total += v
			}
			if math.Abs(total-1) > 1e-13 || !c.ok() {
				t.Errorf("trial %d %v %s: q = %v (sum %v) misses its constraint", trial, p, c.name, c.q, total)
			}
			r := make([]float64, len(c.q))
			for i := range r {
				r[i] = d.probs[i] / c.q[i]
			}
			if res := spanResidual(r, c.grad); res > 1e-8 {
				t.Errorf("trial %d %v %s: p/q off span{1, grad} by %g", trial, p, c.name, res)
			}
		}
	}
}

// spanResidual is the relative least-squares distance of r from span{1, g}.
func spanResidual(r, g []float64) float64 {
	n := float64(len(r))
	var sg, sgg, sr, sgr, srr float64
	for i := range r {
		sg += g[i]
		sgg += g[i] * g[i]
		sr += r[i]
		sgr += g[i] * r[i]
		srr += r[i] * r[i]
	}
	det := n*sgg - sg*sg
	a := (sr*sgg - sg*sgr) / det
	b := (n*sgr - sg*sr) / det
	var res float64
	for i := range r {
		e := r[i] - a - b*g[i]
		res += e * e
	}
	return math.Sqrt(res / srr)
}

func TestSolveSecularNeedsAConstraintInsideTheSupport(t *testing.T) {
	if err := solveSecular([]float64{0.1, 0.2}, []float64{0.5, 0.5}, make([]float64, 2)); err == nil {
		t.Error("solveSecular with all phi > 0 succeeded")
	}
	if _, err := mleMean(Trinomial{1, 1, 1}.dist(), 1.5); err == nil {
		t.Error("mleMean with mean 1.5 succeeded")
	}
}
