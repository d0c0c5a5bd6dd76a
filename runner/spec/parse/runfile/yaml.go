package runfile

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/autoplay/autoplay/runner/spec"
)

// maxConfigErrors bounds the report: past a handful of problems the rest are
// usually echoes of the first ones.
const maxConfigErrors = 20

// ConfigError is one problem in a run file, at its place in the file.
type ConfigError struct {
	File         string
	Flag         string // the command-line flag whose value is wrong, as "--games 0"; "" for the file's own
	Line, Column int    // 1-based; 0 when not known
	Key          string // where in the document, such as "engines[1].tc"; "" for the top level
	Err          error
	Quote        string // the file's line at Line, shown under the message with a caret at Column
}

// Error reads like a compiler message: `ab.yaml:12:5: engines[1].tc: what was wrong`.
func (e *ConfigError) Error() string {
	if e.Flag != "" {
		return e.Flag + ": " + e.Err.Error()
	}
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
	if e.Quote != "" {
		b.WriteString(quoteLine(e.Line, e.Column, e.Quote))
	}
	return b.String()
}

// Unwrap gives the underlying problem, for errors.Is and errors.As.
func (e *ConfigError) Unwrap() error { return e.Err }

// LoadConfig reads a run file (`autoplay run FILE`). Every problem found is
// reported, one *ConfigError per line, each with file:line:column.
func LoadConfig(path string) (*spec.Config, error) {
	cfg, _, err := LoadRun(path, nil)
	return cfg, err
}

// readConfigFile reads a run file, refusing one too big to be one.
func readConfigFile(path string) ([]byte, error) {
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
	return data, nil
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
func ParseConfig(name string, data []byte) (*spec.Config, error) {
	cfg, _, err := parseRun(name, data, nil)
	return cfg, err
}

func parseRun(name string, data []byte, overrides []Override) (*spec.Config, []string, error) {
	p := &configParser{file: name, flags: map[*yaml.Node]string{}}
	root, err := p.parse(data)
	if err != nil {
		return nil, nil, err
	}
	cfg, notes := p.config(root, overrides)
	if err := p.err(); err != nil {
		return nil, nil, err
	}
	return cfg, notes, nil
}

// The keys known at each level, in the order the documentation gives them.
var (
	topKeys = []string{"event", "site", "type", "variant", "tb", "tbpieces", "tbadjudicate", "seeds", "rounds", "games", "concurrency", "seed",
		"report_every", "pgnout", "epdout", "json", "log", "maxmoves", "quiet", "verbose", "affinity", "slot_processes", "pgnfields", "match_line", "games_jsonl",
		"sample", "openings", "each", "engines", "adjudication", "sprt"}
	engineKeys = []string{"name", "cmd", "args", "dir", "proto", "options", "tc", "hourglass", "delay", "bronstein", "st", "nodes",
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
	fields int // mapping keys read so far, merged ones included
	// bomb is set once maxConfigFields was passed and reading stopped: its
	// problem is said alone, since what else was found is about keys never
	// read ("missing name") or drowns it.
	bomb *ConfigError
	// flags holds the nodes that stand for command-line flags (override),
	// with the flag as shown in messages.
	flags map[*yaml.Node]string
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
	if flag, ok := p.flags[n]; ok {
		e.Flag = flag
	} else if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	p.errs = append(p.errs, e)
}

// err joins the problems in file order, at most maxConfigErrors of them.
func (p *configParser) err() error {
	if len(p.errs) == 0 {
		return nil
	}
	if p.bomb != nil {
		return p.bomb
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
		return nil, p.syntaxError(data, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		p.errorf(&extra, "", "a second YAML document (after ---): a run file holds one")
	} else if err != io.EOF {
		return nil, p.syntaxError(data, err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &ConfigError{File: p.file, Line: 1, Column: 1, Err: errors.New("empty file: expected a mapping with at least an engines list")}
	}
	return doc.Content[0], nil
}

// syntaxError names the line and column of the fault yaml.v3 found, with the
// line quoted (findSyntaxFault); failing that, it moves yaml.v3's "yaml: line
// N: what" into our file:line form.
func (p *configParser) syntaxError(data []byte, err error) error {
	if f, ok := findSyntaxFault(data); ok {
		return &ConfigError{File: p.file, Line: f.line, Column: f.col, Err: fmt.Errorf("YAML syntax: %s", f.what), Quote: lineOf(data, f.line)}
	}
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
			if p.bomb == nil {
				p.errorf(n, m.path, "more than %d keys once aliases and merge keys (<<) are expanded: refusing to expand further", maxConfigFields)
				p.bomb = p.errs[len(p.errs)-1]
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
		// An engine mapping also takes option.NAME keys, as --engine does.
		if !slices.Contains(known, k.Value) && !(strings.HasPrefix(k.Value, "option.") && slices.Contains(known, "options")) {
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
