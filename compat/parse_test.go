package compat

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

func parseLine(t *testing.T, d Dialect, line string) *Invocation {
	t.Helper()
	inv, err := Parse(d, strings.Fields(line))
	if err != nil {
		t.Fatalf("%s %s: %v", d, line, err)
	}
	return inv
}

const twoEngines = " -engine cmd=/bin/a name=A -engine cmd=/bin/b name=B -each tc=10+0.1"

func TestGamesRoundsAndRepeatFollowEachTool(t *testing.T) {
	for _, tc := range []struct {
		d                     Dialect
		line                  string
		typ                   spec.Tournament
		games, rounds, repeat int
	}{
		{Cutechess, "-games 2 -rounds 5 -repeat" + twoEngines, spec.TypeMatch, 10, 1, 0},
		{Cutechess, "-games 10" + twoEngines, spec.TypeMatch, 10, 1, 1},
		{Cutechess, "-games 8 -repeat -tournament gauntlet" + twoEngines, spec.TypeMatch, 8, 1, 0},
		{Cutechess, "-games 4 -repeat 4" + twoEngines, spec.TypeMatch, 4, 1, 4},
		{Cutechess, "-games 2 -rounds 3 -engine cmd=/bin/c name=C" + twoEngines, spec.TypeRoundRobin, 2, 3, 1},
		// policy=encounter: one opening for the whole encounter, over every
		// round, whatever -repeat says, before or after it.
		{Cutechess, "-games 6 -openings file=x.epd policy=encounter" + twoEngines, spec.TypeMatch, 6, 1, math.MaxInt32},
		{Cutechess, "-games 2 -rounds 3 -openings file=x.epd policy=encounter -repeat 1" + twoEngines, spec.TypeMatch, 6, 1, math.MaxInt32},
		{Cutechess, "-repeat 1 -games 2 -rounds 3 -openings file=x.epd policy=round" + twoEngines, spec.TypeMatch, 6, 1, math.MaxInt32},
		{Fastchess, twoEngines, spec.TypeMatch, 4, 1, 0},
		{Fastchess, "-rounds 50 -repeat" + twoEngines, spec.TypeMatch, 100, 1, 0},
		{Fastchess, "-rounds 10 -games 1" + twoEngines, spec.TypeMatch, 10, 1, 1},
		{Fastchess, "-rounds 3 -tournament gauntlet -engine cmd=/bin/c name=C" + twoEngines, spec.TypeGauntlet, 2, 3, 0},
	} {
		inv := parseLine(t, tc.d, tc.line)
		c := inv.Config
		if c.Type != tc.typ || c.Games != tc.games || c.Rounds != tc.rounds || c.OpeningRepeat != tc.repeat {
			t.Errorf("%s %s: type %s games %d rounds %d repeat %d, want %s %d %d %d", tc.d, tc.line, c.Type, c.Games, c.Rounds, c.OpeningRepeat, tc.typ, tc.games, tc.rounds, tc.repeat)
		}
		if c.Type == spec.TypeGauntlet && c.Seeds != 1 {
			t.Errorf("gauntlet seeds %d", c.Seeds)
		}
	}
}

func TestEngineKeysAndEachOverride(t *testing.T) {
	inv := parseLine(t, Fastchess, `-engine cmd=/bin/a name=A tc=0/10+0.1 plies=7 args=--uci -engine cmd=/bin/b name=B st=0.5 -each option.Hash=32 timemargin=250`)
	a, b := inv.Config.Engines[0], inv.Config.Engines[1]
	if a.TC.Base != 10*time.Second || a.TC.Inc != 100*time.Millisecond || a.TC.Depth != 7 || len(a.Args) != 1 || a.Args[0] != "--uci" {
		t.Errorf("engine A: %+v", a)
	}
	if b.TC.MoveTime != 500*time.Millisecond || b.TimeMargin != 250*time.Millisecond || len(b.Options) != 1 || b.Options[0] != (spec.EngineOption{Name: "Hash", Value: "32"}) {
		t.Errorf("engine B: %+v", b)
	}
	// -each is applied after -engine, so it wins (both tools do that).
	inv = parseLine(t, Cutechess, "-engine cmd=/bin/a tc=10+0.1 -engine cmd=/bin/b tc=20 -each tc=5+0.05")
	for _, e := range inv.Config.Engines {
		if e.TC.Base != 5*time.Second {
			t.Errorf("-each tc did not win: %+v", e.TC)
		}
	}
	// cutechess runs cmd as a command line.
	inv, err := Parse(Cutechess, []string{"-engine", "cmd=/nonexistent/eng --uci -x", "tc=1", "-engine", "cmd=/bin/b", "tc=1"})
	if err != nil {
		t.Fatal(err)
	}
	if e := inv.Config.Engines[0]; e.Cmd != "/nonexistent/eng" || strings.Join(e.Args, ",") != "--uci,-x" {
		t.Errorf("cmd split: %q %q", e.Cmd, e.Args)
	}
}

func TestAdjudicationAndOutputOptions(t *testing.T) {
	inv := parseLine(t, Cutechess, "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 -tb /a;/b -tbpieces 5 -pgnout g.pgn min fi -epdout e.epd -wait 20"+twoEngines)
	c := inv.Config
	if c.SPRT == nil || c.SPRT.Model != stats.BayesElo || c.SPRT.Elo1 != 5 {
		t.Errorf("cutechess SPRT: %+v", c.SPRT)
	}
	if c.TB != "/a:/b" || c.TBPieces != 5 || c.PGNOut != "g.pgn" || !c.PGNMinimal || c.EPDOut != "e.epd" || c.Wait != 20*time.Millisecond {
		t.Errorf("config: %+v", c)
	}
	if inv.Output != Cutechess || inv.RatingInterval != 0 || inv.ScoreInterval != 1 {
		t.Errorf("cutechess output: %s %d %d", inv.Output, inv.RatingInterval, inv.ScoreInterval)
	}
	inv = parseLine(t, Fastchess, "-sprt elo0=0 elo1=2 alpha=0.05 beta=0.05 model=logistic -tbadjudicate WIN_LOSS -output format=cutechess -report penta=false -pgnout file=x.pgn append=false -srand 5"+twoEngines)
	c = inv.Config
	if c.SPRT.Model != stats.Logistic || c.TBAdjudicate != "win" || inv.Output != Cutechess || inv.ReportPenta || inv.PGNAppend || c.PGNOut != "x.pgn" || c.Seed != 5 {
		t.Errorf("fastchess: %+v %+v", inv, c)
	}
	if inv := parseLine(t, Fastchess, "-sprt elo0=0 elo1=2 alpha=0.05 beta=0.05"+twoEngines); inv.Config.SPRT.Model != stats.Normalized {
		t.Errorf("fastchess default model %v", inv.Config.SPRT.Model)
	}
}

func TestOptionNamesAndValues(t *testing.T) {
	opts, err := group([]string{"-draw", "movenumber=34", "score=-5", "-5", "--compliance", "x"})
	if err != nil || len(opts) != 2 || len(opts[0].values) != 3 || opts[1].name != "--compliance" {
		t.Fatalf("group: %+v %v", opts, err)
	}
	if _, err := group([]string{"stray", "-engine"}); err == nil {
		t.Fatal("a value before any option was accepted")
	}
}

// The PGN Round tag counts as each tool does: fastchess a block of -games
// per encounter; cutechess-cli a round of its schedule (a circle round of
// n/2 pairings in a round robin, every seed against every opponent in a
// gauntlet, each encounter in a two-engine match).
func TestRoundTagCountsAsEachTool(t *testing.T) {
	fourEngines := " -engine cmd=/bin/c name=C -engine cmd=/bin/d name=D" + twoEngines
	for _, tc := range []struct {
		d      Dialect
		line   string
		rounds []int // the Round tags of the first games
	}{
		{Cutechess, "-games 2 -rounds 3 -repeat" + twoEngines, []int{1, 1, 2, 2, 3, 3}},
		{Cutechess, "-games 2 -rounds 2" + fourEngines, []int{1, 1, 1, 1, 2, 2, 2, 2, 3}},
		{Cutechess, "-games 2 -rounds 2 -engine cmd=/bin/c name=C" + twoEngines, []int{1, 1, 2, 2, 3, 3, 4}},
		{Cutechess, "-games 2 -tournament gauntlet" + fourEngines, []int{1, 1, 1, 1, 1, 1, 2}},
		{Fastchess, "-rounds 3 -repeat" + twoEngines, []int{1, 1, 2, 2, 3, 3}},
		{Fastchess, "-rounds 1" + fourEngines, []int{1, 1, 2, 2, 3, 3, 4, 4}},
		{Fastchess, "-rounds 4 -games 1" + twoEngines, []int{1, 2, 3, 4}},
	} {
		c := parseLine(t, tc.d, tc.line).Config
		var got []int
		for n := 1; n <= len(tc.rounds); n++ {
			got = append(got, c.RoundTag(n))
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.rounds) {
			t.Errorf("%s %s: rounds %v, want %v", tc.d, tc.line, got, tc.rounds)
		}
	}
}

// cutechess-cli reads -srand as 32 bits: a larger seed is refused, not cut.
func TestCutechessSeedIs32Bits(t *testing.T) {
	if _, err := Parse(Cutechess, strings.Fields("-srand 4294967296"+twoEngines)); err == nil || !strings.Contains(err.Error(), "4294967295") {
		t.Errorf("cutechess -srand 4294967296: %v, want a refusal naming 4294967295", err)
	}
	if inv := parseLine(t, Cutechess, "-srand 4294967295"+twoEngines); inv.Config.Seed != 4294967295 {
		t.Errorf("cutechess -srand 4294967295: seed %d", inv.Config.Seed)
	}
	if inv := parseLine(t, Fastchess, "-srand 18446744073709551615"+twoEngines); inv.Config.Seed != 18446744073709551615 {
		t.Errorf("fastchess -srand 18446744073709551615: seed %d", inv.Config.Seed)
	}
}

// fastchess 1.8.2 refuses -variant fischerandom without a suite ("Please
// specify a Chess960 opening book"); cutechess-cli draws arrays.
func TestFastchessChess960NeedsABook(t *testing.T) {
	if _, err := Parse(Fastchess, strings.Fields("-variant fischerandom"+twoEngines)); err == nil || !strings.Contains(err.Error(), "opening book") {
		t.Errorf("fastchess -variant fischerandom without -openings: %v, want a refusal asking for a book", err)
	}
	parseLine(t, Fastchess, "-variant fischerandom -openings file=x.epd format=epd"+twoEngines)
	if inv := parseLine(t, Cutechess, "-variant fischerandom -srand 3"+twoEngines); inv.Config.Openings.Shuffle != spec.ShuffleCutechess {
		t.Errorf("cutechess -variant fischerandom: shuffle %q, want cutechess's draw", inv.Config.Openings.Shuffle)
	}
}
