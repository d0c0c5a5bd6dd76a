package chess

import (
	"os/exec"
	"strings"
	"testing"
)

// compilerDecisions is what the compiler says of this package's inlining
// (go build -gcflags=-m), to check that the per-node code keeps the
// inlining it had before variants.
func compilerDecisions(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to ask for the compiler's inlining decisions")
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	return string(out)
}

// Chess's generator is what perft and the search spend their time in:
// GenerateLegal must stay a call the caller inlines, a move's add a store
// (the variants' spill past 256 moves is push's, not add's), and the pawn
// moves' helper inlined into genPawns. Variants' checks grew each of them
// past the inliner's budget once, and perft from the start position lost
// 13 %. A failure here names the function that is no longer inlined: keep
// variant work out of it (behind one call, as generate's first lines do).
func TestChessHotPathStaysInlined(t *testing.T) {
	out := compilerDecisions(t)
	for _, want := range []string{
		"can inline (*Position).GenerateLegal",
		"can inline (*Position).InsufficientMaterial",
		"can inline (*MoveList).add",
		"can inline (*MoveList).Moves",
		"inlining call to (*Position).genPawns.func2", // addTargets, 4 calls a node
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the compiler no longer says %q", want)
		}
	}
}
