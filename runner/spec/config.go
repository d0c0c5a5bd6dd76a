package spec

import (
	"time"

	"github.com/autoplay/autoplay/runner/stats"
)

// Tournament is how engines are paired.
type Tournament string

// Tournament types.
const (
	TypeMatch      Tournament = "match"       // two engines
	TypeGauntlet   Tournament = "gauntlet"    // the first Seeds engines each play every other engine
	TypeRoundRobin Tournament = "round-robin" // every pair of engines
	// TypeKnockout is single elimination: engines in config order are seeds
	// 1..N; each encounter is Games games (in pairs); the winner goes on.
	TypeKnockout Tournament = "knockout"
)

// BuiltinCmd is the cmd value that names the built-in engine; the command
// that runs the config replaces it with this binary's `engine` subcommand.
const BuiltinCmd = "builtin"

// TB adjudication modes (fastchess's -tbadjudicate).
const (
	TBBoth = "both" // wins, losses and draws
	TBWin  = "win"  // decisive results only
	TBDraw = "draw" // draws only
)

// DrawAdjudication ends a game as a draw once both engines' scores have
// stayed within ±Score centipawns for MoveCount consecutive moves each,
// counted from full move MoveNumber on.
type DrawAdjudication struct {
	MoveNumber int
	MoveCount  int
	Score      int
}

// ResignAdjudication ends a game when an engine's score has been at or below
// -Score centipawns for MoveCount consecutive moves; with TwoSided its
// opponent's score must also have been at or above +Score.
type ResignAdjudication struct {
	MoveCount int
	Score     int
	TwoSided  bool
}

// Config is one run, a match or a tournament: `autoplay match` flags,
// `autoplay run` YAML keys and the drop-in command lines fill this same value.
type Config struct {
	Engines []EngineConfig `json:"engines,omitempty"`
	Type    Tournament     `json:"type,omitempty"`  // "" = match
	Seeds   int            `json:"seeds,omitempty"` // gauntlet: how many of the first engines play all others (0 = 1)
	// SeedsMeet: a gauntlet's seeds also play each other, each the engines
	// after it in order (fastchess's gauntlet: 1-2, 1-3, ..., 2-3, ...).
	SeedsMeet bool `json:"seeds_meet,omitempty"`
	Rounds    int  `json:"rounds,omitempty"` // 0 = 1
	Games     int  `json:"games,omitempty"`  // games per encounter per round, in pairs: the same opening twice, colours swapped
	// OpeningRepeat is how many consecutive games of an encounter share an
	// opening (0 = 2, a pair); colours still alternate game by game unless
	// NoSwap. Reverse gives every game the other colours.
	OpeningRepeat int `json:"opening_repeat,omitempty"`
	// CirclePairings orders a round robin's encounters by the circle method
	// (Berger tables), the first of each pair White, as cutechess-cli does;
	// by default engine 1 meets 2, 3, ..., then 2 meets 3, ...
	CirclePairings bool          `json:"circle_pairings,omitempty"`
	NoSwap         bool          `json:"no_swap,omitempty"`
	Reverse        bool          `json:"reverse,omitempty"`
	Wait           time.Duration `json:"wait_ns,omitempty"` // pause between a worker's games
	// Affinity pins the engines of each concurrent game to CPUs of their
	// own (fastchess's -use-affinity).
	Affinity bool `json:"affinity,omitempty"`
	// AffinityCPUs, when set, are the CPUs the game slots are pinned to,
	// one CPU a slot in the order listed (fastchess's -use-affinity 0,2,4-7):
	// both engines of a game share its CPU. It implies Affinity.
	AffinityCPUs []int `json:"affinity_cpus,omitempty"`
	// SlotProcesses plays each concurrent game slot in a process of its
	// own, so that its runner thread stays with its engines (runner/slotprocess.go).
	SlotProcesses bool `json:"slot_processes,omitempty"`
	// LayoutGiven says Affinity and SlotProcesses were set by the user (a
	// flag or a YAML key), so the runner does not choose its own layout
	// (ChooseLayout).
	LayoutGiven bool           `json:"-"`
	Concurrency int            `json:"concurrency,omitempty"`
	Openings    OpeningsConfig `json:"openings,omitempty"`
	Seed        uint64         `json:"seed,omitempty"` // 0 = DefaultSeed, unless ZeroSeed
	// ZeroSeed: the user gave seed 0, which Complete keeps rather than
	// take for the default.
	ZeroSeed bool    `json:"-"`
	Variant  Variant `json:"variant,omitempty"` // "" = standard
	// Syzygy adjudication: TB is the tables' directories (DIR1:DIR2),
	// TBPieces the most pieces adjudicated (0 = all the tables hold),
	// TBAdjudicate both, win or draw.
	TB           string `json:"tb,omitempty"`
	TBPieces     int    `json:"tb_pieces,omitempty"`
	TBAdjudicate string `json:"tb_adjudicate,omitempty"`
	// TBAfterMove: the tables judge a position only after a move, never
	// the start position (cutechess-cli probes them as it takes a move's
	// score), so a start they decide is played one move.
	TBAfterMove bool `json:"tb_after_move,omitempty"`
	// ExactScores: a move's score is its engine's last exact score, a
	// lowerbound or upperbound one only when no exact one came (fastchess's
	// pick); false: the last score sent, bound or not (cutechess-cli's).
	ExactScores bool       `json:"exact_scores,omitempty"`
	PGNOut      string     `json:"pgnout,omitempty"`      // finished games are appended here (and a run resumes from it)
	PGNMinimal  bool       `json:"pgn_minimal,omitempty"` // no move comments and only the roster tags (cutechess's "min")
	MoveFields  MoveFields `json:"move_fields,omitempty"`
	// PGNStyle is whose tags the PGN's games carry: autoplay's own, or
	// cutechess-cli's or fastchess's set, order and spelling (their drop-in
	// modes), so that scripts reading those tools' PGNs read autoplay's.
	PGNStyle PGNStyle `json:"pgn_style,omitempty"`
	// RoundGames is how many consecutive games share a PGN Round tag, as
	// the drop-in tools count rounds; 0: every game is its own round.
	RoundGames int `json:"round_games,omitempty"`
	// MatchLine: engine lines matching this pattern are kept with the move
	// that follows them, as line="..." in its PGN comment (fastchess's
	// match_line; OpenBench's "info string pgncomment").
	MatchLine   string              `json:"match_line,omitempty"`
	GamesJSONL  string              `json:"games_jsonl,omitempty"` // one JSON object per finished game, with its moves
	Sample      *SampleConfig       `json:"sample,omitempty"`      // training data sampled from the games; nil: none
	EPDOut      string              `json:"epdout,omitempty"`      // final positions, one EPD line per game
	JSONOut     string              `json:"json,omitempty"`        // full results, rewritten atomically after every game
	LogFile     string              `json:"log,omitempty"`
	MaxMoves    int                 `json:"maxmoves,omitempty"` // draw by adjudication after this many full moves by the engines; 0 = never
	Draw        *DrawAdjudication   `json:"draw,omitempty"`
	Resign      *ResignAdjudication `json:"resign,omitempty"`
	SPRT        *stats.SPRT         `json:"sprt,omitempty"`         // stop as soon as a bound is crossed (matches only)
	ReportEvery int                 `json:"report_every,omitempty"` // print the score every N games; 0 = DefaultReportEvery, unless ZeroReportEvery
	// ZeroReportEvery: the user gave report-every 0, the score only at
	// the end, which Complete keeps rather than take for the default.
	ZeroReportEvery bool   `json:"-"`
	Event           string `json:"event,omitempty"`
	Site            string `json:"site,omitempty"`
	Quiet           bool   `json:"quiet,omitempty"`   // only the final result
	Verbose         bool   `json:"verbose,omitempty"` // also each game's start and every warning
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
