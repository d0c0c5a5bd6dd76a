package compat

import (
	"strings"
	"testing"
	"time"
)

// Neither tool has periods: each reads a colon as M:SS, so a run written
// for it keeps its meaning; cutechess-cli's hourglass is "hg" before the
// time, which fastchess refuses.
func TestDropInClocksReadAsEachTool(t *testing.T) {
	line := func(tc string) string {
		return "-engine cmd=/bin/a name=A -engine cmd=/bin/b name=B -each tc=" + tc
	}
	for _, d := range []Dialect{Cutechess, Fastchess} {
		c := parseLine(t, d, line("40/90:30")).Config
		if tc := c.Engines[0].TC; tc.Periods() != 1 || tc.Moves != 40 || tc.Base != 90*time.Minute+30*time.Second {
			t.Errorf("%s tc=40/90:30: %+v, want 40 moves in 90 min 30 s", d, tc)
		}
		if _, err := Parse(d, strings.Fields(line("40/5400+30:1800+30"))); err == nil {
			t.Errorf("%s read autoplay's periods, which it has no syntax for", d)
		}
	}
	c := parseLine(t, Cutechess, line("hg1:30")).Config
	if tc := c.Engines[1].TC; !tc.Hourglass || tc.Base != 90*time.Second || tc.String() != "*90" {
		t.Errorf("cutechess tc=hg1:30: %+v (%s), want an hourglass of 90 s", tc, tc)
	}
	for _, bad := range []string{"40/hg60", "hg60+1", "60hg"} {
		if _, err := Parse(Cutechess, strings.Fields(line(bad))); err == nil || !strings.Contains(err.Error(), "hourglass") {
			t.Errorf("cutechess tc=%s: %v, want a refusal about the hourglass", bad, err)
		}
	}
	if _, err := Parse(Fastchess, strings.Fields(line("hg60"))); err == nil || !strings.Contains(err.Error(), "no hourglass") {
		t.Errorf("fastchess tc=hg60: %v, want a refusal", err)
	}
}
