// Package compat reads cutechess-cli and fastchess command lines into an
// autoplay run and prints what those tools print, so that scripts written
// for them (fishtest's and OpenBench's workers among them) run unchanged.
package compat

import (
	"io"
	"sync/atomic"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// Dialect is the tool whose command line and output are spoken.
type Dialect string

// The dialects.
const (
	Cutechess Dialect = "cutechess"
	Fastchess Dialect = "fastchess"
)

// Invocation is one command line, read: the run it asks for and how it
// wants to be told about it.
type Invocation struct {
	Dialect Dialect
	Config  spec.Config
	Output  Dialect // -output format=: whose lines to print

	// RatingInterval: the rating block every N games (cutechess) or game
	// pairs (fastchess); 0 = only at the end.
	RatingInterval int
	// ScoreInterval: cutechess-style "Score of" lines every N games.
	ScoreInterval int
	// OutcomeInterval: cutechess's outcome lists every N games; 0 = at the end.
	OutcomeInterval int
	ReportPenta     bool // fastchess's pentanomial report (and SPRT on pairs)
	// ResultFormat: cutechess's -resultformat, a named format or a field list.
	ResultFormat string

	PGNAppend, EPDAppend bool // false: the file is emptied before the run
	CRC32                bool // print the PGN's CRC32 after each game (fastchess -crc32 pgn=true)
	Debug                bool // every engine line on standard output (cutechess -debug)
	// Strict: fastchess -strict: the first warning ends the run (StopRun,
	// set by the caller to cancel it) and makes the exit status 1.
	Strict  bool
	StopRun func()
	warned  atomic.Bool

	Help, Version bool
	// Said are the tool's own lines about the command line, printed on
	// standard output before the run's (fastchess's "Info: Adjusted
	// concurrency to 2 ...").
	Said             []string
	recover          bool        // -recover: play on after an engine's stall or crash
	stoppedOnFault   atomic.Bool // fastchess without -recover: a stall or crash ended the run
	concurrencyLeft  int         // fastchess -concurrency 0 or -N: the hardware threads less N; -1 = not asked
	forceConcurrency bool        // fastchess -force-concurrency
	Notes            []string    // options accepted without an effect here, said once
	seeded           bool        // -srand was given
	repeat           int         // -repeat N (cutechess); 0 = not given
	openingPolicy    string      // cutechess -openings policy=: "", "encounter" or "round"; either outweighs -repeat
	stderr           io.Writer   // standard error, from Prepare: cutechess-cli warns there
	games, rounds    int
	moveFields       []string // fastchess -pgnout nodes=true ...
	matchLines       []string // fastchess -pgnout match_line=REGEX
	// fastchess's -startup-ms, -ucinewgame-ms, -ping-ms, given to every
	// engine (0: the engine's own timeout).
	startupTimeout, newGameTimeout, pingTimeout time.Duration
	engines                                     [][]keyValue
	each                                        [][]keyValue
	startedAt                                   time.Time
	crc                                         pgnCRC // the PGN's CRC32 so far (CRC32)
	warnNoBook                                  bool   // fastchess's two warnings of a run without openings
}
