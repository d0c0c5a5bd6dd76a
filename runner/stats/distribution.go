package stats

import "math"

// distribution is a discrete distribution of a per-game (or per-pair) score
// on evenly spaced values from 0 to 1, with the number of observations it
// was estimated from.
type distribution struct {
	values []float64 // ascending, values[0] = 0, last = 1
	probs  []float64 // sum to 1, all > 0 after regularization
	n      float64   // observations, including the 0.001 stand-ins
}

// newDistribution regularizes counts (zero becomes 0.001) and normalizes them.
func newDistribution(counts []float64) distribution {
	d := distribution{values: make([]float64, len(counts)), probs: make([]float64, len(counts))}
	for i, c := range counts {
		if c == 0 {
			c = zeroCount
		}
		d.n += c
		d.probs[i] = c
		d.values[i] = float64(i) / float64(len(counts)-1)
	}
	for i := range d.probs {
		d.probs[i] /= d.n
	}
	return d
}

// moments returns the mean and (population) variance of probs over values.
func moments(values, probs []float64) (mean, variance float64) {
	for i, p := range probs {
		mean += p * values[i]
	}
	for i, p := range probs {
		d := values[i] - mean
		variance += p * d * d
	}
	return mean, variance
}

// logLikelihoodRatio is the mean log(q1/q0) under the empirical probabilities p.
func logLikelihoodRatio(p, q0, q1 []float64) float64 {
	var sum float64
	for i := range p {
		sum += p[i] * math.Log(q1[i]/q0[i])
	}
	return sum
}
