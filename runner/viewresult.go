package runner

import (
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// viewedGame is what a finished game read back from a PGN (autoplay view)
// counts with: its number, players (indices into the names), outcome and
// the fault its ending names.
type viewedGame struct {
	number, white, black int
	outcome              record.Outcome
	valid                bool
	culprit              record.Color
	fail                 record.Failure
}

// resultOfViewed counts finished games read back from a PGN: the engines
// in names, a match for two of them, a round-robin for more, game pairs
// (2k-1, 2k) as autoplay numbers them.
func resultOfViewed(names []string, games []viewedGame, each func(*Result)) *Result {
	var c spec.Config
	for _, name := range names {
		c.Engines = append(c.Engines, spec.EngineConfig{Name: name})
	}
	c.Type = spec.TypeMatch
	if len(c.Engines) > 2 {
		c.Type = spec.TypeRoundRobin
	}
	if len(c.Engines) < 2 {
		return &Result{Played: len(games), Total: len(games)}
	}
	res := newResult(&c, len(games))
	encounter := map[[2]int]int{}
	for i, enc := range res.Encounters {
		encounter[[2]int{enc.First, enc.Second}] = i
		encounter[[2]int{enc.Second, enc.First}] = i
	}
	for _, g := range games {
		e, ok := encounter[[2]int{g.white, g.black}]
		if !ok || !g.valid {
			continue
		}
		res.add(scheduledGame{number: g.number, encounter: e, pair: (g.number - 1) / 2, white: g.white, black: g.black}, g.outcome, g.culprit, g.fail)
		if each != nil {
			each(res)
		}
	}
	return res
}
