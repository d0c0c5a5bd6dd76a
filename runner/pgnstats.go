package runner

import (
	"fmt"
	"io"
	"sort"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// StatsFromPGN recomputes a run's statistics from PGN files alone: per
// encounter W/D/L, the pentanomial over game pairs (consecutive games of an
// encounter with colours swapped), Elo, and with sprt the test's standing;
// three or more engines get a rating table and crosstable. It prints what
// `autoplay match` or `autoplay run` would have printed at the end.
//
// Each game is replayed first, as resume does: a game whose result its
// moves contradict is not counted, and a copy of a game (the same tags and
// moves again, in any of the files) is counted once; warn hears of each.
func StatsFromPGN(paths []string, sprt *stats.SPRT, out io.Writer, warn func(string)) (*Result, error) {
	type game struct {
		pgn.GameResult
		file  int
		order int
	}
	var games []game
	var seen copies
	noRun := func(*pgn.GameResult) endingRules { return endingRules{} }
	for f, path := range paths {
		_, err := scanFinishedGames(path, noRun, func(g *readBackGame) error {
			if why, copied := seen.copyOf(g, path); copied {
				warn(why)
				return nil
			}
			if g.bad != nil {
				warn(fmt.Sprintf("%v: not counted", g.bad))
				return nil
			}
			games = append(games, game{g.GameResult, f, len(games)})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("no finished games in %v", paths)
	}
	// Games of each encounter in the order they were scheduled: file, then
	// round (autoplay's game number), then position in the file.
	sort.SliceStable(games, func(a, b int) bool {
		ga, gb := games[a], games[b]
		if ga.file != gb.file {
			return ga.file < gb.file
		}
		if ga.Round != gb.Round {
			return ga.Round < gb.Round
		}
		return ga.order < gb.order
	})
	// Engines in order of first appearance; the first is the first engine.
	cfg := &spec.Config{Schedule: spec.Schedule{Type: spec.TypeMatch, SPRT: sprt}}
	index := map[string]int{}
	for _, g := range games {
		for _, name := range [2]string{g.White, g.Black} {
			if _, ok := index[name]; !ok {
				index[name] = len(cfg.Engines)
				cfg.Engines = append(cfg.Engines, spec.EngineConfig{Name: name})
			}
		}
	}
	if len(cfg.Engines) > 2 {
		cfg.Type = spec.TypeRoundRobin
		if sprt != nil {
			return nil, fmt.Errorf("an SPRT needs the games of two engines; these files hold %d", len(cfg.Engines))
		}
	}
	encounterOf := map[[2]int]int{}
	for e, enc := range cfg.Encounters() {
		encounterOf[enc] = e
	}
	res := newResult(cfg, len(games))
	lastOf := map[int]scheduledGame{} // per encounter: the previous game if it waits for its pair
	pair := 0
	for _, g := range games {
		w, b := index[g.White], index[g.Black]
		key := [2]int{min(w, b), max(w, b)}
		e := encounterOf[key]
		sg := scheduledGame{number: g.Round, encounter: e, white: w, black: b}
		if prev, ok := lastOf[e]; ok && prev.white == b && prev.black == w {
			sg.pair = prev.pair
			delete(lastOf, e)
		} else {
			pair++
			sg.pair = pair
			lastOf[e] = sg
		}
		outcome, _ := record.ParseOutcome(g.Result)
		culprit, fail, _ := record.ParseEnding(g.Ending)
		res.add(sg, outcome, culprit, fail)
	}
	newReporter(cfg, res, out, nil).final(res)
	return res, nil
}
