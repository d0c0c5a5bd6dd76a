package compat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// cutechess-cli's pyramid: each climber's encounters are one round, and the
// rounds go on counting when the pyramid starts again; fastchess has none.
func TestPyramidRoundsCountAsCutechess(t *testing.T) {
	four := " -engine cmd=/bin/c name=C -engine cmd=/bin/d name=D" + twoEngines
	c := parseLine(t, Cutechess, "-tournament pyramid -games 2 -rounds 2"+four).Config
	if c.Type != spec.TypePyramid {
		t.Fatalf("type %s", c.Type)
	}
	var got []int
	for n := 1; n <= 14; n++ {
		got = append(got, c.RoundTag(n))
	}
	if want := "[1 1 2 2 2 2 3 3 3 3 3 3 4 4]"; fmt.Sprint(got) != want {
		t.Errorf("rounds %v, want %s", got, want)
	}
	if _, err := Parse(Fastchess, strings.Fields("-tournament pyramid"+four)); err == nil || !strings.Contains(err.Error(), "fastchess has no pyramid") {
		t.Errorf("fastchess -tournament pyramid: %v", err)
	}
}
