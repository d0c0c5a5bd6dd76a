package runner

import (
	"fmt"
	"strconv"
	"strings"
	"time"
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
	Name       string
	Cmd        string
	Args       []string
	Dir        string
	Proto      Protocol
	Options    []EngineOption
	TC         TimeControl
	TimeMargin time.Duration // grace past the budget before a time forfeit
	Timeout    time.Duration // how long to wait for the handshake, isready, or a move without a clock
	Restart    Restart
	Variant    Variant // the run's, set when the run's config is completed
	// WhitePOV: the engine reports scores from White's side, not the side
	// to move's (cutechess's whitepov); they are turned when it plays Black.
	WhitePOV bool
	// StderrFile receives the engine's standard error, appended, instead of
	// the log (cutechess's stderr=FILE).
	StderrFile string
	// Book is a Polyglot book the runner plays from on the engine's behalf,
	// at most BookDepth moves a game (0 = while the book has moves).
	Book      string
	BookDepth int
	// Ponder lets the engine think on its opponent's time: UCI "go ponder"
	// on the reply it expects, XBoard "hard".
	Ponder bool
	// FullHistory sends a UCI engine the whole game every move, not the
	// position after the last capture or pawn move and the moves since.
	FullHistory bool
	// SHA256 is the hash of the engine's program when a distributed run
	// ships it to workers (--ship-engines): a worker runs only that program.
	SHA256  string  `json:",omitempty"`
	capture capture // set from the run's config when it is completed
}

// Default timings: generous enough for a loaded machine, short enough that a
// hung engine does not hold a match up for long.
const (
	DefaultTimeMargin = 100 * time.Millisecond
	DefaultTimeout    = 10 * time.Second
)

// DefaultEngineConfig is the starting point that --each and --engine refine.
func DefaultEngineConfig() EngineConfig {
	return EngineConfig{Proto: UCI, TimeMargin: DefaultTimeMargin, Timeout: DefaultTimeout, Restart: RestartAuto}
}

// ApplySpec applies a cutechess-style spec, key=value pairs separated by
// spaces, such as `cmd=/usr/games/stockfish name=sf option.Hash=16 tc=10+0.1`.
// Values may be quoted ("name=My Engine" or name="My Engine"), which is how an
// option name with spaces is written: "option.Move Overhead=30".
func (c *EngineConfig) ApplySpec(spec string) error {
	tokens, err := splitSpec(spec)
	if err != nil {
		return err
	}
	for _, tok := range tokens {
		key, value, ok := strings.Cut(tok, "=")
		if !ok {
			return fmt.Errorf("%q: expected key=value", tok)
		}
		if err := c.set(key, value); err != nil {
			return fmt.Errorf("%s=%s: %w", key, value, err)
		}
	}
	return nil
}

// Set applies one key=value of an engine spec, such as "option.Hash", "16":
// the same keys ApplySpec reads, for front ends that have them split already.
func (c *EngineConfig) Set(key, value string) error { return c.set(key, value) }

// set applies one key. The keys are the ones YAML configs use too.
func (c *EngineConfig) set(key, value string) error {
	if err := checkProtocolSafe(key, value); err != nil {
		return err
	}
	if name, ok := strings.CutPrefix(key, "option."); ok {
		if name == "" {
			return fmt.Errorf("option needs a name")
		}
		c.setOption(name, value)
		return nil
	}
	var err error
	switch key {
	case "cmd":
		c.Cmd = value
	case "name":
		c.Name = value
	case "arg":
		c.Args = append(c.Args, value)
	case "dir":
		c.Dir = value
	case "proto":
		switch Protocol(value) {
		case UCI, XBoard:
			c.Proto = Protocol(value)
		default:
			return fmt.Errorf("proto must be uci or xboard")
		}
	case "restart":
		switch Restart(value) {
		case RestartAuto, RestartOn, RestartOff:
			c.Restart = Restart(value)
		default:
			return fmt.Errorf("restart must be auto, on or off")
		}
	case "tc":
		var tc TimeControl
		if tc, err = ParseTimeControl(value); err == nil {
			c.TC.Moves, c.TC.Base, c.TC.Inc = tc.Moves, tc.Base, tc.Inc
		}
	case "st":
		if c.TC.MoveTime, err = parseSeconds(value); err == nil && c.TC.MoveTime <= 0 {
			err = fmt.Errorf("must be more than 0 seconds")
		}
	case "nodes":
		c.TC.Nodes, err = strconv.ParseUint(value, 10, 64)
	case "depth":
		c.TC.Depth, err = strconv.Atoi(value)
		if err == nil && c.TC.Depth <= 0 {
			err = fmt.Errorf("must be a positive whole number")
		}
	case "timemargin":
		var ms int
		if ms, err = strconv.Atoi(value); err == nil && ms < 0 {
			err = fmt.Errorf("must be milliseconds, 0 or more")
		}
		c.TimeMargin = time.Duration(ms) * time.Millisecond
	case "whitepov":
		c.WhitePOV, err = strconv.ParseBool(value)
		if err != nil {
			err = fmt.Errorf("want true or false")
		}
	case "fullhistory":
		c.FullHistory, err = strconv.ParseBool(value)
		if err != nil {
			err = fmt.Errorf("want true or false")
		}
	case "ponder":
		c.Ponder, err = strconv.ParseBool(value)
		if err != nil {
			err = fmt.Errorf("want true or false")
		}
	case "book":
		if value == "" {
			err = fmt.Errorf("want a Polyglot book file")
		}
		c.Book = value
	case "bookdepth":
		if c.BookDepth, err = strconv.Atoi(value); err == nil && c.BookDepth < 1 {
			err = fmt.Errorf("must be a whole number of moves, 1 or more")
		}
	case "stderr":
		if value == "" {
			err = fmt.Errorf("want a file name")
		}
		c.StderrFile = value
	case "timeout":
		if c.Timeout, err = parseSeconds(value); err == nil && c.Timeout <= 0 {
			err = fmt.Errorf("must be more than 0 seconds")
		}
	default:
		return fmt.Errorf("unknown key %q (known: cmd name arg dir proto option.NAME tc st nodes depth timemargin timeout restart whitepov stderr book bookdepth ponder fullhistory)", key)
	}
	return err
}

// setOption replaces an option set earlier (say by --each) or adds it.
func (c *EngineConfig) setOption(name, value string) {
	for i := range c.Options {
		if c.Options[i].Name == name {
			c.Options[i].Value = value
			return
		}
	}
	c.Options = append(c.Options, EngineOption{name, value})
}

// checkProtocolSafe refuses a line break or NUL in a key or value: text
// that reaches an engine would become a command of its own ("16\nquit").
func checkProtocolSafe(key, value string) error {
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
		if err := checkProtocolSafe(f.key, f.value); err != nil {
			return fmt.Errorf("engine %q: %s: %w", c.Name, f.key, err)
		}
	}
	if c.Proto == XBoard && c.TC.MoveTime > 0 && c.TC.MoveTime%time.Second != 0 {
		return fmt.Errorf("engine %q: st=%v: XBoard's st command takes whole seconds; give st=1 or more in whole seconds, or a clock (tc=)", c.Name, c.TC.MoveTime.Seconds())
	}
	if c.Proto == XBoard && c.TC.Nodes > 0 {
		return fmt.Errorf("engine %q: nodes= cannot be given to an XBoard engine: the protocol has no node limit", c.Name)
	}
	return nil
}

// SplitWords splits a command line or spec into words as a spec is split:
// on unquoted spaces, quotes grouping, backslash escaping.
func SplitWords(s string) ([]string, error) { return splitSpec(s) }

// splitSpec splits on unquoted spaces; quotes group, backslash escapes.
func splitSpec(spec string) ([]string, error) {
	var tokens []string
	var cur strings.Builder
	inToken := false
	var quote byte
	for i := 0; i < len(spec); i++ {
		ch := spec[i]
		switch {
		case ch == '\\' && i+1 < len(spec):
			i++
			cur.WriteByte(spec[i])
			inToken = true
		case quote != 0:
			if ch == quote {
				quote = 0
			} else {
				cur.WriteByte(ch)
			}
		case ch == '"' || ch == '\'':
			quote, inToken = ch, true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if inToken {
				tokens = append(tokens, cur.String())
				cur.Reset()
				inToken = false
			}
		default:
			cur.WriteByte(ch)
			inToken = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed %c quote in %q", quote, spec)
	}
	if inToken {
		tokens = append(tokens, cur.String())
	}
	return tokens, nil
}
