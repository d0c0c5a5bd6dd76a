package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// With time odds against an engine that has no clock (st=, nodes=), the
// engine on a clock is told its own time only: no "btime 0" for an
// opponent that has none (UCI), no "otim 0" (XBoard).
func TestTimeOddsSendOnlyTheClocksThatExist(t *testing.T) {
	needStockfish(t)
	needEngine(t, fairymaxPath)
	for _, tc := range []struct {
		name    string
		clocked string
		want    *regexp.Regexp // what the clocked engine's time commands must look like
		bad     *regexp.Regexp
	}{
		{"UCI", "cmd=" + stockfishPath + " name=clocked tc=30+0.2 nodes=300 option.Hash=4",
			regexp.MustCompile(`clocked\(\d+\) > go (wtime \d+ winc \d+|btime \d+ binc \d+) nodes 300`),
			regexp.MustCompile(`clocked\(\d+\) > go .*(wtime.*btime|btime.*wtime)`)},
		{"XBoard", "cmd=" + fairymaxPath + " proto=xboard name=clocked tc=3+0.05",
			regexp.MustCompile(`clocked\(\d+\) > time \d+`),
			regexp.MustCompile(`clocked\(\d+\) > otim`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logPath := filepath.Join(t.TempDir(), "io.log")
			run := runMatch(t, spec.Config{
				Engines: []spec.EngineConfig{
					engineSpec(t, tc.clocked),
					engineSpec(t, "cmd="+stockfishPath+" name=unclocked st=1 nodes=300 option.Hash=4"),
				},
				Schedule:     spec.Schedule{Games: 2},
				Adjudication: spec.Adjudication{MaxMoves: 8},
				Outputs:      spec.Outputs{LogFile: logPath},
			})
			if run.err != nil {
				t.Fatal(run.err)
			}
			b, _ := os.ReadFile(logPath)
			log := string(b)
			if len(tc.want.FindAllString(log, -1)) < 2 { // at least one move of each game (a time loss under load may end one early)
				t.Errorf("the clocked engine was not told its own time each move:\n%s", log)
			}
			if m := tc.bad.FindString(log); m != "" {
				t.Errorf("the clocked engine was told a clock its opponent does not have: %q", m)
			}
			for _, line := range strings.Split(log, "\n") {
				if strings.Contains(line, "unclocked(") && strings.Contains(line, "> go") && strings.Contains(line, "time ") && !strings.Contains(line, "movetime 1000") {
					t.Errorf("the engine without a clock was told one: %q", line)
				}
			}
		})
	}
}
