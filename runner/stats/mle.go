package stats

import (
	"errors"
	"fmt"
	"math"
)

// The generalized LLR compares the most likely outcome distributions that
// satisfy each hypothesis. Maximizing sum p_i log q_i subject to sum q_i = 1
// and one linear constraint sum q_i phi_i = 0 gives, by Lagrange multipliers,
// q_i = p_i / (1 + x phi_i), where x is the root of the secular equation
// sum p_i phi_i / (1 + x phi_i) = 0 (see Michel Van den Bergh, "Maximum
// likelihood estimation for multinomial distributions with a fixed mean",
// the note behind fishtest's sprt code).

// errNoRoot means the constraint cannot be met: phi does not change sign.
var errNoRoot = errors.New("stats: secular equation has no root (constraint outside the support)")

// solveSecular sets q_i = p_i / (1 + x phi_i) for the x in
// (-1/max phi, -1/min phi) where f(x) = sum p_i phi_i / (1 + x phi_i) is
// zero. f falls strictly from +Inf to -Inf on that interval, so the root is
// unique; Newton steps converge fast near it and a bisection step replaces
// any Newton step that would leave the shrinking bracket, which makes the
// search safe from any start.
//
// When the constraint is far from the data, a class seen only 0.001 times
// may need real weight, and the root lies within 1e-10 of a pole, where
// 1 + x phi_i computed from x would keep only a few digits. So x is measured
// from the nearer pole, x = pole + delta, and the denominators are
// c_i + delta phi_i with c_i = 1 + pole phi_i exactly 0 for the pole's class:
// every q_i keeps full relative precision.
func solveSecular(phi, p, q []float64) error {
	lowPhi, highPhi := math.Inf(1), math.Inf(-1)
	for _, a := range phi {
		lowPhi, highPhi = min(lowPhi, a), max(highPhi, a)
	}
	if !(lowPhi < 0 && highPhi > 0) {
		return errNoRoot
	}
	lo, hi := -1/highPhi, -1/lowPhi // open bounds: 1 + x phi_i > 0 inside
	mid := lo + (hi-lo)/2
	var fMid float64
	for i, a := range phi {
		fMid += p[i] * a / (1 + mid*a)
	}
	// f falls, so f(mid) < 0 puts the root between lo and mid.
	pole, poleClass, dlo, dhi := hi, lowPhi, mid-hi, 0.0
	if fMid < 0 {
		pole, poleClass, dlo, dhi = lo, highPhi, 0, mid-lo
	}
	var cBuf [8]float64
	c := cBuf[:0]
	for _, a := range phi {
		if a == poleClass {
			c = append(c, 0)
		} else {
			c = append(c, 1+pole*a)
		}
	}
	delta := -pole // x = 0, where f is the mean of phi: often near the root
	if !(delta > dlo && delta < dhi) {
		delta = dlo + (dhi-dlo)/2
	}
	for range 300 {
		var f, df float64
		for i, a := range phi {
			r := a / (c[i] + delta*a)
			f += p[i] * r
			df -= p[i] * r * r
		}
		switch {
		case f == 0:
			dlo, dhi = delta, delta
		case f > 0:
			dlo = delta
		default:
			dhi = delta
		}
		next := delta - f/df
		if !(next > dlo && next < dhi) {
			next = dlo + (dhi-dlo)/2
		}
		done := math.Abs(next-delta) <= 1e-15*math.Abs(delta) || next == dlo || next == dhi
		delta = next
		if done {
			break
		}
	}
	for i, a := range phi {
		q[i] = p[i] / (c[i] + delta*a)
	}
	return nil
}

// mleMean is the maximum-likelihood distribution on d's values whose mean is s.
func mleMean(d distribution, s float64) ([]float64, error) {
	phi := make([]float64, len(d.values))
	for i, a := range d.values {
		phi[i] = a - s
	}
	q := make([]float64, len(phi))
	if err := solveSecular(phi, d.probs, q); err != nil {
		return nil, fmt.Errorf("stats: no distribution with mean score %v: %w", s, err)
	}
	return q, nil
}

// mleTValue is the maximum-likelihood distribution on d's values whose
// t-value (mu-ref)/sigma is t.
//
// The t-value is not linear in q, but at the optimum its gradient is, up to a
// constant the normalization absorbs, phi_i = a_i - ref - t (sigma^2 +
// (a_i-mu)^2) / (2 sigma) with mu, sigma the optimum's own moments. So we
// iterate: take mu, sigma from the current guess, solve the linear problem,
// repeat until the distribution stops moving. At the fixed point
// sum q_i phi_i = mu - ref - t sigma = 0, which is the constraint itself.
func mleTValue(d distribution, ref, t float64) ([]float64, error) {
	// Start from the uniform distribution, as fishtest does: its moments
	// keep the first linear problem feasible even when the data lie far
	// from the constraint (starting from the data fails for 4% of random
	// lopsided pentanomials at |nElo| < 100; uniform for none of 20000).
	uniform := make([]float64, len(d.probs))
	for i := range uniform {
		uniform[i] = 1 / float64(len(uniform))
	}
	if q, err := tValueFixedPoint(d, ref, t, uniform); err == nil {
		return q, nil
	}
	// A large |t| (hundreds of nElo) can make even that first linear
	// problem infeasible. Walk t out from 0, where the problem is linear,
	// each solve starting from the last one, shortening the step on failure.
	q, err := tValueFixedPoint(d, ref, 0, uniform)
	if err != nil {
		return nil, fmt.Errorf("stats: no distribution with t-value %v: %w", t, err)
	}
	reached, step := 0.0, t/8
	for reached != t {
		try := reached + step
		if math.Abs(try) >= math.Abs(t) {
			try = t
		}
		next, err := tValueFixedPoint(d, ref, try, q)
		if err != nil {
			if step /= 2; math.Abs(step) < 1e-6*math.Abs(t) {
				return nil, fmt.Errorf("stats: no distribution with t-value %v (stuck at %v): %w", t, reached, err)
			}
			continue
		}
		q, reached, step = next, try, 2*step
	}
	return q, nil
}

// tValueFixedPoint runs mleTValue's iteration from start and checks the result.
func tValueFixedPoint(d distribution, ref, t float64, start []float64) ([]float64, error) {
	q := append([]float64(nil), start...)
	next := make([]float64, len(q))
	phi := make([]float64, len(q))
	for range 500 {
		mu, variance := moments(d.values, q)
		sigma := math.Sqrt(variance)
		for i, a := range d.values {
			dev := a - mu
			phi[i] = a - ref - t*(variance+dev*dev)/(2*sigma)
		}
		if err := solveSecular(phi, d.probs, next); err != nil {
			return nil, err
		}
		var moved float64 // largest relative change
		for i := range q {
			moved = max(moved, math.Abs(next[i]-q[i])/next[i])
		}
		q, next = next, q
		if moved < 1e-14 {
			break
		}
	}
	mu, variance := moments(d.values, q)
	if got := (mu - ref) / math.Sqrt(variance); !(math.Abs(got-t) <= 1e-9*math.Max(1, math.Abs(t))) {
		return nil, fmt.Errorf("fixed point did not converge (t-value %v)", got)
	}
	return q, nil
}
