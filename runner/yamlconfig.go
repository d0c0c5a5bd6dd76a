package runner

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/stats"
)

// BuiltinCmd is the cmd value that names the built-in engine; the command
// that runs the config replaces it with this binary's `engine` subcommand.
const BuiltinCmd = "builtin"

// maxConfigErrors bounds the report: past a handful of problems the rest are
// usually echoes of the first ones.
const maxConfigErrors = 20

// ConfigError is one problem in a run file, at its place in the file.
type ConfigError struct {
	File         string
	Line, Column int    // 1-based; 0 when not known
	Key          string // where in the document, such as "engines[1].tc"; "" for the top level
	Err          error
}

// Error reads like a compiler message: `ab.yaml:12:5: engines[1].tc: what was wrong`.
func (e *ConfigError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	b.WriteString(": ")
	if e.Key != "" {
		b.WriteString(e.Key)
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap gives the underlying problem, for errors.Is and errors.As.
func (e *ConfigError) Unwrap() error { return e.Err }

// LoadConfig reads a run file (`autoplay run FILE`). Every problem found is
// reported, one *ConfigError per line, each with file:line:column.
func LoadConfig(path string) (*Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxConfigSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxConfigSize {
		return nil, &ConfigError{File: path, Err: fmt.Errorf("larger than %d bytes: not a run file", maxConfigSize)}
	}
	return ParseConfig(path, data)
}

// Bounds on the work a run file can cause: its size, and the mapping keys
// read through merge keys and aliases, which a few hundred bytes of nested
// anchors can otherwise multiply beyond any machine (a "billion laughs").
const (
	maxConfigSize   = 1 << 20
	maxConfigFields = 100_000
)

// ParseConfig reads a run file's contents; name is the file name used in
// messages. Files the config names (openings, engine programs, the
// directories of output files) are checked relative to the current directory.
func ParseConfig(name string, data []byte) (*Config, error) {
	p := &configParser{file: name}
	root, err := p.parse(data)
	if err != nil {
		return nil, err
	}
	cfg := p.config(root)
	if err := p.err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// The keys known at each level, in the order the documentation gives them.
var (
	topKeys = []string{"event", "site", "type", "variant", "tb", "tbpieces", "tbadjudicate", "seeds", "rounds", "games", "concurrency", "seed",
		"report_every", "pgnout", "epdout", "json", "log", "maxmoves", "quiet", "verbose", "affinity", "slot_processes", "pgnfields", "match_line", "games_jsonl",
		"openings", "each", "engines", "adjudication", "sprt"}
	engineKeys = []string{"name", "cmd", "args", "dir", "proto", "options", "tc", "st", "nodes",
		"depth", "timemargin", "timeout", "restart", "whitepov", "stderr", "book", "bookdepth", "ponder", "fullhistory"}
	openingsKeys     = []string{"file", "format", "order", "plies", "start", "policy", "random"}
	adjudicationKeys = []string{"draw", "resign"}
	drawKeys         = []string{"movenumber", "movecount", "score"}
	resignKeys       = []string{"movecount", "score", "twosided"}
	sprtKeys         = []string{"elo0", "elo1", "alpha", "beta", "model"}
)

// configParser walks the YAML tree, filling a Config and collecting problems.
type configParser struct {
	file   string
	errs   []*ConfigError
	fields int  // mapping keys read so far, merged ones included
	bomb   bool // maxConfigFields was passed: reported once, reading stopped
}

// yamlField is one key: value pair of a mapping; merged ones came in through a
// merge key and may be overridden.
type yamlField struct {
	key, value *yaml.Node
	merged     bool
}

// yamlMap is a mapping's fields by key, with the mapping node itself for the
// position of "missing" problems.
type yamlMap struct {
	node   *yaml.Node
	path   string
	fields map[string]yamlField
}

func (m yamlMap) get(key string) (*yaml.Node, bool) {
	f, ok := m.fields[key]
	return f.value, ok
}

// sub names a key below m's path.
func (m yamlMap) sub(key string) string { return keyPath(m.path, key) }

func keyPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// errorf records a problem at node n (the top of the file when nil).
func (p *configParser) errorf(n *yaml.Node, path, format string, args ...any) {
	p.add(n, path, fmt.Errorf(format, args...))
}

func (p *configParser) add(n *yaml.Node, path string, err error) {
	e := &ConfigError{File: p.file, Key: path, Err: err}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	p.errs = append(p.errs, e)
}

// err joins the problems in file order, at most maxConfigErrors of them.
func (p *configParser) err() error {
	if len(p.errs) == 0 {
		return nil
	}
	slices.SortStableFunc(p.errs, func(a, b *ConfigError) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
	// A key under each that is wrong for every engine is reported once.
	p.errs = slices.CompactFunc(p.errs, func(a, b *ConfigError) bool { return a.Error() == b.Error() })
	var errs []error
	for i, e := range p.errs {
		if i == maxConfigErrors {
			errs = append(errs, &ConfigError{File: p.file, Err: fmt.Errorf("%d more problems not shown", len(p.errs)-i)})
			break
		}
		errs = append(errs, e)
	}
	return errors.Join(errs...)
}

// parse reads the single YAML document; syntax errors end the parse at once,
// since nothing after them can be trusted.
func (p *configParser) parse(data []byte) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return nil, p.syntaxError(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		p.errorf(&extra, "", "a second YAML document (after ---): a run file holds one")
	} else if err != io.EOF {
		return nil, p.syntaxError(err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &ConfigError{File: p.file, Line: 1, Column: 1, Err: errors.New("empty file: expected a mapping with at least an engines list")}
	}
	return doc.Content[0], nil
}

// syntaxError moves yaml.v3's "yaml: line N: what" into our file:line form.
func (p *configParser) syntaxError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	e := &ConfigError{File: p.file, Err: fmt.Errorf("YAML syntax: %s", msg)}
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, what, ok := strings.Cut(rest, ": "); ok {
			if n, err := strconv.Atoi(num); err == nil {
				e.Line, e.Err = n, fmt.Errorf("YAML syntax: %s", what)
			}
		}
	}
	return e
}

// deref follows an alias (*name) to the node it names.
func resolveAlias(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// describe names what a node holds, for "expected X, got Y".
func describeNode(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.ShortTag() == "!!null" {
			return "nothing"
		}
		return strconv.Quote(n.Value)
	}
	return "something else"
}

// mapping reads a mapping node, reporting keys that are not in known and
// keys given twice. Merge keys (<<: *anchor) bring in an anchored mapping's
// keys, which the mapping's own keys override.
func (p *configParser) mapping(n *yaml.Node, path string, known []string) (yamlMap, bool) {
	n = resolveAlias(n)
	m := yamlMap{node: n, path: path, fields: map[string]yamlField{}}
	if n.Kind != yaml.MappingNode {
		p.errorf(n, path, "expected a mapping (key: value lines), got %s", describeNode(n))
		return m, false
	}
	p.collect(n, m, known, false)
	return m, true
}

func (p *configParser) collect(n *yaml.Node, m yamlMap, known []string, merged bool) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if p.fields++; p.fields > maxConfigFields {
			if !p.bomb {
				p.bomb = true
				p.errorf(n, m.path, "more than %d keys once aliases and merge keys (<<) are expanded: refusing to expand further", maxConfigFields)
			}
			return
		}
		k, v := resolveAlias(n.Content[i]), n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			p.errorf(k, m.path, "expected a plain key, got %s", describeNode(k))
			continue
		}
		if k.ShortTag() == "!!merge" {
			p.merge(v, m, known)
			continue
		}
		if !slices.Contains(known, k.Value) {
			p.errorf(k, m.path, "unknown key %q (known: %s)", k.Value, strings.Join(known, " "))
			continue
		}
		prev, seen := m.fields[k.Value]
		switch {
		case seen && merged:
			continue // the first merged mapping wins, as YAML specifies
		case seen && !prev.merged:
			p.errorf(k, m.path, "duplicate key %q (first at line %d)", k.Value, prev.key.Line)
			continue
		}
		m.fields[k.Value] = yamlField{k, v, merged}
	}
}

func (p *configParser) merge(v *yaml.Node, m yamlMap, known []string) {
	v = resolveAlias(v)
	switch v.Kind {
	case yaml.MappingNode:
		p.collect(v, m, known, true)
	case yaml.SequenceNode:
		for _, item := range v.Content {
			p.merge(item, m, known)
		}
	default:
		p.errorf(v, m.path, "<<: expected a mapping or an alias to one, got %s", describeNode(v))
	}
}

// scalar returns a scalar's text; numbers and booleans are taken as written,
// so `Hash: 16` and `tc: 60` mean what they say.
func (p *configParser) scalar(n *yaml.Node, path, want string) (string, bool) {
	n = resolveAlias(n)
	if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
		p.errorf(n, path, "expected %s, got %s", want, describeNode(n))
		return "", false
	}
	return n.Value, true
}

// str reads a non-empty string.
func (p *configParser) str(n *yaml.Node, path string) (string, bool) {
	s, ok := p.scalar(n, path, "a string")
	if ok && s == "" {
		p.errorf(resolveAlias(n), path, "expected a string, got an empty one")
		return "", false
	}
	return s, ok
}

// whole reads a whole number of at least min.
func (p *configParser) whole(n *yaml.Node, path string, min int) (int, bool) {
	s, ok := p.scalar(n, path, "a whole number")
	if !ok {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		p.errorf(resolveAlias(n), path, "expected a whole number, got %q", s)
		return 0, false
	}
	if v < min {
		p.errorf(resolveAlias(n), path, "must be %d or more, got %d", min, v)
		return 0, false
	}
	return v, true
}

// number reads a decimal number.
func (p *configParser) number(n *yaml.Node, path string) (float64, bool) {
	s, ok := p.scalar(n, path, "a number")
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		p.errorf(resolveAlias(n), path, "expected a number, got %q", s)
		return 0, false
	}
	return v, true
}

// boolean reads true or false.
func (p *configParser) boolean(n *yaml.Node, path string) (bool, bool) {
	s, ok := p.scalar(n, path, "true or false")
	if !ok {
		return false, false
	}
	switch strings.ToLower(s) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	p.errorf(resolveAlias(n), path, "expected true or false, got %q", s)
	return false, false
}

// config fills a Config from the document's top-level mapping.
func (p *configParser) config(root *yaml.Node) *Config {
	cfg := &Config{Type: TypeMatch, Rounds: 1, Games: 2, Concurrency: 1, Seed: 1, ReportEvery: 10}
	top, ok := p.mapping(root, "", topKeys)
	if !ok {
		return cfg
	}
	p.settings(top, cfg)
	p.outputs(top, cfg)
	p.records(top, cfg)
	if n, ok := top.get("openings"); ok {
		cfg.Openings = p.openings(n, "openings")
	}
	if n, ok := top.get("adjudication"); ok {
		cfg.Draw, cfg.Resign = p.adjudication(n, "adjudication")
	}
	if n, ok := top.get("sprt"); ok {
		cfg.SPRT = p.sprt(n, "sprt")
	}
	cfg.Engines = p.engines(top)
	p.tournament(top, cfg)
	return cfg
}

// settings reads the plain top-level values.
func (p *configParser) settings(top yamlMap, cfg *Config) {
	if n, ok := top.get("variant"); ok {
		if s, ok := p.scalar(n, "variant", "standard or fischerandom"); ok {
			v, err := ParseVariant(s)
			if err != nil {
				p.add(resolveAlias(n), "variant", err)
			}
			cfg.Variant = v
		}
	}
	for key, dst := range map[string]*string{"event": &cfg.Event, "site": &cfg.Site, "tb": &cfg.TB, "tbadjudicate": &cfg.TBAdjudicate} {
		if n, ok := top.get(key); ok {
			if s, ok := p.scalar(n, key, "a string"); ok {
				*dst = s
			}
		}
	}
	for _, k := range []struct {
		key string
		min int
		dst *int
	}{
		{"rounds", 1, &cfg.Rounds},
		{"games", 1, &cfg.Games},
		{"concurrency", 1, &cfg.Concurrency},
		{"seeds", 1, &cfg.Seeds},
		{"report_every", 0, &cfg.ReportEvery},
		{"maxmoves", 0, &cfg.MaxMoves},
		{"tbpieces", 0, &cfg.TBPieces},
	} {
		if n, ok := top.get(k.key); ok {
			if v, ok := p.whole(n, k.key, k.min); ok {
				*k.dst = v
			}
		}
	}
	if n, ok := top.get("seed"); ok {
		if s, ok := p.scalar(n, "seed", "a whole number"); ok {
			if v, err := strconv.ParseUint(s, 10, 64); err != nil {
				p.errorf(resolveAlias(n), "seed", "expected a whole number, 0 or more, got %q", s)
			} else {
				cfg.Seed = v
			}
		}
	}
	if n, ok := top.get("type"); ok {
		if s, ok := p.scalar(n, "type", "match, gauntlet, round-robin or knockout"); ok {
			switch t := Tournament(s); t {
			case TypeMatch, TypeGauntlet, TypeRoundRobin, TypeKnockout:
				cfg.Type = t
			default:
				p.errorf(resolveAlias(n), "type", "expected match, gauntlet, round-robin or knockout, got %q", s)
			}
		}
	}
	for key, dst := range map[string]*bool{"quiet": &cfg.Quiet, "verbose": &cfg.Verbose, "affinity": &cfg.Affinity, "slot_processes": &cfg.SlotProcesses} {
		if n, ok := top.get(key); ok {
			*dst, _ = p.boolean(n, key)
		}
	}
	if n, ok := top.get("verbose"); ok && cfg.Quiet && cfg.Verbose {
		p.errorf(resolveAlias(n), "verbose", "cannot be true together with quiet")
	}
}

// outputs reads the output file names; their directories must exist now
// rather than fail after the first game.
func (p *configParser) outputs(top yamlMap, cfg *Config) {
	for key, dst := range map[string]*string{"pgnout": &cfg.PGNOut, "epdout": &cfg.EPDOut, "json": &cfg.JSONOut, "log": &cfg.LogFile, "games_jsonl": &cfg.GamesJSONL} {
		n, ok := top.get(key)
		if !ok {
			continue
		}
		s, ok := p.str(n, key)
		if !ok {
			continue
		}
		*dst = s
		if dir := filepath.Dir(s); !dirExists(dir) {
			p.errorf(resolveAlias(n), key, "directory %q does not exist", dir)
		}
	}
}

// records reads the per-move PGN fields and the match_line pattern.
func (p *configParser) records(top yamlMap, cfg *Config) {
	if n, ok := top.get("pgnfields"); ok {
		list := resolveAlias(n)
		if list.Kind != yaml.SequenceNode {
			p.errorf(list, "pgnfields", "expected a list such as [nodes, seldepth, pv], got %s", describeNode(list))
		} else {
			for i, item := range list.Content {
				path := fmt.Sprintf("pgnfields[%d]", i)
				name, ok := p.scalar(item, path, "a field name")
				if !ok {
					continue
				}
				f, err := ParseMoveFields(append(cfg.MoveFields.names(), name))
				if err != nil {
					p.add(resolveAlias(item), path, err)
					continue
				}
				cfg.MoveFields = f
			}
		}
	}
	if n, ok := top.get("match_line"); ok {
		if s, ok := p.str(n, "match_line"); ok {
			if _, err := compileMatchLine(s); err != nil {
				p.add(resolveAlias(n), "match_line", err)
			}
			cfg.MatchLine = s
		}
	}
}

func dirExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// openings reads the opening suite and checks that the file can be opened.
func (p *configParser) openings(n *yaml.Node, path string) OpeningsConfig {
	var oc OpeningsConfig
	m, ok := p.mapping(n, path, openingsKeys)
	if !ok {
		return oc
	}
	if v, ok := m.get("file"); ok {
		if s, ok := p.str(v, m.sub("file")); ok {
			oc.File = s
			if err := checkReadable(s); err != nil {
				p.add(resolveAlias(v), m.sub("file"), err)
			}
		}
	} else if _, random := m.get("random"); !random {
		p.errorf(m.node, path, "missing file (or random: frc|dfrc)")
	}
	if v, ok := m.get("format"); ok {
		if s, ok := p.scalar(v, m.sub("format"), "epd, pgn or bin"); ok {
			if _, err := pgn.ParseFormat(s); err != nil && !strings.EqualFold(s, "bin") {
				p.errorf(resolveAlias(v), m.sub("format"), "expected epd, pgn or bin, got %q", s)
			}
			oc.Format = s
		}
	}
	if v, ok := m.get("order"); ok {
		if s, ok := p.scalar(v, m.sub("order"), "sequential or random"); ok {
			if s != "sequential" && s != "random" {
				p.errorf(resolveAlias(v), m.sub("order"), "expected sequential or random, got %q", s)
			}
			oc.Order = s
		}
	}
	if v, ok := m.get("plies"); ok {
		oc.Plies, _ = p.whole(v, m.sub("plies"), 0)
	}
	if v, ok := m.get("start"); ok {
		oc.Start, _ = p.whole(v, m.sub("start"), 1)
	}
	if v, ok := m.get("random"); ok {
		if s, ok := p.scalar(v, m.sub("random"), "frc or dfrc"); ok {
			if s != RandomFRC && s != RandomDFRC {
				p.errorf(resolveAlias(v), m.sub("random"), "expected frc or dfrc, got %q", s)
			}
			oc.Random = s
		}
	}
	if v, ok := m.get("policy"); ok {
		if s, ok := p.scalar(v, m.sub("policy"), "fail or skip"); ok {
			if s != PolicyFail && s != PolicySkip {
				p.errorf(resolveAlias(v), m.sub("policy"), "expected fail or skip, got %q", s)
			}
			oc.Policy = s
		}
	}
	return oc
}

// checkReadable says why a file cannot be read, if it cannot.
func checkReadable(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("cannot read %q: %w", path, errors.Unwrap(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return fmt.Errorf("%q is a directory, not a file", path)
	}
	return nil
}

// adjudication reads the draw and resign rules.
func (p *configParser) adjudication(n *yaml.Node, path string) (*DrawAdjudication, *ResignAdjudication) {
	m, ok := p.mapping(n, path, adjudicationKeys)
	if !ok {
		return nil, nil
	}
	var draw *DrawAdjudication
	var resign *ResignAdjudication
	if v, ok := m.get("draw"); ok {
		if dm, ok := p.mapping(v, m.sub("draw"), drawKeys); ok {
			draw = &DrawAdjudication{}
			p.optionalWhole(dm, "movenumber", 0, &draw.MoveNumber)
			p.requiredWhole(dm, "movecount", 1, &draw.MoveCount)
			p.requiredWhole(dm, "score", 0, &draw.Score)
		}
	}
	if v, ok := m.get("resign"); ok {
		if rm, ok := p.mapping(v, m.sub("resign"), resignKeys); ok {
			resign = &ResignAdjudication{}
			p.requiredWhole(rm, "movecount", 1, &resign.MoveCount)
			p.requiredWhole(rm, "score", 0, &resign.Score)
			if b, ok := rm.get("twosided"); ok {
				resign.TwoSided, _ = p.boolean(b, rm.sub("twosided"))
			}
		}
	}
	return draw, resign
}

func (p *configParser) optionalWhole(m yamlMap, key string, min int, dst *int) {
	if v, ok := m.get(key); ok {
		*dst, _ = p.whole(v, m.sub(key), min)
	}
}

func (p *configParser) requiredWhole(m yamlMap, key string, min int, dst *int) {
	if _, ok := m.get(key); !ok {
		p.errorf(m.node, m.path, "missing %s", key)
		return
	}
	p.optionalWhole(m, key, min, dst)
}

// sprt reads the sequential test; alpha and beta default to 0.05 and the
// model to logistic.
func (p *configParser) sprt(n *yaml.Node, path string) *stats.SPRT {
	m, ok := p.mapping(n, path, sprtKeys)
	if !ok {
		return nil
	}
	s := &stats.SPRT{Alpha: 0.05, Beta: 0.05, Model: stats.Logistic}
	elo1Node := m.node
	for _, k := range []struct {
		key      string
		required bool
		dst      *float64
	}{{"elo0", true, &s.Elo0}, {"elo1", true, &s.Elo1}, {"alpha", false, &s.Alpha}, {"beta", false, &s.Beta}} {
		v, ok := m.get(k.key)
		if !ok {
			if k.required {
				p.errorf(m.node, path, "missing %s", k.key)
			}
			continue
		}
		f, ok := p.number(v, m.sub(k.key))
		if !ok {
			return s
		}
		*k.dst = f
		if (k.key == "alpha" || k.key == "beta") && !(f > 0 && f < 1) {
			p.errorf(resolveAlias(v), m.sub(k.key), "must be between 0 and 1 (exclusive), got %v", f)
			return s
		}
		if k.key == "elo1" {
			elo1Node = resolveAlias(v)
		}
	}
	if v, ok := m.get("model"); ok {
		if str, ok := p.scalar(v, m.sub("model"), "logistic or normalized"); ok {
			model, err := stats.ParseModel(str)
			if err != nil {
				p.errorf(resolveAlias(v), m.sub("model"), "expected logistic or normalized, got %q", str)
				return s
			}
			s.Model = model
		}
	}
	if _, ok := m.get("elo0"); !ok {
		return s
	}
	if _, ok := m.get("elo1"); !ok {
		return s
	}
	if !(s.Elo0 < s.Elo1) {
		p.errorf(elo1Node, m.sub("elo1"), "must be above elo0 (%v), got %v", s.Elo0, s.Elo1)
	} else if err := s.Validate(); err != nil {
		p.add(m.node, path, err)
	}
	return s
}

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
func (p *configParser) engines(top yamlMap) []EngineConfig {
	base := DefaultEngineConfig()
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
	engines := make([]EngineConfig, 0, len(list.Content))
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

// engineKeys applies one mapping of engine keys through EngineConfig.set, so
// that each YAML key means exactly what the same --engine key means.
func (p *configParser) engineKeys(e *EngineConfig, m yamlMap, src *engineSource) {
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
}

func (p *configParser) engineArgs(e *EngineConfig, n *yaml.Node, path string) {
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

func (p *configParser) engineOptions(e *EngineConfig, n *yaml.Node, path string) {
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
func (p *configParser) engineScalar(e *EngineConfig, key string, n *yaml.Node, path string) bool {
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

// set applies one key through EngineConfig.set and places its error.
func (p *configParser) set(e *EngineConfig, key, value string, n *yaml.Node, path string) bool {
	err := e.set(key, value)
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
func (p *configParser) checkEngine(e *EngineConfig, path string, src engineSource) {
	if e.Name == "" {
		p.errorf(src.node, path, "missing name")
	}
	switch {
	case e.Cmd == "":
		p.errorf(src.node, path, "missing cmd: the engine's program, or %s for the built-in engine", BuiltinCmd)
	case e.Cmd == BuiltinCmd:
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
		if _, err := exec.LookPath(cmd); err != nil {
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

// tournament checks that the engines fit the tournament type.
func (p *configParser) tournament(top yamlMap, cfg *Config) {
	typeNode, hasType := top.get("type")
	where, wherePath := top.node, ""
	if hasType {
		where, wherePath = resolveAlias(typeNode), "type"
	}
	seedsNode, hasSeeds := top.get("seeds")
	switch {
	case hasSeeds && cfg.Type != TypeGauntlet:
		p.errorf(resolveAlias(seedsNode), "seeds", "only a gauntlet has seeds (type is %s)", cfg.Type)
	case cfg.Type == TypeGauntlet && cfg.Seeds == 0:
		cfg.Seeds = 1
	}
	if sprtNode, ok := top.get("sprt"); ok && cfg.Type != TypeMatch {
		p.errorf(resolveAlias(sprtNode), "sprt", "an SPRT needs type match (two engines), not %s", cfg.Type)
	}
	n := len(cfg.Engines)
	if n == 0 {
		return
	}
	switch cfg.Type {
	case TypeMatch:
		if n != 2 {
			p.errorf(where, wherePath, "a match needs exactly 2 engines, got %d (use gauntlet or round-robin for more)", n)
		}
	case TypeGauntlet:
		if cfg.Seeds >= n {
			if hasSeeds {
				where, wherePath = resolveAlias(seedsNode), "seeds"
			}
			p.errorf(where, wherePath, "a gauntlet with %d seeds needs more than %d engines, got %d", cfg.Seeds, cfg.Seeds, n)
		}
	case TypeKnockout:
		if n < 2 {
			p.errorf(where, wherePath, "a knockout needs at least 2 engines, got %d", n)
		}
		if roundsNode, ok := top.get("rounds"); ok && cfg.Rounds > 1 {
			p.errorf(resolveAlias(roundsNode), "rounds", "a knockout's rounds follow from its engines: give games (per encounter) instead")
		}
	case TypeRoundRobin:
		if n < 2 {
			p.errorf(where, wherePath, "a round-robin needs at least 2 engines, got %d", n)
		}
	}
}
