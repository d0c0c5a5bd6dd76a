package spec

// Tournament is how engines are paired.
type Tournament string

// Tournament types.
const (
	TypeMatch      Tournament = "match"       // two engines
	TypeGauntlet   Tournament = "gauntlet"    // the first Seeds engines each play every other engine
	TypeRoundRobin Tournament = "round-robin" // every pair of engines
	// TypePyramid is cutechess-cli's pyramid: every engine plays every
	// engine above it in the list, climbing from the second: 2-1, 3-1,
	// 3-2, 4-1, ... (the lower engine White first).
	TypePyramid Tournament = "pyramid"
	// TypeKnockout is single elimination: engines in config order are seeds
	// 1..N; each encounter is Games games (in pairs); the winner goes on.
	TypeKnockout Tournament = "knockout"
)

// BuiltinCmd is the cmd value that names the built-in engine; the command
// that runs the config replaces it with this binary's `engine` subcommand.
const BuiltinCmd = "builtin"

// Config is one run, a match or a tournament: `autoplay match` flags,
// `autoplay run` YAML keys and the drop-in command lines fill this same value.
// Its settings are grouped by concern, each group with its defaults beside
// its fields, and each part of the program takes only the groups it reads:
// the schedule (who plays whom, how often, from which openings), the
// layout of the run on the machine, adjudication, the outputs (files and
// what the PGN holds) and the printed report. Clocks and limits are each
// engine's own (EngineConfig.TC, its time margin and timeouts). The groups
// are embedded: cfg.Games is the schedule's, and the JSON form is flat, in
// the order of the wire (wireKeys).
type Config struct {
	Engines []EngineConfig `json:"engines,omitempty"`
	Schedule
	RunLayout
	Adjudication
	Outputs
	Reporting
}

// Encounters lists who plays whom; the first engine of each is the one
// scores are counted for. A knockout's encounters follow from its results.
func (c *Config) Encounters() [][2]int {
	n := len(c.Engines)
	var out [][2]int
	switch c.Type {
	case TypeRoundRobin:
		if c.CirclePairings {
			return circlePairings(n)
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				out = append(out, [2]int{i, j})
			}
		}
	case TypePyramid:
		return pyramidPairings(n)
	case TypeKnockout:
		return nil
	case TypeGauntlet:
		for s := 0; s < c.Seeds; s++ {
			first := c.Seeds
			if c.SeedsMeet {
				first = s + 1
			}
			for j := first; j < n; j++ {
				out = append(out, [2]int{s, j})
			}
		}
	default:
		out = [][2]int{{0, 1}}
	}
	return out
}

// KnockoutGames is how many games a knockout plays without tie-breaks: one
// encounter per engine that goes out.
func (c *Config) KnockoutGames() int { return (len(c.Engines) - 1) * c.Games }
