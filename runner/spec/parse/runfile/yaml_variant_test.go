package runfile

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// variant: takes every variant's name, and a name it does not know is
// refused at its place in the file, naming what it takes.
func TestYAMLVariantTakesTheVariants(t *testing.T) {
	const engines = "\nengines:\n  - {name: a, cmd: builtin, nodes: 10}\n  - {name: b, cmd: builtin, nodes: 10}\n"
	cfg, err := ParseConfig("zh.yaml", []byte("variant: threecheck"+engines))
	if err != nil || cfg.Variant != "3check" {
		t.Fatalf("variant: threecheck read as %q, %v", cfg.Variant, err)
	}
	if cfg.Variant.Rules().String() != "3check" || cfg.Variant != spec.Variant("3check") {
		t.Errorf("3check plays by %s", cfg.Variant.Rules())
	}
	_, err = ParseConfig("bad.yaml", []byte("variant: xiangqi"+engines))
	if want := `bad.yaml:1:10: variant: variant "xiangqi": want standard, fischerandom or one of crazyhouse,`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("variant: xiangqi: %v, want %q", err, want)
	}
}
