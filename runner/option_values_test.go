package runner

import (
	"strings"
	"testing"
)

// A refused option value ends the run before any game, with neither the
// refused engine nor the one started beside it left running (runMatch
// checks for leaks).
func TestRefusedOptionValueLeavesNoEngineBehind(t *testing.T) {
	run := misMatch(t, 2, "", "nodes=1 option.Hash=5000")
	if run.err == nil || !strings.Contains(run.err.Error(), "engine mis: option Hash=5000 is refused: out of the declared range (spin 1..1024)") {
		t.Fatalf("error = %v", run.err)
	}
	if run.res != nil || strings.Contains(run.out, "Started game") || run.pgn != "" {
		t.Fatalf("games were started:\n%s", run.out)
	}
}
