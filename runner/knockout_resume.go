package runner

import (
	"fmt"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// resumeKnockout lays out the knockout's first round and, when the run has
// a PGN from an earlier start, replays the games in it through the bracket:
// each phase's games get the same numbers as before, because they depend
// on the results alone. It returns the games still to play.
func (r *run) resumeKnockout(appendOnly bool, res *Result) ([]scheduledGame, error) {
	todo := r.knockout.start(res)
	res.Knockout = r.knockout.Bracket()
	c := r.cfg
	// cutechess-cli's knockout is the drop-in's, which appends without
	// resuming (its PGN's Round tags are its rounds, not game numbers).
	if appendOnly || c.PGNOut == "" || c.Colours == spec.ColoursCutechess {
		return todo, nil
	}
	played, err := knockoutPlayed(c, r.out.warn)
	if err != nil || len(played) == 0 {
		return todo, err
	}
	for {
		var rest []scheduledGame
		progressed := false
		for _, g := range todo {
			pg, ok := played[g.number]
			if !ok {
				rest = append(rest, g)
				continue
			}
			white, black := c.Engines[g.white].Name, c.Engines[g.black].Name
			if pg.White != white || pg.Black != black {
				return nil, fmt.Errorf("resume: %s:%d: game %d is %s vs %s, but the bracket has %s vs %s",
					c.PGNOut, pg.Line, g.number, pg.White, pg.Black, white, black)
			}
			outcome, _ := record.ParseOutcome(pg.Result)
			culprit, fail, _ := record.ParseEnding(pg.Ending)
			res.add(g, outcome, culprit, fail)
			res.Resumed++
			if r.recorded == nil {
				r.recorded = map[int]bool{}
			}
			r.recorded[g.number] = true
			r.knockout.score(g, outcome)
			more, _, _ := r.knockout.record(res)
			r.growPlan(res)
			rest = append(rest, more...)
			progressed = true
		}
		todo = rest
		if !progressed {
			res.Knockout = r.knockout.Bracket()
			return todo, nil
		}
	}
}

// knockoutPlayed checks the state file beside the PGN (written when there is
// none) and returns the finished games the PGN holds, by number.
// Its games are read as resume reads them (readPlayedGames).
func knockoutPlayed(c *spec.Config, warn func(string)) (map[int]pgn.GameResult, error) {
	want := runState{Fingerprint: fingerprint(c), ConfigGames: c.Games, Rounds: c.Rounds}
	have, fresh, err := loadState(c, want)
	if err != nil || fresh {
		return nil, err
	}
	if have.Fingerprint != want.Fingerprint || have.ConfigGames != c.Games {
		return nil, fmt.Errorf("resume: %s belongs to a different run (other engines, games per encounter, time controls, openings or seed, says %s): choose another pgnout, or delete both files to start afresh",
			c.PGNOut, statePath(c.PGNOut))
	}
	played := map[int]pgn.GameResult{}
	err = readPlayedGames(c.PGNOut, runEndingsByName(c), warn, nil, func(g *readBackGame) { played[g.Round] = g.GameResult })
	if err != nil {
		return nil, err
	}
	return played, nil
}
