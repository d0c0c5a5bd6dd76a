package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// The search's per-move and per-node calls stay inlined: pickNext (every
// move of every node), and the chess core's GenerateLegal and
// InsufficientMaterial (every node). Each lost its inlining once when the
// chess core grew variants (MoveList.Moves and both methods took a
// variant check), and the search bench was 5 % slower for it. A failure
// names the call the compiler no longer inlines.
func TestSearchHotCallsStayInlined(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to ask for the compiler's inlining decisions")
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	for _, want := range []string{
		"inlining call to pickNext",
		"inlining call to chess.(*Position).GenerateLegal",
		"inlining call to chess.(*Position).InsufficientMaterial",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the compiler no longer says %q", want)
		}
	}
}
