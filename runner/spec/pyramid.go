package spec

// pyramidPairings lists cutechess-cli's pyramid: each engine from the
// second, in turn, meets every engine above it, the first first: (1,0),
// (2,0), (2,1), (3,0), (3,1), (3,2), ...;
// the climber, the first of each pair, is White in the encounter's first
// game, as cutechess-cli plays it.
func pyramidPairings(n int) [][2]int {
	out := make([][2]int, 0, n*(n-1)/2)
	for k := 1; k < n; k++ {
		for j := 0; j < k; j++ {
			out = append(out, [2]int{k, j})
		}
	}
	return out
}

// pyramidRound is the round of cutechess-cli's pyramid that the encounter
// with index e (0-based, counted over all rounds of the run) falls in: each
// climber's encounters are one round, and the rounds go on counting when
// the pyramid starts again.
func pyramidRound(n, e int) int {
	perCycle := n * (n - 1) / 2
	cycle, e := e/perCycle, e%perCycle
	k := 1
	for e >= k {
		e -= k
		k++
	}
	return cycle*(n-1) + k
}
