package runner

import "github.com/autoplay/autoplay/runner/spec"

// The drop-in modes shuffle a suite as the tool they stand in for does, so
// that one -srand plays the same openings in both: each tool seeds its own
// Mersenne Twister and swaps with a plain Knuth shuffle (j = i + r % (n-i)),
// not Go's (or the C++ library's) uniform draws.

// shuffledSuite returns the order in which a tool plays a suite of n
// openings from seed, or nil when the suite is played as it lies.
func shuffledSuite(shuffle string, n int, seed uint64) []int32 {
	var draw func(bound uint64) uint64
	switch shuffle {
	case spec.ShuffleFastchess:
		mt := newMT19937x64(seed)
		draw = func(bound uint64) uint64 { return mt.next() % bound }
	case spec.ShuffleCutechess:
		mt := newCutechessMersenne(uint32(seed))
		draw = func(bound uint64) uint64 { return uint64(mt.next()) % bound }
	default:
		return nil
	}
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	for i := 0; i+2 <= n; i++ {
		j := i + int(draw(uint64(n-i)))
		order[i], order[j] = order[j], order[i]
	}
	return order
}

// mt19937x64 is C++'s std::mt19937_64, fastchess's generator (seeded with
// -srand as is).
type mt19937x64 struct {
	state [312]uint64
	index int
}

func newMT19937x64(seed uint64) *mt19937x64 {
	m := &mt19937x64{index: 312}
	m.state[0] = seed
	for i := 1; i < 312; i++ {
		prev := m.state[i-1]
		m.state[i] = 6364136223846793005*(prev^(prev>>62)) + uint64(i)
	}
	return m
}

func (m *mt19937x64) next() uint64 {
	if m.index >= 312 {
		const upper, lower = 0xFFFFFFFF80000000, 0x7FFFFFFF
		for i := range 312 {
			x := m.state[i]&upper | m.state[(i+1)%312]&lower
			xa := x >> 1
			if x&1 != 0 {
				xa ^= 0xB5026F5AA96619E9
			}
			m.state[i] = m.state[(i+156)%312] ^ xa
		}
		m.index = 0
	}
	x := m.state[m.index]
	m.index++
	x ^= (x >> 29) & 0x5555555555555555
	x ^= (x << 17) & 0x71D67FFFEDA60000
	x ^= (x << 37) & 0xFFF7EEE000000000
	return x ^ x>>43
}

// cutechessMersenne is cutechess-cli's Mersenne::random: a 32-bit Mersenne
// Twister whose twist joins the low bit of one word with the low 31 of the
// next (not the high bit and the low 31 as MT19937 does), so its numbers
// are its own.
type cutechessMersenne struct {
	state [624]uint32
	index int
}

func newCutechessMersenne(seed uint32) *cutechessMersenne {
	m := &cutechessMersenne{}
	m.state[0] = seed
	for i := 1; i < 624; i++ {
		prev := m.state[i-1]
		m.state[i] = 0x6C078965*(prev^(prev>>30)) + uint32(i)
	}
	return m
}

func (m *cutechessMersenne) next() uint32 {
	if m.index == 0 {
		for i := range 624 {
			y := m.state[i]&1 + m.state[(i+1)%624]&0x7FFFFFFF
			m.state[i] = m.state[(i+397)%624] ^ y>>1
			if y%2 != 0 {
				m.state[i] ^= 0x9908B0DF
			}
		}
	}
	y := m.state[m.index]
	y ^= y >> 11
	y ^= (y << 7) & 0x9D2C5680
	y ^= (y << 15) & 0xEFC60000
	y ^= y >> 18
	m.index = (m.index + 1) % 624
	return y
}

// cutechessChess960 draws a Chess960 start position as cutechess-cli's
// FrcBoard does (five numbers: the bishops on dark then light squares, the
// queen, the knights one by one among the squares left; rooks and king
// fill the rest) and returns its standard number (0..959).
func (m *cutechessMersenne) cutechessChess960() int {
	dark := int(m.next() % 4)
	light := int(m.next() % 4)
	queen := int(m.next() % 6)
	first := int(m.next() % 5)
	second := int(m.next() % 4) // among the four squares the first left
	if second >= first {
		second++ // as a place among the five
	}
	lo, hi := min(first, second), max(first, second)
	knights := 0 // the pair's place in the standard numbering's table
	for a := range 5 {
		for b := a + 1; b < 5; b++ {
			if a == lo && b == hi {
				return light + 4*dark + 16*queen + 96*knights
			}
			knights++
		}
	}
	panic("unreachable")
}

// cutechessDraws is cutechess-cli's generator as its tournament finds it
// when it starts (a knockout draws its unseeded engines' places from it):
// seeded by -srand, past the draws of the suite's shuffle; when it draws
// Chess960 arrays, the picker's own, so that the arrays follow the places.
func (p *openingPicker) cutechessDraws() *cutechessMersenne {
	if p.cutechess != nil {
		return p.cutechess
	}
	m := newCutechessMersenne(uint32(p.seed))
	if p.shuffled != nil {
		for range len(p.shuffled) - 1 {
			m.next()
		}
	}
	return m
}
