package spec

import (
	"fmt"
	"math"
	"math/bits"
)

// MaxGames bounds the games of one run. The schedule is laid out in full
// before the first game, 48 bytes a game: 480 MB at this limit, already
// more than a machine playing engines should give the runner. Past it a
// run is better split into several, each resumable on its own.
const MaxGames = 10_000_000

// EncounterCount is how many encounters (pairs of engines) a tournament of
// type t has with n engines (seeds of them a gauntlet's seeds), from the
// counts alone: nothing is built, so a run too big to play is refused at
// once whatever n is. A knockout's encounters follow from its results: its
// count is KnockoutGames's, one per engine that goes out.
func EncounterCount(t Tournament, n, seeds int) uint64 {
	if n < 2 {
		return 0
	}
	switch t {
	case TypeRoundRobin, TypePyramid:
		return mulCapped(uint64(n), uint64(n-1)) / 2
	case TypeGauntlet:
		if seeds < 0 || seeds >= n {
			return 0
		}
		return mulCapped(uint64(seeds), uint64(n-seeds))
	case TypeKnockout:
		return uint64(n - 1)
	default:
		return 1
	}
}

// mulCapped is a×b, or the largest uint64 when the product would overflow.
func mulCapped(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// checkSize refuses a run of more than MaxGames games, counted from the
// number of engines, games and rounds before any schedule or pairing list
// is built: a round robin of 10,000 engines is 49,995,000 encounters.
func (c *Config) checkSize() error {
	encounters := EncounterCount(c.Type, len(c.Engines), c.Seeds)
	if c.Type == TypeGauntlet && c.SeedsMeet && c.Seeds < len(c.Engines) {
		encounters += uint64(c.Seeds) * uint64(c.Seeds-1) / 2
	}
	rounds := uint64(c.Rounds)
	if c.Type == TypeKnockout {
		rounds = 1 // a knockout's rounds follow from its engines
	}
	total := mulCapped(mulCapped(uint64(c.Games), rounds), encounters)
	if total <= MaxGames {
		return nil
	}
	count := fmt.Sprint(total)
	if total == math.MaxUint64 {
		count = "more than 18 billion billion"
	}
	what := fmt.Sprintf("%d engines: %d encounters × games %d × rounds %d", len(c.Engines), encounters, c.Games, rounds)
	if c.Type == TypeKnockout {
		what = fmt.Sprintf("%d engines: %d encounters without tie-breaks × games %d", len(c.Engines), encounters, c.Games)
	}
	return fmt.Errorf("a %s of %s games (%s): a run plays at most %d games; split it into several runs, or play fewer games per encounter",
		c.Type, count, what, MaxGames)
}
