package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// MaxGames bounds the games of one run: the schedule is laid out in full
// before the first game (a few dozen bytes a game).
const MaxGames = 10_000_000

// complete fills defaults and checks the config before anything starts.
func (c *Config) complete() error {
	if c.Type == "" {
		c.Type = TypeMatch
	}
	if c.Rounds <= 0 {
		c.Rounds = 1
	}
	if c.Seeds <= 0 {
		c.Seeds = 1
	}
	if c.Games <= 0 {
		return fmt.Errorf("games must be at least 1")
	}
	if c.Games > MaxGames || c.Rounds > MaxGames {
		return fmt.Errorf("games %d, rounds %d: a run plays at most %d games; split it into several runs", c.Games, c.Rounds, MaxGames)
	}
	if c.Concurrency == 0 {
		c.Concurrency = 1
	}
	switch {
	case c.Concurrency < 0:
		return fmt.Errorf("concurrency %d: must be at least 1", c.Concurrency)
	case c.MaxMoves < 0:
		return fmt.Errorf("maxmoves %d: must be 0 (no limit) or more", c.MaxMoves)
	case c.ReportEvery < 0:
		return fmt.Errorf("report-every %d: must be 0 (only at the end) or more", c.ReportEvery)
	case c.SlotProcesses && c.LogFile != "":
		return fmt.Errorf("log %s: engine I/O is not logged from slot processes; leave out the log or slot processes", c.LogFile)
	}
	for _, tag := range []struct{ name, value string }{{"event", c.Event}, {"site", c.Site}} {
		if strings.ContainsAny(tag.value, "\r\n\x00") {
			return fmt.Errorf("%s %q: a PGN tag must not hold a line break or NUL", tag.name, tag.value)
		}
	}
	if c.Event == "" {
		c.Event = "autoplay " + string(c.Type)
	}
	if c.Site == "" {
		c.Site = "?"
	}
	variant, err := ParseVariant(string(c.Variant))
	if err != nil {
		return err
	}
	c.Variant = variant
	if c.Variant == Chess960 && c.Openings.File == "" && c.Openings.Random == "" {
		c.Openings.Random = RandomFRC // a fresh array for every pair, from the seed
	}
	if c.Openings.Random != "" && c.Variant != Chess960 {
		return fmt.Errorf("openings %s=random: Chess960 start positions need --variant fischerandom", c.Openings.Random)
	}
	switch c.TBAdjudicate {
	case "", TBBoth, TBWin, TBDraw:
	default:
		return fmt.Errorf("tbadjudicate %q: want both, win or draw", c.TBAdjudicate)
	}
	if c.TBPieces < 0 {
		return fmt.Errorf("tbpieces %d: must be 0 (all the tables hold) or more", c.TBPieces)
	}
	switch c.Type {
	case TypeMatch:
		if len(c.Engines) != 2 {
			return fmt.Errorf("a match needs 2 engines, not %d", len(c.Engines))
		}
	case TypeGauntlet:
		if c.Seeds >= len(c.Engines) {
			return fmt.Errorf("a gauntlet with %d seeds needs more than %d engines", c.Seeds, c.Seeds)
		}
	case TypeRoundRobin:
		if len(c.Engines) < 2 {
			return fmt.Errorf("a round-robin needs at least 2 engines")
		}
	case TypeKnockout:
		if len(c.Engines) < 2 {
			return fmt.Errorf("a knockout needs at least 2 engines")
		}
		if c.Rounds > 1 {
			return fmt.Errorf("rounds %d: a knockout's rounds follow from its engines; give games (per encounter) instead", c.Rounds)
		}
		if total := knockoutGames(c); total > MaxGames {
			return fmt.Errorf("%d games: a run plays at most %d games", total, MaxGames)
		}
	default:
		return fmt.Errorf("type %q: want match, gauntlet, round-robin or knockout", c.Type)
	}
	if total := c.Games * c.Rounds * len(c.encounters()); total > MaxGames {
		return fmt.Errorf("%d games (games %d × rounds %d × %d encounters): a run plays at most %d games; split it into several runs",
			total, c.Games, c.Rounds, len(c.encounters()), MaxGames)
	}
	if c.SPRT != nil && c.Type != TypeMatch {
		return fmt.Errorf("sprt needs type match (two engines)")
	}
	matchLine, err := compileMatchLine(c.MatchLine)
	if err != nil {
		return err
	}
	names := map[string]bool{}
	for i := range c.Engines {
		e := &c.Engines[i]
		if e.Name == "" {
			e.Name = defaultEngineName(e)
		}
		e.Variant = c.Variant
		e.capture = capture{pv: c.MoveFields.PV, lines: matchLine}
		if err := e.Validate(); err != nil {
			return err
		}
		if !e.TC.HasLimit() {
			return fmt.Errorf("engine %s: no time control: give tc=, st=, nodes= or depth=", e.Name)
		}
		if names[e.Name] {
			// Two engines of one name: number them so results stay apart.
			for k := 2; ; k++ {
				if n := fmt.Sprintf("%s-%d", e.Name, k); !names[n] {
					e.Name = n
					break
				}
			}
		}
		names[e.Name] = true
	}
	return nil
}

func defaultEngineName(e *EngineConfig) string {
	name := filepath.Base(e.Cmd)
	if len(e.Args) > 0 && e.Args[0] == "engine" && name == filepath.Base(os.Args[0]) {
		return "autoplay"
	}
	return name
}
