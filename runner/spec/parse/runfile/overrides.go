package runfile

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/autoplay/autoplay/runner/spec"
)

// Override is a command-line value given over a run file's top-level key
// (`autoplay run sprt.yaml --games 4`). It is read as if the file held it,
// so it gets the checks the file's own value would get.
type Override struct {
	Flag  string // as the user typed it: "--games"
	Key   string // the run file's key: "games"
	Value string // the flag's value as text: "4", "true"
}

// OverrideKeys are the run file's keys a flag of `autoplay run` may
// override: those that size and place a run, not those that decide its games.
var OverrideKeys = []string{"games", "rounds", "concurrency", "seed", "pgnout", "json", "quiet", "verbose"}

// oneOf: keys of which a flag turning one on turns the other off (quiet
// over a file's verbose: true is what the user asks for, not a conflict).
var oneOf = map[string]string{"quiet": "verbose", "verbose": "quiet"}

// LoadRun reads a run file with flags given over its keys; notes says, one
// line each, what each flag overrode, for the run to print before it starts.
func LoadRun(path string, overrides []Override) (*spec.Config, []string, error) {
	data, err := readConfigFile(path)
	if err != nil {
		return nil, nil, err
	}
	return parseRun(path, data, overrides)
}

// override puts the flags' values into the top-level mapping in place of
// the file's, remembering which nodes came from flags so that a problem with
// one names the flag, not a line of the file.
func (p *configParser) override(top yamlMap, overrides []Override) []string {
	var notes []string
	set := func(o Override, key, value string) {
		n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: value}
		shown := o.Flag + " " + o.Value
		switch {
		case o.Value == "true":
			shown = o.Flag
		case o.Value == "" || strings.ContainsAny(o.Value, " \t\n\r"):
			shown = o.Flag + " " + strconv.Quote(o.Value)
		}
		p.flags[n] = shown
		if old, ok := top.fields[key]; ok {
			notes = append(notes, fmt.Sprintf("%s overrides %s: %s from %s", shown, key, fileValue(old.value), p.file))
		} else if key == o.Key {
			notes = append(notes, fmt.Sprintf("%s sets %s (not in %s)", shown, key, p.file))
		}
		top.fields[key] = yamlField{key: n, value: n}
	}
	for _, o := range overrides {
		set(o, o.Key, o.Value)
	}
	for _, o := range overrides {
		other, ok := oneOf[o.Key]
		if !ok || o.Value != "true" {
			continue
		}
		if f, fileHas := top.fields[other]; fileHas {
			if _, fromFlag := p.flags[f.value]; !fromFlag {
				set(o, other, "false")
			}
		}
	}
	return notes
}

// fileValue is a key's value as the file wrote it, for the notes.
func fileValue(n *yaml.Node) string {
	n = resolveAlias(n)
	if n.Kind == yaml.ScalarNode {
		return n.Value
	}
	return describeNode(n)
}
