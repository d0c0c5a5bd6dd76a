package compat

import (
	"fmt"
	"os"
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// cutechessEngineKeys and fastchessEngineKeys are the -engine/-each keys
// each dialect reads, with autoplay's engine key where it has another name.
var cutechessEngineKeys = []keyText{
	{"name", ""}, {"cmd", ""}, {"dir", ""}, {"arg", ""}, {"proto", ""}, {"restart", ""},
	{"tc", ""}, {"st", ""}, {"timemargin", ""}, {"depth", ""}, {"nodes", ""},
	{"book", ""}, {"bookdepth", ""}, {"ponder", ""}, {"whitepov", ""}, {"stderr", ""},
}

var fastchessEngineKeys = []keyText{
	{"name", ""}, {"cmd", ""}, {"dir", ""}, {"args", ""}, {"proto", ""}, {"restart", ""},
	{"tc", ""}, {"st", ""}, {"timemargin", ""}, {"depth", ""}, {"plies", "depth"}, {"nodes", ""},
	{"ponder", ""}, {"timeout", ""},
}

// engineKeysOf are dialect d's engine keys.
func engineKeysOf(d Dialect) []keyText {
	if d == Fastchess {
		return fastchessEngineKeys
	}
	return cutechessEngineKeys
}

// refusedEngineKeys are the real tools' engine keys autoplay does not take.
var refusedEngineKeys = []keyText{
	{"conf", "autoplay has no engines.json: give cmd= and the other keys"},
	{"initstr", "text sent before the protocol starts is not supported"},
	{"trust", "every result claim is checked against the rules"},
	{"tscale", "timeouts are not scaled; autoplay's are generous (10 s)"},
	{"debug", "UCI debug mode is not sent; use -debug or -log for the engine lines"},
}

// engine builds one engine from its -engine keys, then the -each keys (both
// tools apply -each last, so it wins).
func (inv *Invocation) engine(own []keyValue) (spec.EngineConfig, error) {
	e := spec.DefaultEngineConfig()
	for _, group := range append([][]keyValue{own}, inv.each...) {
		for _, kv := range group {
			if err := inv.setEngineKey(&e, kv); err != nil {
				return e, err
			}
		}
	}
	if e.Cmd == "" {
		return e, fmt.Errorf("missing cmd= (the engine's program)")
	}
	if inv.Dialect == Cutechess {
		splitCommand(&e)
	}
	return e, nil
}

func (inv *Invocation) setEngineKey(e *spec.EngineConfig, kv keyValue) error {
	if name, ok := strings.CutPrefix(kv.key, "option."); ok {
		if kv.bare {
			return fmt.Errorf("%s: expected option.NAME=VALUE", kv.key)
		}
		return parse.SetEngineKey(e, "option."+name, kv.value)
	}
	to, ok := lookup(engineKeysOf(inv.Dialect), kv.key)
	if !ok {
		if why, refused := lookup(refusedEngineKeys, kv.key); refused {
			return fmt.Errorf("engine key %s is not supported: %s", kv.key, why)
		}
		return fmt.Errorf("unknown engine key %q", kv.key)
	}
	if to == "" {
		to = kv.key
	}
	value := kv.value
	switch to {
	case "ponder", "whitepov":
		if kv.bare {
			value = "true" // cutechess writes them alone
		}
	case "args":
		words, err := parse.SplitWords(value)
		if err != nil {
			return err
		}
		for _, w := range words {
			if err := parse.SetEngineKey(e, "arg", w); err != nil {
				return err
			}
		}
		return nil
	case "tc":
		return inv.setClock(e, kv.value)
	default:
		if kv.bare {
			return fmt.Errorf("engine key %s needs a value (%s=...)", kv.key, kv.key)
		}
	}
	if err := parse.SetEngineKey(e, to, value); err != nil {
		return fmt.Errorf("%s=%s: %w", kv.key, kv.value, err)
	}
	return nil
}

// splitCommand makes cutechess's cmd="engine --uci" a program and its
// arguments, as cutechess-cli does, unless the whole text names a file.
func splitCommand(e *spec.EngineConfig) {
	if !strings.ContainsAny(e.Cmd, " \t") {
		return
	}
	path := e.Cmd
	if e.Dir != "" && !strings.HasPrefix(path, "/") {
		path = e.Dir + "/" + path
	}
	if _, err := os.Stat(path); err == nil {
		return
	}
	words, err := parse.SplitWords(e.Cmd)
	if err != nil || len(words) == 0 {
		return
	}
	e.Cmd = words[0]
	e.Args = append(words[1:len(words):len(words)], e.Args...)
}
