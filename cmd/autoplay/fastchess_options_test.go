package main

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

// `autoplay fastchess --compliance ENGINE ARGS` ends with fastchess's exit
// status and says nothing of its own after fastchess's Failed line; every
// spelling of -version prints the same parseable line.
func TestFastchessComplianceAndVersionExit(t *testing.T) {
	bin := buildAutoplay(t)
	dir := t.TempDir()
	mis := proctest.Build(t, "misengine", "../../runner/testdata/misengine")
	out, stderr, code := runTool(t, dir, bin, "fastchess", "--compliance", mis, "-mode malformed -at 1")
	if code != 1 || !strings.Contains(out, "Passed\x1b[0m Step 11: Read bestmove\n") || !strings.Contains(stderr, "Failed\x1b[0m Step 12: Check if engine prints an info line") || strings.Contains(stderr, "autoplay:") {
		t.Errorf("failing engine: exit %d\n%s\n%s", code, out, stderr)
	}
	out, stderr, code = runTool(t, dir, bin, "fastchess", "--compliance", mis)
	if code != 0 || !strings.HasSuffix(out, "Engine passed all compliance checks.\n") {
		t.Errorf("compliant engine: exit %d\n%s\n%s", code, out, stderr)
	}
	for _, v := range []string{"-version", "--version", "-v", "--v"} {
		out, _, code := runTool(t, dir, bin, "fastchess", v)
		if code != 0 || !strings.HasPrefix(out, "fastchess alpha 1.8.2 autoplay") || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: exit %d %q", v, code, out)
		}
	}
}
