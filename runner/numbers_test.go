package runner

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// The summary printed at the end and --json carry the same figures, each
// labelled with its model (single games or pairs).
func TestPrintedSummaryAndJSONAgree(t *testing.T) {
	needStockfish(t)
	jsonPath := filepath.Join(t.TempDir(), "run.json")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=2000 option.Hash=4"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=200 option.Hash=4"),
		},
		Schedule:     spec.Schedule{Games: 6},
		Adjudication: spec.Adjudication{MaxMoves: 40},
		Outputs:      spec.Outputs{JSONOut: jsonPath},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	var rep struct {
		Encounters []struct {
			G map[string]any `json:"games"`
			P map[string]any `json:"pairs"`
		} `json:"encounters"`
	}
	b, _ := os.ReadFile(jsonPath)
	if err := json.Unmarshal(b, &rep); err != nil || len(rep.Encounters) != 1 || rep.Encounters[0].P == nil {
		t.Fatalf("json %v:\n%s", err, b)
	}
	figure := func(m map[string]any, key string) string {
		switch v := m[key].(type) {
		case float64:
			return stats.Figure{Value: v}.String()
		case string:
			return v
		case nil:
			return "n/a"
		}
		return "?"
	}
	g, p := rep.Encounters[0].G, rep.Encounters[0].P
	for _, c := range []struct {
		re   string
		json []string
	}{
		{`Elo difference: (\S+) \+/- (\S+), LOS: (\S+) %, DrawRatio: (\S+) %`, []string{figure(g, "elo"), figure(g, "elo95"), figure(g, "los"), figure(g, "draw_ratio")}},
		{`nElo \(games\): (\S+) \+/- (\S+)`, []string{figure(g, "nelo"), figure(g, "nelo95")}},
		{`Elo \(pairs\): (\S+) \+/- (\S+), nElo \(pairs\): (\S+) \+/- (\S+), LOS \(pairs\): (\S+) %, DrawRatio \(pairs\): (\S+) %`,
			[]string{figure(p, "elo"), figure(p, "elo95"), figure(p, "nelo"), figure(p, "nelo95"), figure(p, "los"), figure(p, "draw_ratio")}},
	} {
		all := regexp.MustCompile(c.re).FindAllStringSubmatch(run.out, -1)
		if len(all) == 0 {
			t.Errorf("no line %q in:\n%s", c.re, run.out)
			continue
		}
		m := all[len(all)-1]
		for i, want := range c.json {
			if m[i+1] != want {
				t.Errorf("%q: printed %s, JSON %s", c.re, m[i+1], want)
			}
		}
	}
}
