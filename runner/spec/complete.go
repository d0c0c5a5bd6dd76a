package spec

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Complete fills the defaults of a config and checks it, before anything
// starts. Every front end (match, run, the drop-in command lines, slot
// processes, workers) calls it, and it may be called again on a completed
// config: a zero value means the default (each group's fillDefaults, and
// EngineConfig's), a setting out of range is an error naming it. A front end's flags may show a default but
// take it from here: this is the one place that sets one. The YAML reader
// checks the same rules through the same functions, to place its errors at
// a line and column.
func (c *Config) Complete() error {
	c.FillDefaults()
	for _, check := range []func() error{c.checkCounts, c.checkOutputs, c.checkVariant, c.checkTablebase, c.checkTournament} {
		if err := check(); err != nil {
			return err
		}
	}
	if _, err := CompileMatchLine(c.MatchLine); err != nil {
		return err
	}
	if c.Sample != nil {
		if err := c.Sample.complete(); err != nil {
			return err
		}
	}
	return c.completeEngines()
}

// FillDefaults is Complete's first half: the defaults in place of zeros,
// nothing checked. The YAML reader fills them before its checks of the
// tournament, which read the type.
func (c *Config) FillDefaults() {
	c.Schedule.fillDefaults()
	c.RunLayout.fillDefaults()
	c.Reporting.fillDefaults()
	c.Outputs.fillDefaults(c.Type)
	for i := range c.Engines {
		c.Engines[i].FillDefaults()
	}
}

func (c *Config) checkCounts() error {
	if err := CheckGames(c.Games); err != nil {
		return err
	}
	switch {
	case c.Games > MaxGames || c.Rounds > MaxGames:
		return fmt.Errorf("games %d, rounds %d: a run plays at most %d games; split it into several runs", c.Games, c.Rounds, MaxGames)
	case c.MaxMoves < 0:
		return fmt.Errorf("maxmoves %d: must be 0 (no limit) or more", c.MaxMoves)
	case c.ReportEvery < 0:
		return fmt.Errorf("report-every %d: must be 0 (only at the end) or more", c.ReportEvery)
	}
	if err := CheckConcurrency(c.Concurrency); err != nil {
		return err
	}
	return c.checkAffinityCPUs()
}

// MaxCPU is the highest CPU number affinity can name (Linux's CPU mask of
// 1024 CPUs, as the engine host keeps it).
const MaxCPU = 1023

// checkAffinityCPUs: a listed CPU is a real CPU number, listed once, and
// there is one for every game played at once.
func (c *Config) checkAffinityCPUs() error {
	if len(c.AffinityCPUs) == 0 {
		return nil
	}
	c.Affinity, c.LayoutGiven = true, true // the list is the layout: autoplay chooses none
	seen := map[int]bool{}
	for _, cpu := range c.AffinityCPUs {
		if cpu < 0 || cpu > MaxCPU {
			return fmt.Errorf("affinity CPU %d: CPUs are numbered 0 to %d", cpu, MaxCPU)
		}
		if seen[cpu] {
			return fmt.Errorf("affinity CPU %d is listed twice: each game at a time gets a CPU of its own", cpu)
		}
		seen[cpu] = true
	}
	if c.Concurrency > len(c.AffinityCPUs) {
		return fmt.Errorf("%d games at a time need %d CPUs, one each, but the affinity list has %d", c.Concurrency, c.Concurrency, len(c.AffinityCPUs))
	}
	return nil
}

// CheckGames: at least one game an encounter (a front end checks a typed
// 0, which Complete would take for the default).
func CheckGames(n int) error {
	if n < 1 {
		return fmt.Errorf("games must be at least 1")
	}
	return nil
}

// CheckConcurrency: at least one game at a time.
func CheckConcurrency(n int) error {
	if n < 1 {
		return fmt.Errorf("concurrency %d: must be at least 1", n)
	}
	return nil
}

func (c *Config) checkOutputs() error {
	if err := CheckQuietVerbose(c.Quiet, c.Verbose); err != nil {
		return fmt.Errorf("verbose: %w", err)
	}
	if c.SlotProcesses && c.LogFile != "" {
		return fmt.Errorf("log %s: engine I/O is not logged from slot processes; leave out the log or slot processes", c.LogFile)
	}
	for _, tag := range []struct{ name, value string }{{"event", c.Event}, {"site", c.Site}} {
		if strings.ContainsAny(tag.value, "\r\n\x00") {
			return fmt.Errorf("%s %q: a PGN tag must not hold a line break or NUL", tag.name, tag.value)
		}
	}
	return nil
}

// CheckQuietVerbose: only the final result, or every game's start too, not both.
func CheckQuietVerbose(quiet, verbose bool) error {
	if quiet && verbose {
		return fmt.Errorf("cannot be true together with quiet")
	}
	return nil
}

func (c *Config) checkVariant() error {
	variant, err := ParseVariant(string(c.Variant))
	if err != nil {
		return err
	}
	c.Variant = variant
	if c.Variant.IsChess960() && c.Openings.File == "" && c.Openings.Random == "" {
		c.Openings.Random = RandomFRC // a fresh array for every pair, from the seed
	}
	switch c.Openings.Shuffle {
	case "", ShuffleFastchess, ShuffleCutechess:
	default:
		return fmt.Errorf("openings: shuffle %q: want %s or %s", c.Openings.Shuffle, ShuffleFastchess, ShuffleCutechess)
	}
	if c.Openings.Random != "" && !c.Variant.IsChess960() {
		return fmt.Errorf("openings %s=random: Chess960 start positions need --variant fischerandom", c.Openings.Random)
	}
	if c.Openings.Random == RandomDFRC && c.Variant != Chess960 {
		return fmt.Errorf("openings %s=random: Double Chess960 is played as fischerandom, not %s", c.Openings.Random, c.Variant)
	}
	if c.Variant.IsVariant() && c.Sample != nil {
		return fmt.Errorf("sample: training data is sampled from chess games, not %s (leave --sample out for a variant)", c.Variant)
	}
	if c.Variant.IsVariant() && c.TB != "" {
		return fmt.Errorf("tb %s: Syzygy tables hold chess, not %s, whose rules score the same positions otherwise: leave tb out for a variant", c.TB, c.Variant)
	}
	return nil
}

func (c *Config) checkTablebase() error {
	switch c.TBAdjudicate {
	case "", TBBoth, TBWin, TBDraw:
	default:
		return fmt.Errorf("tbadjudicate %q: want both, win or draw", c.TBAdjudicate)
	}
	if c.TBPieces < 0 {
		return fmt.Errorf("tbpieces %d: must be 0 (all the tables hold) or more", c.TBPieces)
	}
	return nil
}

func (c *Config) checkTournament() error {
	if err := CheckEngineCount(c.Type, len(c.Engines), c.Seeds); err != nil {
		return err
	}
	if c.Type == TypeKnockout {
		if err := CheckKnockoutRounds(c.Rounds); err != nil {
			return fmt.Errorf("rounds %d: %w", c.Rounds, err)
		}
	}
	if err := c.checkSize(); err != nil {
		return err
	}
	switch c.Colours {
	case "", ColoursCutechess, ColoursFastchess:
	default:
		return fmt.Errorf("colours %q: want %s or %s", c.Colours, ColoursCutechess, ColoursFastchess)
	}
	if c.KnockoutSeeded < 0 {
		return fmt.Errorf("knockout seeds %d: must be 0 (every engine placed at random) or more", c.KnockoutSeeded)
	}
	c.KnockoutSeeded = min(c.KnockoutSeeded, len(c.Engines)) // as cutechess-cli takes -seeds
	if c.SPRT != nil {
		return CheckSPRTType(c.Type)
	}
	return nil
}

// CheckEngineCount says whether a tournament of type t can be played by n
// engines (a gauntlet with seeds seeds).
func CheckEngineCount(t Tournament, n, seeds int) error {
	switch t {
	case TypeMatch:
		if n != 2 {
			return fmt.Errorf("a match needs exactly 2 engines, got %d (use gauntlet or round-robin for more)", n)
		}
	case TypeGauntlet:
		if seeds >= n {
			return fmt.Errorf("a gauntlet with %d seeds needs more than %d engines, got %d", seeds, seeds, n)
		}
	case TypeRoundRobin, TypePyramid, TypeKnockout:
		if n < 2 {
			return fmt.Errorf("a %s needs at least 2 engines, got %d", t, n)
		}
	default:
		return fmt.Errorf("type %q: want match, gauntlet, round-robin, pyramid or knockout", t)
	}
	return nil
}

// CheckKnockoutRounds: a knockout's rounds are not given, they follow.
func CheckKnockoutRounds(rounds int) error {
	if rounds > 1 {
		return fmt.Errorf("a knockout's rounds follow from its engines: give games (per encounter) instead")
	}
	return nil
}

// CheckSPRTType: a sequential test compares two engines.
func CheckSPRTType(t Tournament) error {
	if t != TypeMatch {
		return fmt.Errorf("an SPRT needs type match (two engines), not %s", t)
	}
	return nil
}

// CompileMatchLine checks the run's match_line pattern.
func CompileMatchLine(pattern string) (*regexp.Regexp, error) {
	if pattern == "" {
		return nil, nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, fmt.Errorf("match_line %q: %w", pattern, err)
	}
	return re, nil
}

// completeEngines names the engines (apart, when two share a name), gives
// them the run's variant and checks each.
func (c *Config) completeEngines() error {
	names := map[string]bool{}
	next := map[string]int{} // the next number to try for a name
	for i := range c.Engines {
		e := &c.Engines[i]
		if e.Name == "" {
			e.Name = defaultEngineName(e)
		}
		e.Variant = c.Variant
		if err := e.Validate(); err != nil {
			return err
		}
		if !e.TC.HasLimit() {
			return fmt.Errorf("engine %s: no time control: give tc=, st=, nodes= or depth=", e.Name)
		}
		if names[e.Name] {
			// Two engines of one name: number them so results stay apart,
			// each from where the last of that name stopped (thousands of
			// one name would otherwise cost a square of their number).
			base := e.Name
			for k := max(next[base], 2); ; k++ {
				if n := fmt.Sprintf("%s-%d", base, k); !names[n] {
					e.Name, next[base] = n, k+1
					break
				}
			}
		}
		names[e.Name] = true
	}
	return checkHourglass(c.Engines)
}

func defaultEngineName(e *EngineConfig) string {
	name := filepath.Base(e.Cmd)
	if len(e.Args) > 0 && e.Args[0] == "engine" && name == filepath.Base(os.Args[0]) {
		return "autoplay"
	}
	return name
}
