package parse

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// EngineSpec applies a cutechess-style spec, key=value pairs separated by
// spaces, such as `cmd=/usr/games/stockfish name=sf option.Hash=16 tc=10+0.1`.
// Values may be quoted ("name=My Engine" or name="My Engine"), which is how an
// option name with spaces is written: "option.Move Overhead=30". A word
// splits at its first '=' outside quotes and not escaped, so an option name
// holding '=' is quoted or escaped: "option.A=B"=1 or option.A\=B=1.
func EngineSpec(c *spec.EngineConfig, text string) error {
	tokens, eqAt, err := splitWords(text)
	if err != nil {
		return err
	}
	tokens, eqAt, err = joinOptionNames(tokens, eqAt)
	if err != nil {
		return err
	}
	for k, tok := range tokens {
		eq := eqAt[k]
		if eq < 0 {
			eq = strings.IndexByte(tok, '=') // a whole quoted word: "name=My Engine"
		}
		if eq < 0 {
			return fmt.Errorf("%q: expected key=value", tok)
		}
		key, value := tok[:eq], tok[eq+1:]
		if err := SetEngineKey(c, key, value); err != nil {
			return fmt.Errorf("%s=%s: %w", key, value, err)
		}
	}
	return nil
}

// joinOptionNames reads option names with spaces as cutechess-cli users
// type them: after "option." every bare word (no '=') up to the next word
// with one belongs to the name, so `option.Skill Level=3` sets "Skill
// Level". Any other bare word is ambiguous (part of a value? a key
// without one?) and refused with the quoted form that says which.
func joinOptionNames(tokens []string, eqAt []int) ([]string, []int, error) {
	var outT []string
	var outE []int
	for k := 0; k < len(tokens); k++ {
		tok, eq := tokens[k], eqAt[k]
		if eq >= 0 || strings.IndexByte(tok, '=') >= 0 {
			outT, outE = append(outT, tok), append(outE, eq)
			continue
		}
		if !strings.HasPrefix(tok, "option.") {
			if len(outT) > 0 {
				prev := outT[len(outT)-1]
				key, value, _ := strings.Cut(prev, "=")
				return nil, nil, fmt.Errorf("%q: expected key=value; a value with spaces is quoted: %s=%q", tok, key, value+" "+tok)
			}
			return nil, nil, fmt.Errorf("%q: expected key=value", tok)
		}
		name := tok
		for k+1 < len(tokens) && eqAt[k+1] < 0 && strings.IndexByte(tokens[k+1], '=') < 0 {
			k++
			name += " " + tokens[k]
		}
		if k+1 >= len(tokens) {
			return nil, nil, fmt.Errorf("%q: expected key=value; an option name with spaces is followed by its value: \"%s=VALUE\"", name, name)
		}
		k++
		next := tokens[k]
		at := eqAt[k]
		if at < 0 {
			at = strings.IndexByte(next, '=')
		}
		outT, outE = append(outT, name+" "+next), append(outE, len(name)+1+at)
	}
	return outT, outE, nil
}

// SetEngineKey applies one key=value of an engine spec, such as
// "option.Hash", "16": the keys EngineSpec reads, and YAML engine keys.
func SetEngineKey(c *spec.EngineConfig, key, value string) error {
	if err := spec.CheckProtocolSafe(key, value); err != nil {
		return err
	}
	if name, ok := strings.CutPrefix(key, "option."); ok {
		if name == "" {
			return fmt.Errorf("option needs a name")
		}
		setOption(c, name, value)
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
		switch spec.Protocol(value) {
		case spec.UCI, spec.XBoard:
			c.Proto = spec.Protocol(value)
		default:
			return fmt.Errorf("proto must be uci or xboard")
		}
	case "restart":
		switch spec.Restart(value) {
		case spec.RestartAuto, spec.RestartOn, spec.RestartOff:
			c.Restart = spec.Restart(value)
		default:
			return fmt.Errorf("restart must be auto, on or off")
		}
	case "tc":
		var tc spec.TimeControl
		if tc, err = spec.ParseTimeControl(value); err == nil {
			c.TC.Moves, c.TC.Base, c.TC.Inc, c.TC.Later = tc.Moves, tc.Base, tc.Inc, tc.Later
			c.TC.Hourglass = c.TC.Hourglass || tc.Hourglass // "*60", the PGN tag's hourglass
		}
	case "hourglass":
		c.TC.Hourglass, err = strconv.ParseBool(value)
		if err != nil {
			err = fmt.Errorf("want true or false")
		}
	case "delay", "bronstein":
		// The clock waits delay= seconds before it runs (simple, US
		// delay); bronstein= gives the time used back after the move, up
		// to that many seconds. The last of the two given wins.
		if c.TC.Delay, err = spec.ParseSeconds(value); err != nil {
			err = fmt.Errorf("want a number of seconds, such as 2")
		}
		c.TC.Bronstein = key == "bronstein"
	case "st":
		if c.TC.MoveTime, err = spec.ParseSeconds(value); err == nil && c.TC.MoveTime <= 0 {
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
		ms, perr := strconv.Atoi(value)
		if perr != nil || ms < 0 {
			err = fmt.Errorf("must be a whole number of milliseconds, 0 or more (timemargin=200 is 0.2 s)")
		}
		c.TimeMargin, c.ZeroTimeMargin = time.Duration(ms)*time.Millisecond, ms == 0
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
		if c.Timeout, err = spec.ParseSeconds(value); err == nil && c.Timeout <= 0 {
			err = fmt.Errorf("must be more than 0 seconds")
		}
	default:
		return fmt.Errorf("unknown key %q (known: cmd name arg dir proto option.NAME tc hourglass delay bronstein st nodes depth timemargin timeout restart whitepov stderr book bookdepth ponder fullhistory)", key)
	}
	return err
}

// setOption replaces an option set earlier (say by --each) or adds it.
func setOption(c *spec.EngineConfig, name, value string) {
	for i := range c.Options {
		if c.Options[i].Name == name {
			c.Options[i].Value = value
			return
		}
	}
	c.Options = append(c.Options, spec.EngineOption{Name: name, Value: value})
}
