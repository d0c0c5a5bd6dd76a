package runner

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
}

// encounters lists who plays whom; the first engine of each is the one
// scores are counted for.
func (c *Config) encounters() [][2]int {
	n := len(c.Engines)
	var out [][2]int
	switch c.Type {
	case TypeRoundRobin:
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				out = append(out, [2]int{i, j})
			}
		}
	case TypeKnockout:
		return nil // its encounters follow from the results (knockout.go)
	case TypeGauntlet:
		for s := 0; s < c.Seeds; s++ {
			for j := c.Seeds; j < n; j++ {
				out = append(out, [2]int{s, j})
			}
		}
	default:
		out = [][2]int{{0, 1}}
	}
	return out
}

// buildSchedule lays out every game: round by round, encounter by
// encounter, in pairs that share an opening with colours swapped.
func buildSchedule(c *Config, picker *openingPicker) []scheduledGame {
	encounters := c.encounters()
	games := make([]scheduledGame, 0, c.Rounds*len(encounters)*c.Games)
	pair := -1
	opening := -1
	repeat := max(c.OpeningRepeat, 1)
	if c.OpeningRepeat == 0 {
		repeat = 2
	}
	for round := 0; round < c.Rounds; round++ {
		for e, enc := range encounters {
			for g := 0; g < c.Games; g++ {
				white, black := enc[0], enc[1]
				if g%2 == 0 {
					pair++
				}
				if g%repeat == 0 {
					opening = picker.next()
				}
				if g%2 == 1 && !c.NoSwap {
					white, black = black, white
				}
				if c.Reverse {
					white, black = black, white
				}
				games = append(games, scheduledGame{
					number: len(games) + 1, encounter: e, pair: pair,
					white: white, black: black, opening: opening,
				})
			}
		}
	}
	return games
}
