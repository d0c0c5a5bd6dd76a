package compat

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// cutechess-cli's -variant takes its boards' names (crazyhouse, 3check);
// fastchess 1.8 has only standard and fischerandom and refuses the rest,
// naming what it has and where the variant plays.
func TestDropInVariantsFollowEachTool(t *testing.T) {
	for _, name := range []string{"crazyhouse", "3check", "kingofthehill", "crazyhouse960"} {
		if inv := parseLine(t, Cutechess, "-variant "+name+twoEngines); inv.Config.Variant != spec.Variant(name) {
			t.Errorf("cutechess -variant %s: variant %q", name, inv.Config.Variant)
		}
	}
	for _, tc := range []struct {
		d    Dialect
		name string
		want string
	}{
		{Fastchess, "crazyhouse", "fastchess plays only standard and fischerandom: crazyhouse is played by autoplay cutechess ... -variant crazyhouse"},
		{Fastchess, "nosuch", "fastchess plays only standard and fischerandom"},
		{Cutechess, "zh", "autoplay plays standard, fischerandom and crazyhouse, antichess,"},
	} {
		_, err := Parse(tc.d, strings.Fields("-variant "+tc.name+twoEngines))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s -variant %s: %v, want %q", tc.d, tc.name, err, tc.want)
		}
	}
}
