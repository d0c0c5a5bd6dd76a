package spec

// circlePairings lists every pair of n players once, round by round, by the
// circle method: with a dummy player for an odd n, the first player stays
// put and the others turn one place each round; the top half plays the
// bottom half, the top one White. This is the order cutechess-cli plays a
// round robin in.
func circlePairings(n int) [][2]int {
	count := n + n%2
	var top, bottom []int
	for i := 0; i < count/2; i++ {
		top = append(top, i)
	}
	for i := count - 1; i >= count/2; i-- {
		bottom = append(bottom, i)
	}
	var out [][2]int
	for round := 0; round < count-1; round++ {
		if round > 0 {
			// The first of the bottom row moves up beside the fixed
			// player; the last of the top row moves down.
			top = append(top[:1], append([]int{bottom[0]}, top[1:]...)...)
			bottom = append(bottom[1:], top[len(top)-1])
			top = top[:len(top)-1]
		}
		for k := range top {
			if top[k] < n && bottom[k] < n {
				out = append(out, [2]int{top[k], bottom[k]})
			}
		}
	}
	return out
}
