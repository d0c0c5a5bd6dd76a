package engine

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var updateWeights = flag.Bool("update-weights", false, "rewrite evalweights.go in WeightsSource's form")

// evalweights.go is what WeightsSource writes for its own weights, so the
// tuner can regenerate it and start from it.
func TestWeightsSourceReproducesEvalWeights(t *testing.T) {
	want, err := os.ReadFile("evalweights.go")
	if err != nil {
		t.Fatal(err)
	}
	got := WeightsSource(weightsComment(want))
	if string(got) != string(want) {
		if *updateWeights {
			if err := os.WriteFile("evalweights.go", got, 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("WeightsSource differs from evalweights.go (go test -run WeightsSource -update-weights rewrites it):\n%s", got)
	}
}

// weightsComment is the comment WeightsSource wrote on top of src.
func weightsComment(src []byte) string {
	var lines []string
	for i, line := range strings.Split(string(src), "\n") {
		if i < 2 {
			continue // the generated-code line and the blank one after it
		}
		if !strings.HasPrefix(line, "// ") {
			break
		}
		lines = append(lines, strings.TrimPrefix(line, "// "))
	}
	return strings.Join(lines, "\n")
}
