package runner

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
	Engines []EngineConfig
	Type    Tournament // "" = match
	Seeds   int        // gauntlet: how many of the first engines play all others (0 = 1)
	Rounds  int        // 0 = 1
	Games   int        // games per encounter per round, in pairs: the same opening twice, colours swapped
	// OpeningRepeat is how many consecutive games of an encounter share an
	// opening (0 = 2, a pair); colours still alternate game by game unless
	// NoSwap. Reverse gives every game the other colours.
	OpeningRepeat   int
	NoSwap, Reverse bool
	Wait            time.Duration // pause between a worker's games
	// Affinity pins the engines of each concurrent game to CPUs of their
	// own (fastchess's -use-affinity).
	Affinity bool
	// SlotProcesses plays each concurrent game slot in a process of its
	// own, so that its runner thread stays with its engines (slotprocess.go).
	SlotProcesses bool
	Concurrency   int
	Openings      OpeningsConfig
	Seed          uint64
	Variant       Variant // "" = standard
	// Syzygy adjudication: TB is the tables' directories (DIR1:DIR2),
	// TBPieces the most pieces adjudicated (0 = all the tables hold),
	// TBAdjudicate both, win or draw.
	TB           string
	TBPieces     int
	TBAdjudicate string
	PGNOut       string // finished games are appended here (and a run resumes from it)
	PGNMinimal   bool   // no move comments and only the roster tags (cutechess's "min")
	MoveFields   MoveFields
	// MatchLine: engine lines matching this pattern are kept with the move
	// that follows them, as line="..." in its PGN comment (fastchess's
	// match_line; OpenBench's "info string pgncomment").
	MatchLine   string
	GamesJSONL  string // one JSON object per finished game, with its moves
	EPDOut      string // final positions, one EPD line per game
	JSONOut     string // full results, rewritten atomically after every game
	LogFile     string
	MaxMoves    int // draw by adjudication after this many full moves by the engines; 0 = never
	Draw        *DrawAdjudication
	Resign      *ResignAdjudication
	SPRT        *stats.SPRT // stop as soon as a bound is crossed (matches only)
	ReportEvery int         // print the score every N games; 0 = only at the end
	Event, Site string
	Quiet       bool // only the final result
	Verbose     bool // also each game's start and every warning
}
