package runner

import (
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// ResultOfGames counts finished games read back from a PGN (autoplay view):
// the engines in the order they first appear, a match for two of them, a
// round-robin for more, game pairs (2k-1, 2k) as autoplay numbers them.
func ResultOfGames(games []FinishedGame) *Result {
	var c spec.Config
	index := map[string]int{}
	for _, g := range games {
		for _, name := range []string{g.White, g.Black} {
			if _, ok := index[name]; !ok {
				index[name] = len(c.Engines)
				c.Engines = append(c.Engines, spec.EngineConfig{Name: name})
			}
		}
	}
	c.Type = spec.TypeMatch
	if len(c.Engines) > 2 {
		c.Type = spec.TypeRoundRobin
	}
	if len(c.Engines) < 2 {
		return &Result{Played: len(games), Total: len(games)}
	}
	res := newResult(&c, len(games))
	for _, g := range games {
		w, b := index[g.White], index[g.Black]
		e := -1
		for i, enc := range res.Encounters {
			if enc.First == w && enc.Second == b || enc.First == b && enc.Second == w {
				e = i
			}
		}
		outcome, ok := record.ParseOutcome(g.Result)
		if e < 0 || !ok {
			continue
		}
		culprit, fail, _ := record.ParseEnding(g.Reason)
		res.add(scheduledGame{number: g.Number, encounter: e, pair: (g.Number - 1) / 2, white: w, black: b}, outcome, culprit, fail)
	}
	return res
}
