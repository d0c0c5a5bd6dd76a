package compat

import (
	"fmt"
	"math"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// finish turns what the options said into the run: engines with -each
// applied, the tournament, the number of games and how openings repeat.
func (inv *Invocation) finish() error {
	c := &inv.Config
	if err := inv.concurrencyAsked(); err != nil {
		return err
	}
	for i, spec := range inv.engines {
		e, err := inv.engine(spec)
		if err != nil {
			return fmt.Errorf("engine %d: %w", i+1, err)
		}
		if !e.TC.HasLimit() {
			return fmt.Errorf("engine %d (%s): missing time control: give tc=, st=, nodes= or depth= to -engine or -each", i+1, e.Cmd)
		}
		// Both tools warn of an option the engine does not declare, or a
		// value its declaration refuses, and do not send it.
		e.LenientOptions = true
		e.StartupTimeout, e.NewGameTimeout, e.PingTimeout = inv.startupTimeout, inv.newGameTimeout, inv.pingTimeout
		c.Engines = append(c.Engines, e)
	}
	if len(c.Engines) < 2 {
		return fmt.Errorf("at least two engines are needed (-engine cmd=A -engine cmd=B)")
	}
	if c.Type == "" || c.Type == spec.TypeRoundRobin || c.Type == spec.TypeGauntlet {
		if len(c.Engines) == 2 {
			c.Type, c.Seeds = spec.TypeMatch, 0 // both tools' two-engine tournaments are a match
		} else if c.Type == "" {
			c.Type = spec.TypeRoundRobin
		}
	}
	if c.Type == spec.TypeGauntlet && c.Seeds == 0 {
		c.Seeds = spec.DefaultSeeds // roundGames counts the seeds' encounters before Complete
	}
	if inv.Dialect == Fastchess && c.Type == spec.TypeGauntlet {
		// fastchess's gauntlet is its round robin cut to the pairs whose
		// first engine is a seed, at most all engines but one: seeds meet.
		c.Seeds, c.SeedsMeet = min(c.Seeds, len(c.Engines)-1), true
	}
	if c.Type == spec.TypeKnockout && inv.Dialect == Cutechess {
		c.KnockoutSeeded = c.Seeds // cutechess-cli's knockout seeds them, the rest drawn
	}
	if c.Seeds > 0 && c.Type != spec.TypeGauntlet {
		c.Seeds = 0 // -seeds only matters to a gauntlet
	}

	if inv.Dialect == Fastchess && c.Variant == spec.Chess960 && c.Openings.File == "" {
		// fastchess draws no Chess960 arrays: it refuses to start.
		return fmt.Errorf("-variant fischerandom needs a Chess960 opening book: give -openings file=... (fastchess plays no random arrays)")
	}
	games, rounds := inv.games, inv.rounds
	repeat := 0
	switch inv.Dialect {
	case Cutechess:
		games, rounds = max(games, 1), max(rounds, 1)
		switch {
		case inv.openingPolicy != "":
			// policy=encounter or round: cutechess-cli repeats an opening
			// without end (-repeat aside) and starts a new one with each
			// encounter, or each round: a match of two engines, one
			// encounter, plays one opening whatever its -rounds.
			repeat = math.MaxInt32
			c.OpeningEachRound = inv.openingPolicy == "round"
		case inv.repeat == 0:
			repeat = 1 // without -repeat every game has its own opening
		default:
			repeat = inv.repeat
		}
	case Fastchess:
		if games == 0 {
			games = 2
		}
		if rounds == 0 {
			rounds = 2
		}
		if games > 2 {
			// fastchess takes -games 10 -rounds 1 for -rounds 10 -games 1.
			games, rounds = rounds, games
			if games > 2 {
				return fmt.Errorf("-games %d -rounds %d: fastchess plays at most 2 games a round (an opening's pair); give -rounds for more", rounds, games)
			}
		}
		// fastchess reports pairs only of two games each, in its own output.
		inv.ReportPenta = inv.ReportPenta && games == 2 && inv.Output == Fastchess
		repeat = games // each round plays one opening
	}
	// A two-engine pyramid too is one encounter: cutechess-cli's -repeat
	// runs on over its rounds, as a match's does.
	if c.Type == spec.TypeMatch || c.Type == spec.TypePyramid && len(c.Engines) == 2 {
		c.Games, c.Rounds = games*rounds, 1
	} else {
		c.Games, c.Rounds = games, rounds
	}
	c.RoundGames = inv.roundGames(games)
	if c.Type == spec.TypePyramid {
		c.RoundPyramid = len(c.Engines)
	}
	// Each tool's own ways with openings, pairings and PGN tags.
	c.PGNStyle = map[Dialect]spec.PGNStyle{Cutechess: spec.PGNCutechess, Fastchess: spec.PGNFastchess}[inv.Dialect]
	c.Openings.EPDWithoutCounters = inv.Dialect == Cutechess
	// order=random shuffles as the tool does, from its -srand. fastchess
	// then plays only the first -rounds openings from start= (in either
	// order), one a pair of engines, round after round: a round robin of
	// three engines over two rounds plays openings 1 2 1, then 2 1 2.
	c.Openings.Shuffle = map[Dialect]string{Cutechess: spec.ShuffleCutechess, Fastchess: spec.ShuffleFastchess}[inv.Dialect]
	if inv.Dialect == Fastchess {
		c.Openings.Cycle = rounds
	}
	c.CirclePairings = inv.Dialect == Cutechess
	c.Colours = map[Dialect]string{Cutechess: spec.ColoursCutechess, Fastchess: spec.ColoursFastchess}[inv.Dialect]
	// cutechess-cli looks the tables up only after a move; fastchess
	// scores a move by its engine's last exact score.
	c.TBAfterMove = inv.Dialect == Cutechess
	c.ExactScores = inv.Dialect == Fastchess
	if repeat != 2 {
		c.OpeningRepeat = max(repeat, 1)
	}
	if !inv.seeded {
		c.Seed = uint64(time.Now().UnixNano()) // as both tools do without -srand
	}
	// fastchess warns on standard output of a run without a book (Options
	// prints it); cutechess-cli says nothing.
	inv.warnNoBook = c.NoOpenings() && inv.Dialect == Fastchess
	if inv.Debug && c.LogFile == "" {
		c.LogFile = "/dev/stdout"
	}
	return inv.applyRecordOptions()
}

// roundGames is how many consecutive games share the PGN Round tag of the
// tool: fastchess numbers each encounter's block of -games; cutechess-cli
// each round of its schedule, in which a round robin plays every circle
// pairing of the round (n/2 of them, a bye left out) and a gauntlet every
// seed against every opponent.
func (inv *Invocation) roundGames(games int) int {
	c := &inv.Config
	if inv.Dialect == Fastchess {
		return games
	}
	switch c.Type {
	case spec.TypeRoundRobin:
		return games * (len(c.Engines) / 2)
	case spec.TypeGauntlet:
		// Counted, not built: a run too big is refused when it is completed.
		return games * int(min(spec.EncounterCount(c.Type, len(c.Engines), c.Seeds), spec.MaxGames+1))
	case spec.TypeKnockout:
		return 0
	case spec.TypePyramid:
		return games // RoundTag counts a climber's encounters as one round
	}
	return games
}
