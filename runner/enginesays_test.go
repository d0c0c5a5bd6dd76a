package runner

import (
	"strings"
	"testing"
)

// A move that is not one, with a terminal's escape sequence in it, reaches
// the result lines, the PGN and the I/O log as a visible escape, never raw.
func TestEngineTextIsEscapedInResultLinesAndPGN(t *testing.T) {
	run := misMatch(t, 1, "-mode escapes -at 1", "tc=2+0.05")
	if run.err != nil {
		t.Fatal(run.err)
	}
	for what, text := range map[string]string{"output": run.out, "PGN": run.pgn} {
		if strings.Contains(text, "\x1b") || strings.Contains(text, "\xff") {
			t.Errorf("raw engine text in the %s:\n%q", what, text)
		}
		if !strings.Contains(text, `makes an illegal move: e2\x1b[2Je4`) {
			t.Errorf("the %s lacks the escaped move:\n%s", what, text)
		}
	}
	log := string(logOfOneGame(t, "arg=-mode arg=escapes arg=-at arg=1 tc=2+0.05", "", 30))
	if (strings.Contains(log, "\x1b") || strings.Contains(log, "\xff")) || !strings.Contains(log, `< bestmove e2\x1b[2Je4`) || !strings.Contains(log, `< id name misengine \x1b[31mescapes\x1b[0m \xff`) {
		t.Errorf("the I/O log does not show the engine's escapes escaped:\n%q", log)
	}
}

// timingOf is the named engine's timing in a run's result.
func timingOf(run matchRun, name string) EngineTiming {
	for _, e := range run.res.Timing {
		if e.Name == name {
			return e
		}
	}
	return EngineTiming{}
}

// An engine that reports more time than its moves took shows a gap below
// 0 and is warned about, where the gap used to read 0; one that reports a
// time below 0 is counted and warned about, where its info lines were
// dropped.
func TestTimingShowsTimesThatCannotBeSo(t *testing.T) {
	run := misMatch(t, 1, "-mode overclaim", "tc=2+0.05")
	if run.err != nil {
		t.Fatal(run.err)
	}
	mis := timingOf(run, "mis")
	if mis.Moves == 0 || mis.Min >= 0 || mis.Ahead != mis.Moves || mis.P50 >= 0 {
		t.Errorf("an engine saying time 5000 on fast moves: %+v", mis)
	}
	if !strings.Contains(run.out, "Warning: mis reported more time than autoplay measured on") || !strings.Contains(mis.Line(), ", min -4") {
		t.Errorf("the report does not say so:\n%s", run.out)
	}

	run = misMatch(t, 1, "-mode negtime", "tc=2+0.05")
	if run.err != nil {
		t.Fatal(run.err)
	}
	mis = timingOf(run, "mis")
	if mis.NegativeTimes == 0 || mis.LeastTime != -5000*1e6 || mis.Moves != 0 {
		t.Errorf("an engine saying time -5000: %+v", mis)
	}
	if !strings.Contains(run.out, "Warning: mis reported a time below 0 on") || !strings.Contains(run.out, "below 0 (not counted; lowest -5000.00 ms)") {
		t.Errorf("the report does not say so:\n%s", run.out)
	}
}
