package runfile

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// engineSource remembers where an engine's checked keys were written, which
// may be under each.
type engineSource struct {
	node                      *yaml.Node // the engine's mapping
	name, cmd, dir, args      *yaml.Node
	cmdPath, dirPath, argPath string
	limited, limitFailed      bool // a tc, st, nodes or depth key was given; one of them was wrong
}

// engines reads each and then every engine, each applied first; then checks
// what the finished engines need.
func (p *configParser) engines(top yamlMap) []spec.EngineConfig {
	base := spec.DefaultEngineConfig()
	var baseSrc engineSource
	if n, ok := top.get("each"); ok {
		if m, ok := p.mapping(n, "each", engineKeys); ok {
			p.engineKeys(&base, m, &baseSrc)
		}
	}
	n, ok := top.get("engines")
	if !ok {
		p.errorf(top.node, "", "missing engines: a run needs a list of engines")
		return nil
	}
	list := resolveAlias(n)
	if list.Kind != yaml.SequenceNode {
		p.errorf(list, "engines", "expected a list of engines, got %s", describeNode(list))
		return nil
	}
	if len(list.Content) == 0 {
		p.errorf(list, "engines", "no engines: a run needs at least two")
		return nil
	}
	engines := make([]spec.EngineConfig, 0, len(list.Content))
	names := map[string]string{}
	for i, item := range list.Content {
		path := fmt.Sprintf("engines[%d]", i)
		e := base
		m, ok := p.mapping(item, path, engineKeys)
		if !ok {
			engines = append(engines, e) // still counted, so that the count checks agree with the file
			continue
		}
		e.Args = slices.Clone(base.Args)
		e.Options = slices.Clone(base.Options)
		src := baseSrc
		src.node = m.node
		p.engineKeys(&e, m, &src)
		p.checkEngine(&e, path, src)
		if e.Name != "" {
			if first, ok := names[e.Name]; ok {
				p.errorf(cmp.Or(src.name, m.node), path, "duplicate engine name %q (also %s): names must be unique", e.Name, first)
			} else {
				names[e.Name] = path
			}
		}
		engines = append(engines, e)
	}
	return engines
}

// engineKeys applies one mapping of engine keys through spec.EngineConfig.set, so
// that each YAML key means exactly what the same --engine key means.
func (p *configParser) engineKeys(e *spec.EngineConfig, m yamlMap, src *engineSource) {
	for _, key := range engineKeys {
		f, ok := m.fields[key]
		if !ok {
			continue
		}
		path := m.sub(key)
		switch key {
		case "args":
			p.engineArgs(e, f.value, path)
			src.args, src.argPath = resolveAlias(f.value), path
		case "options":
			p.engineOptions(e, f.value, path)
		default:
			ok := p.engineScalar(e, key, f.value, path)
			switch key {
			case "tc", "st", "nodes", "depth":
				src.limited = true
				src.limitFailed = src.limitFailed || !ok
			case "name":
				src.name = resolveAlias(f.value)
			case "cmd":
				src.cmd, src.cmdPath = resolveAlias(f.value), path
			case "dir":
				src.dir, src.dirPath = resolveAlias(f.value), path
			}
		}
	}
	p.engineOptionKeys(e, m)
}

// engineOptionKeys applies the option.NAME keys of an engine mapping, in
// the order they were written.
func (p *configParser) engineOptionKeys(e *spec.EngineConfig, m yamlMap) {
	var keys []yamlField
	for name, f := range m.fields {
		if strings.HasPrefix(name, "option.") {
			keys = append(keys, f)
		}
	}
	slices.SortFunc(keys, func(a, b yamlField) int { return a.key.Line*1000 + a.key.Column - b.key.Line*1000 - b.key.Column })
	for _, f := range keys {
		p.engineScalar(e, f.key.Value, f.value, m.sub(f.key.Value))
	}
}

func (p *configParser) engineArgs(e *spec.EngineConfig, n *yaml.Node, path string) {
	n = resolveAlias(n)
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, path, "expected a list of arguments, such as [--uci], got %s", describeNode(n))
		return
	}
	for i, arg := range n.Content {
		if s, ok := p.scalar(arg, fmt.Sprintf("%s[%d]", path, i), "a string"); ok {
			p.set(e, "arg", s, arg, path)
		}
	}
}

func (p *configParser) engineOptions(e *spec.EngineConfig, n *yaml.Node, path string) {
	n = resolveAlias(n)
	if n.Kind != yaml.MappingNode {
		p.errorf(n, path, "expected a mapping of option names to values, such as {Hash: 16}, got %s", describeNode(n))
		return
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolveAlias(n.Content[i]), resolveAlias(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || k.Value == "" {
			p.errorf(k, path, "expected an option name, got %s", describeNode(k))
			continue
		}
		if line, ok := seen[k.Value]; ok {
			p.errorf(k, path, "duplicate option %q (first at line %d)", k.Value, line)
			continue
		}
		seen[k.Value] = k.Line
		value := v.Value // a null value is an option without one (a UCI button)
		if v.Kind != yaml.ScalarNode {
			p.errorf(v, keyPath(path, k.Value), "expected a value, got %s", describeNode(v))
			continue
		}
		if v.ShortTag() == "!!null" {
			value = ""
		}
		p.set(e, "option."+k.Value, value, v, keyPath(path, k.Value))
	}
}

// engineScalar type-checks the keys whose set errors would be terse (strconv
// messages) before handing the value to set.
func (p *configParser) engineScalar(e *spec.EngineConfig, key string, n *yaml.Node, path string) bool {
	s, ok := p.scalar(n, path, "a value")
	if !ok {
		return false
	}
	n = resolveAlias(n)
	switch key {
	case "nodes", "depth", "timemargin":
		if v, err := strconv.ParseInt(s, 10, 64); err != nil || v < 0 {
			p.errorf(n, path, "expected a whole number, 0 or more, got %q", s)
			return false
		}
	case "st", "timeout":
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			p.errorf(n, path, "expected a number of seconds, got %q", s)
			return false
		}
	case "name", "cmd", "dir":
		if s == "" {
			p.errorf(n, path, "expected a string, got an empty one")
			return false
		}
	}
	return p.set(e, key, s, n, path)
}

// set applies one key through spec.EngineConfig.set and places its error.
func (p *configParser) set(e *spec.EngineConfig, key, value string, n *yaml.Node, path string) bool {
	err := parse.SetEngineKey(e, key, value)
	switch {
	case err == nil:
		return true
	case key == "tc": // its message quotes the value already
		p.add(n, path, err)
	default:
		p.errorf(n, path, "%v, got %q", err, value)
	}
	return false
}

// checkEngine reports what a finished engine lacks: a name, a program that
// can be started, a time control.
func (p *configParser) checkEngine(e *spec.EngineConfig, path string, src engineSource) {
	if e.Name == "" {
		p.errorf(src.node, path, "missing name")
	}
	switch {
	case e.Cmd == "":
		p.errorf(src.node, path, "missing cmd: the engine's program, or %s for the built-in engine", spec.BuiltinCmd)
	case e.Cmd == spec.BuiltinCmd:
		if len(e.Args) > 0 {
			p.errorf(cmp.Or(src.args, src.cmd), cmp.Or(src.argPath, src.cmdPath), "the built-in engine takes no args")
		}
	default:
		if err := checkEngineCmd(e.Cmd, e.Dir); err != nil {
			p.add(src.cmd, src.cmdPath, err)
		}
	}
	if e.Dir != "" && !dirExists(e.Dir) {
		p.errorf(src.dir, src.dirPath, "directory %q does not exist", e.Dir)
	}
	tc := e.TC
	switch {
	case !src.limited:
		p.errorf(src.node, path, "no time control: give tc, st, nodes or depth (here or under each)")
	case !tc.HasLimit() && !src.limitFailed:
		p.errorf(src.node, path, "no time control: tc inf and nodes 0 set no limit; give a clock, st, nodes or depth")
	}
	if e.Cmd != "" {
		if err := e.Validate(); err != nil {
			p.add(src.node, path, err)
		}
	}
}

// checkCmd finds the engine's program the way it will be started: a name
// without a slash on PATH, a path relative to the engine's dir when it has
// one (exec.Cmd resolves it there) and else to the current directory.
func checkEngineCmd(cmd, dir string) error {
	if !strings.Contains(cmd, "/") {
		if !onPath(cmd) {
			return fmt.Errorf("%q not found on PATH (give a path with a slash for a program elsewhere)", cmd)
		}
		return nil
	}
	path := cmd
	if dir != "" && !filepath.IsAbs(cmd) {
		path = filepath.Join(dir, cmd)
	}
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return fmt.Errorf("cannot run %q: %w", path, errors.Unwrap(err))
	case fi.IsDir():
		return fmt.Errorf("cannot run %q: it is a directory", path)
	case fi.Mode()&0o111 == 0:
		return fmt.Errorf("cannot run %q: not executable", path)
	}
	return nil
}

// onPath says whether a program of this name is on PATH, as the engine's
// start will look for it.
func onPath(name string) bool {
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir == "" {
			dir = "."
		}
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return true
		}
	}
	return false
}
