package runner

import "github.com/autoplay/autoplay/runner/spec"

// colourer gives each scheduled game its colours, in schedule order, as the
// run's Colours rule says.
type colourer struct {
	c *spec.Config
	// swapped: under ColoursCutechess, each encounter's engines are
	// the other way round for its next game.
	swapped []bool
	last    int // the encounter of the game before; -1 before the first
}

func newColourer(c *spec.Config, encounters int) *colourer {
	return &colourer{c: c, swapped: make([]bool, encounters), last: -1}
}

// colours returns White and Black of the next game: game g (from 0) of
// encounter e in round (from 0), the number-th game of the run (from 1).
func (k *colourer) colours(enc [2]int, e, round, g, number int) (white, black int) {
	c := k.c
	var swap bool
	switch {
	case c.Colours == spec.ColoursCutechess:
		// cutechess-cli's pair keeps its order from round to round; its
		// -reverse swaps a pair each time it comes back after another.
		if c.Reverse && e != k.last {
			k.swapped[e] = !k.swapped[e]
		}
		swap = k.swapped[e]
		if !c.NoSwap {
			k.swapped[e] = !k.swapped[e]
		}
		k.last = e
		if swap {
			return enc[1], enc[0]
		}
		return enc[0], enc[1]
	case c.Colours == spec.ColoursFastchess:
		swap = number%2 == 0 // fastchess swaps by the run's game number
	case c.Type == spec.TypePyramid:
		// A pyramid's encounter alternates colours over the whole run, as
		// cutechess-cli's does: with an odd number of games the next round
		// starts with the other colours.
		swap = (round*c.Games+g)%2 == 1
	default:
		swap = g%2 == 1
	}
	swap = swap && !c.NoSwap
	if c.Reverse {
		swap = !swap
	}
	if swap {
		return enc[1], enc[0]
	}
	return enc[0], enc[1]
}
