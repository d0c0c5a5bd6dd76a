package spec

import (
	"fmt"
	"strings"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// Protocol is the language an engine speaks.
type Protocol string

// Supported engine protocols.
const (
	UCI    Protocol = "uci"
	XBoard Protocol = "xboard"
)

// Restart says when an engine process is replaced by a fresh one.
type Restart string

// Restart policies.
const (
	RestartAuto Restart = "auto" // only after it failed (crash, stall, illegal move)
	RestartOn   Restart = "on"   // before every game
	RestartOff  Restart = "off"  // never, unless it died
)

// EngineOption is one engine option to set, in the order given.
type EngineOption struct{ Name, Value string }

// EngineConfig is everything needed to start and drive one engine.
type EngineConfig struct {
	Name       string         `json:"name,omitempty"`
	Cmd        string         `json:"cmd,omitempty"`
	Args       []string       `json:"args,omitempty"`
	Dir        string         `json:"dir,omitempty"`
	Proto      Protocol       `json:"proto,omitempty"`
	Options    []EngineOption `json:"options,omitempty"`
	TC         TimeControl    `json:"tc,omitempty"`
	TimeMargin time.Duration  `json:"time_margin_ns,omitempty"` // grace past the budget before a time forfeit; 0 = DefaultTimeMargin, unless ZeroTimeMargin
	// ZeroTimeMargin: the user gave timemargin=0, no grace, which
	// Complete keeps rather than take for the default.
	ZeroTimeMargin bool          `json:"-"`
	Timeout        time.Duration `json:"timeout_ns,omitempty"` // how long to wait for the handshake, isready, or a move without a clock; 0 = DefaultTimeout
	// StartupTimeout, NewGameTimeout and PingTimeout bound one answer each,
	// as fastchess's -startup-ms, -ucinewgame-ms and -ping-ms do: the
	// handshake's (UCI uciok, XBoard done=1), a new game's isready (XBoard
	// ping), and the one that says a stopped search is over between games.
	// 0: Timeout (StartupWait and the like).
	StartupTimeout time.Duration `json:"startup_timeout_ns,omitempty"`
	NewGameTimeout time.Duration `json:"newgame_timeout_ns,omitempty"`
	PingTimeout    time.Duration `json:"ping_timeout_ns,omitempty"`
	Restart        Restart       `json:"restart,omitempty"`
	Variant        Variant       `json:"variant,omitempty"` // the run's, set when the run's config is completed
	// WhitePOV: the engine reports scores from White's side, not the side
	// to move's (cutechess's whitepov); they are turned when it plays Black.
	WhitePOV bool `json:"whitepov,omitempty"`
	// StderrFile receives the engine's standard error, appended, instead of
	// the log (cutechess's stderr=FILE).
	StderrFile string `json:"stderr,omitempty"`
	// Book is a Polyglot book the runner plays from on the engine's behalf,
	// at most BookDepth moves a game (0 = while the book has moves).
	Book      string `json:"book,omitempty"`
	BookDepth int    `json:"bookdepth,omitempty"`
	// Ponder lets the engine think on its opponent's time: UCI "go ponder"
	// on the reply it expects, XBoard "hard".
	Ponder bool `json:"ponder,omitempty"`
	// FullHistory sends a UCI engine the whole game every move, not the
	// position after the last capture or pawn move and the moves since.
	FullHistory bool `json:"fullhistory,omitempty"`
	// SHA256 is the hash of the engine's program when a distributed run
	// ships it to workers (--ship-engines): a worker runs only that program.
	SHA256 string `json:"sha256,omitempty"`
	// LenientOptions: an option the engine does not declare, or a value its
	// declaration refuses, is warned about and not sent, as cutechess-cli
	// and fastchess do (their drop-in modes), instead of sent anyway and
	// refused before any game.
	LenientOptions bool `json:"lenient_options,omitempty"`
}

// Default timings: generous enough for a loaded machine, short enough that a
// hung engine does not hold a match up for long.
const (
	DefaultTimeMargin = 100 * time.Millisecond
	DefaultTimeout    = 10 * time.Second
)

// StartupWait, NewGameWait and PingWait are how long each answer is
// awaited: its own timeout, or Timeout when it has none.
func (e *EngineConfig) StartupWait() time.Duration { return orTimeout(e.StartupTimeout, e.Timeout) }
func (e *EngineConfig) NewGameWait() time.Duration { return orTimeout(e.NewGameTimeout, e.Timeout) }
func (e *EngineConfig) PingWait() time.Duration    { return orTimeout(e.PingTimeout, e.Timeout) }

func orTimeout(stage, timeout time.Duration) time.Duration {
	if stage > 0 {
		return stage
	}
	return timeout
}

// DefaultEngineConfig is an engine with its defaults filled, as Complete
// fills them: a front end may start from it or from a zero EngineConfig.
func DefaultEngineConfig() EngineConfig {
	var e EngineConfig
	e.FillDefaults()
	return e
}

// FillDefaults puts the defaults in place of zeros: UCI, DefaultTimeout,
// DefaultTimeMargin (unless the user asked for none) and restarts only
// after a failure. Complete calls it for every engine; a front end that
// drives one engine without a run (check) calls it itself.
func (e *EngineConfig) FillDefaults() {
	if e.Proto == "" {
		e.Proto = UCI
	}
	if e.Timeout == 0 {
		e.Timeout = DefaultTimeout
	}
	if e.TimeMargin == 0 && !e.ZeroTimeMargin {
		e.TimeMargin = DefaultTimeMargin
	}
	if e.Restart == "" {
		e.Restart = RestartAuto
	}
}

// CheckProtocolSafe refuses a line break or NUL in a key or value: text
// that reaches an engine would become a command of its own ("16\nquit").
func CheckProtocolSafe(key, value string) error {
	if strings.ContainsAny(key, "\r\n\x00") {
		return fmt.Errorf("%q: a key must not hold a line break or NUL", key)
	}
	if strings.ContainsAny(value, "\r\n\x00") {
		return fmt.Errorf("the value must not hold a line break or NUL: the engine would read it as a command of its own")
	}
	return nil
}

// Validate checks what must hold before an engine can be started.
func (c *EngineConfig) Validate() error {
	if c.Cmd == "" {
		return fmt.Errorf("engine %q: missing cmd=", c.Name)
	}
	fields := []struct{ key, value string }{{"name", c.Name}, {"cmd", c.Cmd}, {"dir", c.Dir}}
	for _, a := range c.Args {
		fields = append(fields, struct{ key, value string }{"arg", a})
	}
	for _, o := range c.Options {
		fields = append(fields, struct{ key, value string }{"option." + o.Name, o.Value})
	}
	for _, f := range fields {
		if err := CheckProtocolSafe(f.key, f.value); err != nil {
			return fmt.Errorf("engine %q: %s: %w", c.Name, f.key, err)
		}
	}
	if err := c.TC.check(c.Proto); err != nil {
		return fmt.Errorf("engine %q: %w", c.Name, err)
	}
	if c.Proto == XBoard {
		if err := protocol.CheckXBoardLimits(c.TC.MoveTime, c.TC.Nodes); err != nil {
			return fmt.Errorf("engine %q: %w", c.Name, err)
		}
	}
	return nil
}
