package runner

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/spec"
)

// With affinity, every engine process may run only on its game slot's
// CPUs: each engine says where it may run, and every engine of the run
// names one slot's set, both slots in use.
func TestAffinityPinsEachGameSlotsEngines(t *testing.T) {
	allowed, err := proc.AllowedCPUs()
	if err != nil || allowed.Count() < 2 {
		t.Skipf("affinity: %v, %d CPUs", err, allowed.Count())
	}
	want := map[string]bool{}
	for _, s := range proc.ShareCPUs(allowed, 2) {
		want[listOf(s)] = true
	}
	logPath := t.TempDir() + "/io.log"
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=a arg=-cpus tc=10+0.1"),
			engineSpec(t, "cmd="+misengine(t)+" name=b arg=-cpus tc=10+0.1"),
		},
		Schedule:     spec.Schedule{Games: 4},
		RunLayout:    spec.RunLayout{Concurrency: 2, Affinity: true},
		Adjudication: spec.Adjudication{MaxMoves: 3},
		Outputs:      spec.Outputs{LogFile: logPath},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	log, _ := os.ReadFile(logPath)
	seen := map[string]int{}
	for _, m := range regexp.MustCompile(`< info string cpus (\S+)`).FindAllStringSubmatch(string(log), -1) {
		if !want[m[1]] {
			t.Errorf("an engine may run on CPUs %s; the slots are %v", m[1], want)
		}
		seen[m[1]]++
	}
	if len(seen) != 2 {
		t.Errorf("engines pinned to %v, want both slots used", seen)
	}
	// Without affinity an engine may run anywhere autoplay may.
	run = runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=a arg=-cpus tc=10+0.1"),
			engineSpec(t, "cmd="+misengine(t)+" name=b arg=-cpus tc=10+0.1"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 2},
		Outputs:      spec.Outputs{LogFile: logPath},
	})
	log, _ = os.ReadFile(logPath)
	for _, m := range regexp.MustCompile(`< info string cpus (\S+)`).FindAllStringSubmatch(string(log), -1) {
		if m[1] != listOf(allowed) {
			t.Errorf("unpinned engine on %s, want %s", m[1], listOf(allowed))
		}
	}
}

// listOf writes a set as /proc does: "0-3,6".
func listOf(s proc.CPUSet) string {
	cpus := s.CPUs()
	var parts []string
	for i := 0; i < len(cpus); {
		j := i
		for j+1 < len(cpus) && cpus[j+1] == cpus[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", cpus[i], cpus[j]))
		} else {
			parts = append(parts, fmt.Sprint(cpus[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}
