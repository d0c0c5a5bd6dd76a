package runfile

import (
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// A YAML engine takes option.NAME keys as --engine does, spaces and all.
func TestYAMLEngineTakesOptionKeys(t *testing.T) {
	cfg, err := ParseConfig("o.yaml", []byte(`
engines:
  - {name: a, cmd: /bin/true, nodes: 10, option.Skill Level: 3, option.Hash: 16}
  - {name: b, cmd: /bin/true, nodes: 10}
`))
	if err != nil {
		t.Fatal(err)
	}
	got := cfg.Engines[0].Options
	if len(got) != 2 || got[0] != (spec.EngineOption{Name: "Skill Level", Value: "3"}) || got[1] != (spec.EngineOption{Name: "Hash", Value: "16"}) {
		t.Errorf("options %+v", got)
	}
}
