package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// matchShort is the match command's line in the command list.
const matchShort = "Play a match between two engines (the built-in engine by default)"

func newMatchCmd() *cobra.Command {
	var (
		engineSpecs     []string
		eachSpec        string
		openings        string
		sampleSpec      string
		showRunnerStats bool
		sprtSpec        string
		drawSpec        string
		resignSpec      string
		pgnFields       []string
		farm            farmFlags
		webAddr         string
		webHosts        []string
		cfg             spec.Config
	)
	cmd := &cobra.Command{
		Use:   "match",
		Short: matchShort,
		Long: `Play a match between two engines, in game pairs: the same opening twice with colours swapped.

Each engine is one value of key=value pairs, cutechess-style:
  --engine "cmd=/usr/games/stockfish name=sf option.Hash=16 tc=10+0.1"
Keys: cmd name arg dir proto option.NAME tc hourglass delay bronstein st nodes depth timemargin timeout restart.
--each gives keys shared by both engines; --engine overrides them.
With fewer than two --engine flags the built-in engine (autoplay engine) fills in.`,
		Example: `  autoplay match --games 10 --each tc=5+0.05 --pgnout games.pgn
  autoplay match --engine "cmd=/usr/games/stockfish name=sf" --engine "cmd=./myengine name=dev" \
      --each "tc=10+0.1 option.Hash=16" --games 100 --concurrency 2 \
      --openings "file=books/UHO_4060_v3.epd.zip order=random" --pgnout sf-dev.pgn`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// A typed 0 is refused; Complete takes the zero value of a
			// Config built in code for the default.
			if err := spec.CheckConcurrency(cfg.Concurrency); err != nil {
				return fmt.Errorf("--%w", err)
			}
			if err := spec.CheckGames(cfg.Games); err != nil {
				return err
			}
			// A typed 0 seed or report-every is the user's, not the default.
			cfg.ZeroSeed, cfg.ZeroReportEvery = cfg.Seed == 0, cfg.ReportEvery == 0
			engines, err := engineConfigs(engineSpecs, eachSpec)
			if err != nil {
				return err
			}
			cfg.Engines = engines[:]
			if openings != "" {
				if cfg.Openings, err = parse.Openings(openings); err != nil {
					return err
				}
			}
			if sampleSpec != "" {
				if cfg.Sample, err = parse.Sample(sampleSpec); err != nil {
					return err
				}
			}
			if err := parse.AdjudicationSpecs(&cfg, sprtSpec, drawSpec, resignSpec); err != nil {
				return err
			}
			if cfg.MoveFields, err = spec.ParseMoveFields(pgnFields); err != nil {
				return fmt.Errorf("--pgn-fields: %w", err)
			}
			cfg.LayoutGiven = cmd.Flags().Changed("affinity") || cmd.Flags().Changed("slot-processes")
			return playMatch(&cfg, runFlags{farm: farm, web: webAddr, webHosts: webHosts, runnerStats: showRunnerStats})
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&engineSpecs, "engine", nil, "an engine as key=value pairs (give twice)")
	f.StringVar(&eachSpec, "each", "", "key=value pairs for both engines")
	f.IntVar(&cfg.Games, "games", spec.DefaultGames, "number of games (played in pairs with colours swapped)")
	f.IntVar(&cfg.Concurrency, "concurrency", spec.DefaultConcurrency, "games played at the same time")
	f.StringVar(&openings, "openings", "", `opening suite: "file=F format=epd|pgn order=random|sequential plies=N start=N policy=fail|skip", or with --variant fischerandom "frc=random" / "dfrc=random"`)
	f.Uint64Var(&cfg.Seed, "seed", spec.DefaultSeed, "seed for random opening order and random Chess960 start positions")
	f.StringVar((*string)(&cfg.Variant), "variant", string(spec.Standard), "standard, fischerandom (also chess960, frc: Chess960 and Double Chess960), or a variant: crazyhouse, antichess, giveaway, suicide, losers, atomic, 3check, 5check, kingofthehill, racingkings, horde, nocastle (crazyhouse960 and the like for their Chess960 forms)")
	f.StringVar(&cfg.PGNOut, "pgnout", "", "append finished games to this PGN file")
	f.StringVar(&cfg.LogFile, "log", "", "write every line to and from every engine to this file")
	f.IntVar(&cfg.MaxMoves, "maxmoves", 0, "adjudicate a draw after this many full moves (0 = never)")
	f.IntVar(&cfg.ReportEvery, "report-every", spec.DefaultReportEvery, "print the score every N games (0: only at the end)")
	f.StringVar(&cfg.Event, "event", "", "PGN Event tag")
	f.StringVar(&cfg.Site, "site", "", "PGN Site tag")
	f.BoolVar(&showRunnerStats, "runner-stats", false, "report relay latency and the runner's CPU per move at the end")
	f.StringVar(&cfg.EPDOut, "epdout", "", "append each game's final position to this EPD file")
	f.StringSliceVar(&pgnFields, "pgn-fields", nil, "extra per-move data in PGN comments: nodes,seldepth,nps,hashfull,tbhits,pv,timeleft,latency")
	f.StringVar(&cfg.MatchLine, "pgn-match-line", "", "keep engine lines matching this regular expression in the next move's comment (line=\"...\")")
	f.StringVar(&sampleSpec, "sample", "", `training data: "file=F freq=P decay=D skipcheck=true quiet=true plies=N format=epd|csv|csv-autoplay|jsonl move=true" (csv is c-chess-cli's)`)
	f.StringVar(&cfg.GamesJSONL, "games-jsonl", "", "append each finished game, with its moves and the --pgn-fields, as one JSON line to this file")
	f.StringVar(&cfg.JSONOut, "json", "", "keep the full results in this JSON file, rewritten after every game")
	farm.add(f)
	f.StringVar(&webAddr, "web", "", "serve a live dashboard on ADDR (a bare port listens on 127.0.0.1)")
	f.StringArrayVar(&webHosts, "web-host", nil, webHostUsage)
	f.BoolVar(&cfg.Affinity, "affinity", false, "pin the engines of each concurrent game to CPUs of their own")
	f.BoolVar(&cfg.SlotProcesses, "slot-processes", false, "play each concurrent game slot in a process of its own (less runner CPU when games run on several CPUs; with --affinity the slot's process is pinned with its engines)")
	f.BoolVar(&cfg.Quiet, "quiet", false, "print only the final result")
	f.BoolVar(&cfg.Verbose, "verbose", false, "also print when each game starts")
	f.StringVar(&sprtSpec, "sprt", "", `stop at a decision: "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic|normalized"`)
	f.StringVar(&drawSpec, "draw", "", `draw adjudication: "movenumber=40 movecount=8 score=10"`)
	f.StringVar(&cfg.TB, "tb", "", "Syzygy tables (DIR[:DIR...]): adjudicate games once the position after a capture or pawn move is in them")
	f.IntVar(&cfg.TBPieces, "tbpieces", 0, "adjudicate by tables only positions of at most N pieces (0 = all the tables hold)")
	f.StringVar(&cfg.TBAdjudicate, "tbadjudicate", spec.TBBoth, "which tablebase results end a game: both, win or draw")
	f.StringVar(&resignSpec, "resign", "", `resign adjudication: "movecount=3 score=600 twosided=true"`)
	return cmd
}

// playMatch plays the config the flags built; a test takes it here.
var playMatch = playRun

// defaultTC is used when no engine has any limit, so that a bare
// `autoplay match` plays quick real games.
const defaultTC = "tc=10+0.1"

// engineConfigs builds the two engines: --each first, then each --engine;
// missing engines are the built-in one, started from this binary. A
// built-in engine filled in beside a given one plays under that engine's
// limits (nodes=, st=, tc= or depth=), and a note says so: the user asked
// for no such engine.
func engineConfigs(specs []string, each string) ([2]spec.EngineConfig, error) {
	var engines [2]spec.EngineConfig
	if len(specs) > 2 {
		return engines, fmt.Errorf("--engine given %d times: a match has two engines", len(specs))
	}
	for i := range engines {
		e := spec.DefaultEngineConfig()
		if err := parse.EngineSpec(&e, each); err != nil {
			return engines, fmt.Errorf("--each: %w", err)
		}
		if i < len(specs) {
			if err := parse.EngineSpec(&e, specs[i]); err != nil {
				return engines, fmt.Errorf("--engine %d: %w", i+1, err)
			}
			if e.Cmd == "" {
				return engines, fmt.Errorf("--engine %d: missing cmd= (the engine's program)", i+1)
			}
		} else if e.Cmd == "" {
			e.Cmd = spec.BuiltinCmd
		}
		engines[i] = e
	}
	filledIn := len(specs) == 1 && engines[1].Cmd == spec.BuiltinCmd
	limitsFrom := ""
	if filledIn {
		limitsFrom = fillInOpponent(&engines[1], &engines[0])
	}
	if err := useBuiltinEngine(engines[:]); err != nil {
		return engines, err
	}
	noLimit := true
	for _, e := range engines {
		if e.TC.HasLimit() {
			noLimit = false
		}
	}
	if noLimit {
		fmt.Fprintf(os.Stderr, "No time control given: using %s\n", defaultTC)
		for i := range engines {
			parse.EngineSpec(&engines[i], defaultTC)
		}
		limitsFrom = "as no engine had a time control"
	}
	if filledIn {
		fmt.Fprintf(os.Stderr, "One --engine given: the built-in engine \"autoplay\" (autoplay engine, at full strength) was added as its opponent, with %s (%s); give a second --engine to choose another\n", limitKeys(engines[1].TC), limitsFrom)
	}
	for i, e := range engines[:len(specs)] {
		if !e.TC.HasLimit() {
			return engines, fmt.Errorf("--engine %d (%s): no time control: give it tc=, st=, nodes= or depth= (or give one to both engines with --each)", i+1, engineLabel(&e))
		}
	}
	return engines, nil
}

// fillInOpponent gives the built-in engine filled in as the opponent of
// the one engine given the given engine's limits, unless --each gave it
// some, and says where its limits came from.
func fillInOpponent(builtin, given *spec.EngineConfig) string {
	if builtin.TC.HasLimit() {
		return "from --each"
	}
	builtin.TC = given.TC
	return "the same limits as " + engineLabel(given)
}

// engineLabel names an engine as the user gave it: its name=, else its
// program's file name.
func engineLabel(e *spec.EngineConfig) string {
	if e.Name != "" {
		return e.Name
	}
	return filepath.Base(e.Cmd)
}

// limitKeys writes a time control back as the engine keys that set it:
// "tc=10+0.1", "st=0.5", "nodes=1000 depth=8".
func limitKeys(tc spec.TimeControl) string {
	var keys []string
	if tc.HasClock() {
		keys = append(keys, "tc="+tc.Key())
	}
	if tc.Delay > 0 {
		keys = append(keys, map[bool]string{false: "delay=", true: "bronstein="}[tc.Bronstein]+strconv.FormatFloat(tc.Delay.Seconds(), 'f', -1, 64))
	}
	if tc.MoveTime > 0 {
		keys = append(keys, "st="+strconv.FormatFloat(tc.MoveTime.Seconds(), 'f', -1, 64))
	}
	if tc.Nodes > 0 {
		keys = append(keys, "nodes="+strconv.FormatUint(tc.Nodes, 10))
	}
	if tc.Depth > 0 {
		keys = append(keys, "depth="+strconv.Itoa(tc.Depth))
	}
	return strings.Join(keys, " ")
}
