package check

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// misCheck runs the battery (no games) on the misbehaving engine with args.
func misCheck(t *testing.T, args string) *Report {
	t.Helper()
	_, mis := binaries(t)
	text := "cmd=" + mis
	for _, a := range strings.Fields(args) {
		if strings.Contains(a, "=") {
			text += " " + a // a key of the spec
		} else {
			text += " arg=" + a
		}
	}
	return runCheck(t, text, Options{NoGames: true, Timeout: 2 * time.Second})
}

func resultOf(r *Report, name string) Result {
	for _, res := range r.Results {
		if res.Name == name {
			return res
		}
	}
	return Result{}
}

// An engine's terminal escapes and invalid bytes (in its id name, in a
// move that is not one) reach the report as visible escapes, never raw.
func TestEngineTextIsEscapedInTheReport(t *testing.T) {
	r := misCheck(t, "-mode escapes -at 1")
	for _, res := range r.Results {
		for _, s := range append([]string{res.Detail}, res.Evidence...) {
			if strings.Contains(s, "\x1b") || strings.Contains(s, "\xff") {
				t.Errorf("%s: raw engine text %q", res.Name, s)
			}
		}
	}
	if id := resultOf(r, "id name"); id.Status != Warn || !strings.Contains(id.Detail, `misengine \x1b[31mescapes\x1b[0m \xff`) {
		t.Errorf("id name: %s %q", id.Status, id.Detail)
	}
	if mv := resultOf(r, "position startpos (go depth 1)"); mv.Status != Fail || !strings.Contains(strings.Join(mv.Evidence, "\n"), `< bestmove e2\x1b[2Je4`) {
		t.Errorf("the move with an escape: %s %q\n%s", mv.Status, mv.Detail, strings.Join(mv.Evidence, "\n"))
	}
}

// A second id name or id author is a fault, naming both values; an id line
// too long to read is one too, with its size.
func TestRepeatedAndOverlongIDLinesFail(t *testing.T) {
	r := misCheck(t, "-mode idtwice")
	expect(t, r, map[string]Status{"id name": Fail, "id author": Fail})
	if d := resultOf(r, "id name").Detail; !strings.Contains(d, `"misengine idtwice", then "another name"`) {
		t.Errorf("id name: %s", d)
	}
	r = misCheck(t, "-xboard -mode idtwice proto=xboard")
	if res := resultOf(r, "myname"); res.Status != Fail || !strings.Contains(res.Detail, `2 "myname" features after protover 2: "another name", then "misengine idtwice"`) {
		t.Errorf("myname twice: %s %s", res.Status, res.Detail)
	}
	r = misCheck(t, "-mode longid")
	expect(t, r, map[string]Status{"id name": Pass, "id author": Fail})
	m := regexp.MustCompile(`line of (\d+) bytes`).FindStringSubmatch(resultOf(r, "id author").Detail)
	if n, _ := strconv.Atoi(strings.Join(m[min(len(m), 1):], "")); n < 100<<10 {
		t.Errorf("id author: %q, want the line's size", resultOf(r, "id author").Detail)
	}
}

// Two bestmoves for one go fail the check where they came, as answered
// twice; the second is not taken for the next check's answer, so nothing
// else fails.
func TestAnsweringTwiceFailsWhereItHappened(t *testing.T) {
	r := misCheck(t, "-mode twice -at 2")
	expect(t, r, map[string]Status{"position fen, white to move (go depth 1)": Fail, "position fen, black to move (go depth 1)": Pass})
	if d := resultOf(r, "position fen, white to move (go depth 1)").Detail; !strings.Contains(d, "answered twice") {
		t.Errorf("detail %q, want answered twice", d)
	}
}

// An engine that floods a search with 50 MB of faulty info lines (each
// different: malformed, illegal PVs, 100 KB lines) is checked with
// bounded memory: counts and a few lines are kept, not every line. The
// battery runs as autoplay check does, in a process of its own, whose
// peak memory is read from the kernel.
func TestAFloodOfFaultyInfoLinesKeepsMemoryBounded(t *testing.T) {
	autoplay, mis := binaries(t)
	const flood = 50000 // lines of about 1 KB
	cmd := exec.Command(autoplay, "check", "--no-games", "--timeout", "10s",
		"cmd="+mis+" arg=-mode arg=junkflood arg=-at arg=1 arg=-flood arg="+strconv.Itoa(flood))
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil {
		t.Fatalf("autoplay check: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "FAIL  info lines: well formed, PVs legal: 25000 of ") {
		t.Errorf("the flood's malformed lines are not counted:\n%s", out)
	}
	peakMB := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10
	t.Logf("peak RSS of autoplay check and its engine: %d MB", peakMB)
	if peakMB > 64 {
		t.Errorf("peak RSS %d MB for a %d MB flood: the battery keeps what it reads", peakMB, flood>>10)
	}
}

// An engine that floods its handshake with faulty option declarations is
// told how many, with the first few: the battery keeps no list of them all.
func TestAFloodOfFaultyOptionsIsCounted(t *testing.T) {
	script := `read cmd; echo id name flood; seq 20000 | sed 's/.*/option name O& type spin default x min 0 max 1/'; echo uciok`
	// 30 s for the flood's uciok: seq and sed write 20000 lines in a blink
	// idle, and in over a second under load 32 (the handshake timed out).
	r := runCheck(t, "cmd=/bin/sh arg=-c arg="+strconv.Quote(script), Options{NoGames: true, Timeout: 30 * time.Second})
	res := resultOf(r, "option declarations")
	if res.Status != Fail || !strings.HasPrefix(res.Detail, "1000 declarations at fault, the first 3: O1: spin default \"x\"") ||
		!strings.HasSuffix(res.Detail, "; 19000 more declarations past the first 1000 not checked") {
		t.Errorf("option declarations: %s %.300s", res.Status, res.Detail)
	}
}
