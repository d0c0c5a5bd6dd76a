package runner

import (
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/spec"
)

// resultOfViewed counts finished games read back from a PGN: the engines
// in names, a match for two of them, a round-robin for more, game pairs
// (2k-1, 2k) as autoplay numbers them.
func resultOfViewed(names []string, games []live.ViewedGame, each func(*Result)) *Result {
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
		e, ok := encounter[[2]int{g.White, g.Black}]
		if !ok || !g.Valid {
			continue
		}
		res.add(scheduledGame{number: g.Number, encounter: e, pair: (g.Number - 1) / 2, white: g.White, black: g.Black}, g.Outcome, g.Culprit, g.Fail)
		if each != nil {
			each(res)
		}
	}
	return res
}

// LoadView fills l from a finished run's PGN, x (autoplay view): the games
// listed and read by l, the standing and the plots' points counted here as
// the run counted them.
func LoadView(l *live.State, x *live.PGNIndex) {
	l.LoadIndex(x)
	res := resultOfViewed(x.Players(), x.Games(), func(res *Result) { l.Plot(pointOf(res)) })
	l.Recorded(nil, "", liveSummary(res, true))
}
