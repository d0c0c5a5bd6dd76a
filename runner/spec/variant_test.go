package spec

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// Variant names as cutechess-cli and Fairy-Stockfish spell them, their
// aliases, the Chess960 forms where a variant has one, and what each
// stands for.
func TestParseVariantReadsEachToolsNames(t *testing.T) {
	for _, tc := range []struct {
		in       string
		want     Variant
		rules    chess.Variant
		chess960 bool
		engine   string
	}{
		{"", Standard, chess.Standard, false, ""},
		{"chess960", Chess960, chess.Standard, true, ""},
		{"crazyhouse", "crazyhouse", chess.Crazyhouse, false, "crazyhouse"},
		{"ZH", "crazyhouse", chess.Crazyhouse, false, "crazyhouse"},
		{"threecheck", "3check", chess.ThreeCheck, false, "3check"},
		{"king-of-the-hill", "kingofthehill", chess.KingOfTheHill, false, "kingofthehill"},
		{"nocastle", "nocastle", chess.NoCastling, false, "nocastle"},
		{"crazyhouse960", "crazyhouse960", chess.Crazyhouse, true, "crazyhouse"},
		{"3check960", "3check960", chess.ThreeCheck, true, "3check"},
	} {
		v, err := ParseVariant(tc.in)
		if err != nil || v != tc.want || v.Rules() != tc.rules || v.IsChess960() != tc.chess960 || v.EngineName() != tc.engine {
			t.Errorf("ParseVariant(%q) = %q (rules %s, 960 %v, engine %q), %v; want %q (%s, %v, %q)",
				tc.in, v, v.Rules(), v.IsChess960(), v.EngineName(), err, tc.want, tc.rules, tc.chess960, tc.engine)
		}
	}
	for in, want := range map[string]string{
		"horde960": "horde has no Chess960 form (these have: crazyhouse960,",
		"xiangqi":  `variant "xiangqi": want standard, fischerandom or one of crazyhouse, antichess,`,
	} {
		if _, err := ParseVariant(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseVariant(%q): %v, want %q", in, err, want)
		}
	}
}

// What cannot be right in a variant is refused before any engine starts:
// Syzygy tables (chess's verdicts), training samples, Double Chess960.
func TestCompleteRefusesWhatAVariantCannotUse(t *testing.T) {
	for _, tc := range []struct {
		c    Config
		want string
	}{
		{Config{Schedule: Schedule{Variant: "atomic"}, Adjudication: Adjudication{TB: "/tb"}}, "tb /tb: Syzygy tables hold chess, not atomic"},
		{Config{Schedule: Schedule{Variant: "crazyhouse"}, Outputs: Outputs{Sample: &SampleConfig{}}}, "sample: training data is sampled from chess games, not crazyhouse"},
		{Config{Schedule: Schedule{Variant: "crazyhouse960", Openings: OpeningsConfig{Random: RandomDFRC}}}, "Double Chess960 is played as fischerandom, not crazyhouse960"},
	} {
		tc.c.Engines, tc.c.Games = twoEngines(), 2
		if err := tc.c.Complete(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.c.Variant, err, tc.want)
		}
	}
	c := Config{Engines: twoEngines(), Schedule: Schedule{Games: 2, Variant: "crazyhouse960"}}
	if err := c.Complete(); err != nil || c.Openings.Random != RandomFRC {
		t.Errorf("crazyhouse960 without a book: %v, random %q, want Chess960 arrays drawn", err, c.Openings.Random)
	}
}
