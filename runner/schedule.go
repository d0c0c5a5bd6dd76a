package runner

import (
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// scheduledGame is one game of a run, fixed before the run starts: the same
// config and seed always give the same schedule, so a resumed run plays
// exactly the games the uninterrupted one would have.
type scheduledGame struct {
	number    int // 1-based; the PGN Round tag
	encounter int // index into the run's encounters
	pair      int // game pairs share an opening, colours swapped
	white     int // engine indices
	black     int
	opening   int // index into the opening suite; -1 = initial position
	round     int // the PGN Round tag when the schedule sets it (cutechess-cli's knockout); 0 otherwise
}

// buildSchedule lays out every game: round by round, encounter by
// encounter, in pairs that share an opening with colours swapped.
func buildSchedule(c *spec.Config, picker *openingPicker) []scheduledGame {
	encounters := c.Encounters()
	games := make([]scheduledGame, 0, c.Rounds*len(encounters)*c.Games)
	colours := newColourer(c, len(encounters))
	pair := -1
	opening := -1
	repeat := max(c.OpeningRepeat, 1)
	if c.OpeningRepeat == 0 {
		repeat = 2
	}
	for round := 0; round < c.Rounds; round++ {
		for e, enc := range encounters {
			for g := 0; g < c.Games; g++ {
				if g%2 == 0 {
					pair++
				}
				if c.OpeningEachRound {
					if n := len(games) + 1; n == 1 || c.RoundTag(n) != c.RoundTag(n-1) {
						opening = picker.next()
					}
				} else if g%repeat == 0 {
					opening = picker.next()
				}
				white, black := colours.colours(enc, e, round, g, len(games)+1)
				games = append(games, scheduledGame{
					number: len(games) + 1, encounter: e, pair: pair,
					white: white, black: black, opening: opening,
				})
			}
		}
	}
	return games
}

// place is the game's place in the schedule as its record carries it.
func (g scheduledGame) place() record.Place {
	return record.Place{Encounter: g.encounter, Pair: g.pair, White: g.white, Black: g.black, Opening: g.opening, Round: g.round}
}

// scheduledOf is the scheduled game a record was played for.
func scheduledOf(rec *record.GameRecord) scheduledGame {
	p := rec.Place
	return scheduledGame{number: rec.Number, encounter: p.Encounter, pair: p.Pair, white: p.White, black: p.Black, opening: p.Opening, round: p.Round}
}
