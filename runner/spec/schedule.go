package spec

import (
	"time"

	"github.com/autoplay/autoplay/runner/stats"
)

// Schedule is who plays whom, how many games, in which colours and from
// which openings, and when a run may stop early.
type Schedule struct {
	Type  Tournament `json:"type,omitempty"`  // "" = match
	Seeds int        `json:"seeds,omitempty"` // gauntlet: how many of the first engines play all others (0 = 1)
	// SeedsMeet: a gauntlet's seeds also play each other, each the engines
	// after it in order (fastchess's gauntlet: 1-2, 1-3, ..., 2-3, ...).
	SeedsMeet bool `json:"seeds_meet,omitempty"`
	Rounds    int  `json:"rounds,omitempty"` // 0 = 1
	Games     int  `json:"games,omitempty"`  // games per encounter per round, in pairs: the same opening twice, colours swapped; 0 = 2
	// OpeningRepeat is how many consecutive games of an encounter share an
	// opening (0 = 2, a pair); colours still alternate game by game unless
	// NoSwap. Reverse gives every game the other colours.
	OpeningRepeat int `json:"opening_repeat,omitempty"`
	// OpeningEachRound starts a new opening with each round (as the PGN
	// Round tag counts them) rather than each encounter, and only then:
	// cutechess-cli's -openings policy=round.
	OpeningEachRound bool `json:"opening_each_round,omitempty"`
	// CirclePairings orders a round robin's encounters by the circle method
	// (Berger tables), the first of each pair White, as cutechess-cli does;
	// by default engine 1 meets 2, 3, ..., then 2 meets 3, ...
	CirclePairings bool           `json:"circle_pairings,omitempty"`
	NoSwap         bool           `json:"no_swap,omitempty"`
	Reverse        bool           `json:"reverse,omitempty"`
	Wait           time.Duration  `json:"wait_ns,omitempty"` // pause between a worker's games
	Openings       OpeningsConfig `json:"openings,omitempty"`
	Seed           uint64         `json:"seed,omitempty"` // the random opening order and Chess960 arrays; 0 = DefaultSeed, unless ZeroSeed
	// ZeroSeed: the user gave seed 0, which Complete keeps rather than
	// take for the default.
	ZeroSeed bool        `json:"-"`
	Variant  Variant     `json:"variant,omitempty"` // "" = standard
	SPRT     *stats.SPRT `json:"sprt,omitempty"`    // stop as soon as a bound is crossed (matches only)
	// Colours, for the drop-in modes, gives games their colours as the
	// tool does (ColoursCutechess, ColoursFastchess). "" = autoplay's own:
	// each round an encounter's games alternate from its first engine White
	// (a pyramid's alternate over the whole run).
	Colours string `json:"colours,omitempty"`
	// KnockoutSeeded, in cutechess-cli's knockout (Colours cutechess), is
	// how many of the first engines keep their places as seeds; the others
	// are placed at random from Seed, as cutechess-cli's -seeds (0: all).
	KnockoutSeeded int `json:"knockout_seeded,omitempty"`
}

// Tools whose colours Colours copies.
const (
	// ColoursCutechess: each pair of engines keeps its colours from game
	// to game over the whole run, swapped after each game unless NoSwap;
	// Reverse swaps them again whenever the pair follows another one.
	ColoursCutechess = "cutechess"
	// ColoursFastchess: the run's even-numbered games are swapped unless
	// NoSwap, whichever pair plays them; Reverse swaps every game.
	ColoursFastchess = "fastchess"
)

// The schedule's defaults, which the flags also show.
const (
	DefaultGames  = 2 // one pair: the same opening with each engine White once
	DefaultRounds = 1 // every encounter once
	DefaultSeeds  = 1 // a gauntlet's one seed plays all the others
	DefaultSeed   = 1
)

func (s *Schedule) fillDefaults() {
	if s.Type == "" {
		s.Type = TypeMatch
	}
	if s.Rounds <= 0 {
		s.Rounds = DefaultRounds
	}
	if s.Games == 0 {
		s.Games = DefaultGames
	}
	if s.Seeds <= 0 {
		s.Seeds = DefaultSeeds
	}
	if s.Seed == 0 && !s.ZeroSeed {
		s.Seed = DefaultSeed
	}
}
