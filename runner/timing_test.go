package runner

import (
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// gapGame is a game whose plies took elapsed[i] by the runner's clock
// where the engine reported reported[i] (0: no info time).
func gapGame(whiteEngine int, elapsed, reported []time.Duration) *record.GameRecord {
	rec := &record.GameRecord{Place: record.Place{White: whiteEngine, Black: 1 - whiteEngine}}
	for i := range elapsed {
		p := record.Ply{Elapsed: elapsed[i]}
		if reported[i] > 0 {
			p.Info.Time, p.Info.Sent = reported[i], protocol.FieldTime
		}
		rec.Plies = append(rec.Plies, p)
	}
	return rec
}

// Each side's gaps go to its engine, moves without a reported time are
// not counted, a gap below 0 (more time reported than measured) is kept as
// it is; the quantiles and the extremes come back within the histogram's
// resolution.
func TestTimingGapsPerEngine(t *testing.T) {
	tm := newTiming([]string{"a", "b"})
	ms := time.Millisecond
	// a is White: its gaps 1, 2, 3 ms; b's 20 ms twice and one unreported.
	tm.add(gapGame(0, []time.Duration{101 * ms, 500 * ms, 102 * ms, 520 * ms, 103 * ms, 9 * ms},
		[]time.Duration{100 * ms, 480 * ms, 100 * ms, 500 * ms, 100 * ms, 0}))
	// b is White in the next: a negative gap for b.
	tm.add(gapGame(1, []time.Duration{50 * ms}, []time.Duration{60 * ms}))
	s := tm.summary()
	a, b := s[0], s[1]
	if a.Moves != 3 || a.Behind != 0 || a.Max != 3*ms || a.P50 < 2*ms*80/100 || a.P50 > 2*ms*120/100 {
		t.Errorf("a: %+v", a)
	}
	if b.Moves != 3 || b.Behind != 2 || b.Max != 20*ms || b.P99 < 16*ms || b.P99 > 20*ms || b.Min != -10*ms || b.Ahead != 1 {
		t.Errorf("b: %+v", b)
	}
	if !strings.Contains(b.Line(), "min -10.00 ms") || len(b.Warnings()) != 1 || !strings.Contains(b.Warnings()[0], "b reported more time than autoplay measured on 1 of 3 moves (by up to 10.00 ms)") {
		t.Errorf("b: %s; %q", b.Line(), b.Warnings())
	}
	if !strings.Contains(a.Line(), "Timing of a: measured minus its own time over 3 moves") {
		t.Errorf("line: %s", a.Line())
	}
}

// An engine behind on 5 % of its moves or more is warned about; a time
// forfeit keeps how far over it was.
func TestTimingWarnsAndKeepsOverruns(t *testing.T) {
	tm := newTiming([]string{"a", "b"})
	var el, rep []time.Duration
	for i := 0; i < 40; i++ {
		gap := time.Millisecond
		if i%2 == 0 && i < 8 { // a's plies: four of its 20 are 50 ms behind
			gap = 50 * time.Millisecond
		}
		el, rep = append(el, 100*time.Millisecond+gap), append(rep, 100*time.Millisecond)
	}
	rec := gapGame(0, el, rep)
	rec.Failure, rec.Culprit, rec.Overrun = record.FailTime, record.Black, 120*time.Millisecond
	tm.add(rec)
	s := tm.summary()
	if w := s[0].Warnings(); len(w) != 1 || !strings.Contains(w[0], "a took over 10.00 ms more than it reported on 4 of 20 moves (20%)") {
		t.Errorf("a's warning: %q", w)
	}
	if w := s[1].Warnings(); len(w) != 0 {
		t.Errorf("b is on time, warned: %q", w)
	}
	if len(s[1].Overruns) != 1 || s[1].Overruns[0] != 120*time.Millisecond || !strings.Contains(s[1].Line(), "time forfeits over by 120.00 ms") {
		t.Errorf("b's overruns: %v, %q", s[1].Overruns, s[1].Line())
	}
}

// A real late engine: its time forfeits are kept with their overrun (the
// runner waits the time and its margin, 50 ms here), and the report prints
// them.
func TestLateEngineOverrunsAreReported(t *testing.T) {
	run := misMatch(t, 2, "-mode=late -at=2 -delay=900ms", "tc=0.4+0.1 timemargin=50")
	if run.err != nil {
		t.Fatal(run.err)
	}
	var mis EngineTiming
	for _, e := range run.res.Timing {
		if e.Name == "mis" {
			mis = e
		}
	}
	if len(mis.Overruns) != 2 {
		t.Fatalf("mis timing %+v", mis)
	}
	for _, d := range mis.Overruns {
		if d < 50*time.Millisecond || d > 900*time.Millisecond {
			t.Errorf("overrun %v: want the 50 ms margin, at most the delay", d)
		}
	}
	if !strings.Contains(run.out, "Timing of mis:") || !strings.Contains(run.out, "time forfeits over by") {
		t.Errorf("the report lacks the timing:\n%s", run.out)
	}
}

// A slow move during which autoplay's own goroutines ran late as well is
// put down to the machine, not to the engine, by as much as autoplay ran
// late; the run says so once. An engine slow past that is still warned of.
func TestTimingTellsTheEnginesLatenessFromTheMachines(t *testing.T) {
	ms := time.Millisecond
	tm := newTiming([]string{"a", "b"})
	rec := &record.GameRecord{Place: record.Place{White: 0, Black: 1}}
	for i := 0; i < 40; i++ {
		// Every move 30 ms slower than reported; on a's, autoplay ran 25 ms
		// late, on b's not at all (b's delay is its own).
		p := record.Ply{Elapsed: 130 * ms}
		p.Info.Time, p.Info.Sent = 100*ms, protocol.FieldTime
		if i%2 == 0 {
			p.RunnerLateMicros = 25000
		}
		rec.Plies = append(rec.Plies, p)
	}
	// One more of a's: 50 ms slow with autoplay 25 ms late, 25 ms its own
	// (one in 21 is below the 5% warned of).
	p := record.Ply{Elapsed: 150 * ms, RunnerLateMicros: 25000}
	p.Info.Time, p.Info.Sent = 100*ms, protocol.FieldTime
	rec.Plies = append(rec.Plies, p)
	tm.add(rec)
	s := tm.summary()
	a, b := s[0], s[1]
	if a.Behind != 1 || a.Busy != 20 || a.BusyLate != 25*ms || len(a.Warnings()) != 0 {
		t.Errorf("a: behind %d, busy %d (by up to %v); warned %q", a.Behind, a.Busy, a.BusyLate, a.Warnings())
	}
	if w := b.Warnings(); b.Behind != 20 || b.Busy != 0 || len(w) != 1 || !strings.HasPrefix(w[0], "b took over 10.00 ms more than it reported on 20 of 20 moves") {
		t.Errorf("b: behind %d, busy %d; warned %q", b.Behind, b.Busy, w)
	}
	want := "the machine was busy: on 20 moves the engines took over 10.00 ms more than they reported while autoplay's own goroutines ran late as well (by up to 25.00 ms); those moves are not held against the engines"
	if note := MachineBusyNote(s); note != want {
		t.Errorf("note %q, want %q", note, want)
	}
	var out strings.Builder
	newReporter(&spec.Config{Reporting: spec.Reporting{Quiet: true}}, &Result{Timing: s}, &out, nil).final(&Result{Timing: s})
	if strings.Count(out.String(), "the machine was busy") != 1 {
		t.Errorf("the report says it %d times:\n%s", strings.Count(out.String(), "the machine was busy"), out.String())
	}
}

// A real engine that takes 100 ms more than it reports on every move is
// warned of, whatever autoplay's own delays on a busy machine: they are
// never as long as its lie.
func TestALyingEngineIsStillBlamed(t *testing.T) {
	run := misMatch(t, 2, "-mode=slow -delay=100ms", "tc=10+0.1")
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, e := range run.res.Timing {
		if e.Name == "mis" && (e.Moves < 10 || e.Behind < e.Moves/2) {
			t.Errorf("mis behind on %d of %d moves (%d put down to the machine)", e.Behind, e.Moves, e.Busy)
		}
	}
	if !strings.Contains(run.out, "Warning: mis took over 10.00 ms more than it reported") {
		t.Errorf("no warning about mis:\n%s", run.out)
	}
}

// Where autoplay's own heartbeat came 10 ms late on a share of its beats,
// an engine slow on about that share of its moves is not warned of (its
// process waited as autoplay's did), and the run says so once; an engine
// slow well beyond it still is.
func TestTimingWeighsSlowMovesAgainstTheMachinesShare(t *testing.T) {
	honest := EngineTiming{Name: "sf", Moves: 100, Behind: 15, MachineSlowShare: 0.10}
	liar := EngineTiming{Name: "mis", Moves: 100, Behind: 90, MachineSlowShare: 0.10}
	if w := honest.Warnings(); len(w) != 0 {
		t.Errorf("sf slow on 15%% of moves where the machine was on 10%% of beats: warned %q", w)
	}
	if w := liar.Warnings(); len(w) != 1 || !strings.HasPrefix(w[0], "mis took over 10.00 ms") {
		t.Errorf("mis slow on 90%%: warned %q", w)
	}
	note := MachineBusyNote([]EngineTiming{honest, liar})
	if !strings.Contains(note, "autoplay's own heartbeat came over 10.00 ms late on 10% of its beats") || !strings.Contains(note, "sf's 15 of 100") || strings.Contains(note, "mis") {
		t.Errorf("note %q", note)
	}
	honest.MachineSlowShare = 0 // a quiet machine: the same engine is warned of
	if w := honest.Warnings(); len(w) != 1 {
		t.Errorf("sf on a quiet machine: warned %q", w)
	}
}
