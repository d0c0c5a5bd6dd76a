package runner

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/internal/selfpause"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Timing honesty: per engine, how much longer each move took by the
// runner's clock (its go written → its bestmove read) than the search time
// the engine itself reported in its last info line. The gap is pipe,
// scheduler and output buffering: time the engine does not see on its own
// clock, and so does not budget for. Part of it can be the runner's or the
// machine's: a move during which autoplay's own goroutines ran late (its
// heartbeat's lateness, Ply.RunnerLateMicros) is held against the engine
// only by what is left of its gap past that. Time forfeits are kept with
// how far over they were, so that timemargin can be chosen from data.

// EngineTiming sums up one engine's gaps; durations are in the JSON as
// nanoseconds.
type EngineTiming struct {
	Name string `json:"name"`
	// Moves counts the moves whose last info line gave a time of 0 or more.
	Moves int           `json:"moves"`
	P50   time.Duration `json:"gap_p50_ns"`
	P99   time.Duration `json:"gap_p99_ns"`
	Max   time.Duration `json:"gap_max_ns"`
	// Min is the smallest gap: below 0 when the engine reported more time
	// than the runner measured, which no pipe explains.
	Min time.Duration `json:"gap_min_ns"`
	// Behind counts the moves whose gap was over TimingWarnGap by the
	// engine's own doing: past the time autoplay itself ran late then.
	Behind int `json:"behind"`
	// Busy counts the moves whose gap was over TimingWarnGap but not past
	// the time autoplay itself ran late then: the machine's or the
	// runner's delay, not held against the engine; BusyLate is the most
	// autoplay ran late on one of them.
	Busy     int           `json:"busy,omitempty"`
	BusyLate time.Duration `json:"busy_late_ns,omitempty"`
	// MachineSlowShare is the share of autoplay's heartbeats over the run
	// that came TimingWarnGap late or more: how often a process ready to
	// run waited that long on this machine. An engine slow on a share of
	// its moves not well above it (twice it, and 5 points) is not warned
	// of: its processes waited as autoplay's did.
	MachineSlowShare float64 `json:"machine_slow_share,omitempty"`
	// Ahead counts the moves the engine reported more time than was
	// measured, by more than two of its protocol's units (milliseconds in
	// UCI, centiseconds in XBoard): an engine reading a clock of whole
	// units, and adding one so as never to say 0 (stockfish does), is
	// honestly ahead by up to two.
	Ahead int `json:"ahead"`
	// NegativeTimes counts the moves whose last info line gave a time
	// below 0 (kept apart: no gap can be taken from it); LeastTime is the
	// lowest of them.
	NegativeTimes int           `json:"negative_times,omitempty"`
	LeastTime     time.Duration `json:"least_time_ns,omitempty"`
	// Overruns are how far past its time each time forfeit came (the
	// first maxOverruns).
	Overruns []time.Duration `json:"overruns_ns,omitempty"`
}

// TimingWarnGap is the gap past which a move counts as behind; an engine
// behind on more than timingWarnShare of its moves is warned about.
const (
	TimingWarnGap   = selfpause.SlowBeat // 10 ms: the lateness of a beat counted as slow, too
	timingWarnShare = 0.05
	maxOverruns     = 32
)

// gapHistogram counts gaps in buckets four to an octave from 1 µs (to
// 2^26 µs, a minute): a quantile is read to within 19 %, in 420 bytes.
type gapHistogram struct {
	counts [gapBuckets]uint32
}

const gapBuckets = 4*26 + 1

func gapBucket(d time.Duration) int {
	us := float64(d) / float64(time.Microsecond)
	if us < 1 {
		return 0
	}
	return min(int(4*math.Log2(us))+1, gapBuckets-1)
}

// gapOf is a bucket's upper bound.
func gapOf(i int) time.Duration {
	if i == 0 {
		return time.Microsecond
	}
	return time.Duration(math.Exp2(float64(i)/4) * float64(time.Microsecond))
}

// timing gathers every engine's gaps over a run.
type timing struct {
	engines []engineGaps
	// The heartbeat's beats, all and slow, when the run began.
	beats, slowBeats uint64
}

// minBeatsForShare: a share of slow beats is taken from 10 s of beats.
const minBeatsForShare = 100

// engineGaps are one engine's gaps: those of 0 and more in hist, those
// below 0 (the engine reported more than measured) by their size in ahead.
type engineGaps struct {
	hist, ahead gapHistogram
	unit        time.Duration // what the engine's protocol reports time in
	t           EngineTiming
}

func newTiming(names []string) *timing {
	t := &timing{engines: make([]engineGaps, len(names))}
	t.beats, t.slowBeats = selfpause.Beats()
	for i, n := range names {
		t.engines[i].t.Name, t.engines[i].unit = n, time.Millisecond
	}
	return t
}

// newTimingOf is the timing of a run's engines, each with the unit its
// protocol reports time in.
func newTimingOf(engines []spec.EngineConfig) *timing {
	names := make([]string, len(engines))
	for i, e := range engines {
		names[i] = e.Name
	}
	t := newTiming(names)
	for i, e := range engines {
		if e.Proto == spec.XBoard {
			t.engines[i].unit = 10 * time.Millisecond // thinking lines give centiseconds
		}
	}
	return t
}

// add takes a finished game's moves: each side's gaps, and the overrun
// of a time forfeit.
func (t *timing) add(rec *record.GameRecord) {
	players := [2]int{rec.Place.White, rec.Place.Black}
	side := record.White
	if f := strings.Fields(rec.StartFEN); len(f) > 1 && f[1] == "b" {
		side = record.Black
	}
	for i := range rec.Plies {
		p := &rec.Plies[i]
		if e := players[side]; !p.Book && p.Info.Sent.Has(protocol.FieldTime) && e < len(t.engines) {
			t.engines[e].add(p.Elapsed, p.Info.Time, time.Duration(p.RunnerLateMicros)*time.Microsecond)
		}
		side = side.Other()
	}
	if rec.Failure == record.FailTime {
		if e := players[rec.Culprit]; e < len(t.engines) && len(t.engines[e].t.Overruns) < maxOverruns {
			t.engines[e].t.Overruns = append(t.engines[e].t.Overruns, rec.Overrun)
		}
	}
}

// add takes one move: elapsed by the runner's clock, reported by the
// engine's last info line, and how late autoplay's own goroutines ran
// meanwhile (runnerLate).
func (g *engineGaps) add(elapsed, reported, runnerLate time.Duration) {
	if reported < 0 {
		if g.t.NegativeTimes == 0 || reported < g.t.LeastTime {
			g.t.LeastTime = reported
		}
		g.t.NegativeTimes++
		return
	}
	gap := elapsed - reported
	if g.t.Moves == 0 {
		g.t.Min, g.t.Max = gap, gap
	}
	g.t.Moves++
	g.t.Min, g.t.Max = min(g.t.Min, gap), max(g.t.Max, gap)
	if gap < 0 {
		g.ahead.counts[gapBucket(-gap)]++
	} else {
		g.hist.counts[gapBucket(gap)]++
	}
	switch {
	case gap-runnerLate > TimingWarnGap:
		g.t.Behind++
	case gap > TimingWarnGap:
		g.t.Busy++
		g.t.BusyLate = max(g.t.BusyLate, runnerLate)
	}
	if gap < -2*g.unit {
		g.t.Ahead++
	}
}

// quantile is the gap at quantile q of n: the gaps below 0 come first,
// the largest of them first, each read as its bucket's bound nearer 0.
func (g *engineGaps) quantile(q float64, n int) time.Duration {
	target := max(uint32(q*float64(n)+0.5), 1)
	var seen uint32
	for i := gapBuckets - 1; i >= 0; i-- {
		if seen += g.ahead.counts[i]; seen >= target {
			if i == 0 {
				return 0
			}
			return -gapOf(i - 1)
		}
	}
	for i, c := range g.hist.counts {
		if seen += c; seen >= target {
			return gapOf(i)
		}
	}
	return 0
}

// summary is every engine's EngineTiming now.
func (t *timing) summary() []EngineTiming {
	out := make([]EngineTiming, len(t.engines))
	machineShare := 0.0
	if beats, slow := selfpause.Beats(); beats-t.beats >= minBeatsForShare {
		machineShare = float64(slow-t.slowBeats) / float64(beats-t.beats)
	}
	for i := range t.engines {
		g := &t.engines[i]
		out[i] = g.t
		out[i].MachineSlowShare = machineShare
		out[i].Overruns = append([]time.Duration(nil), g.t.Overruns...)
		if g.t.Moves > 0 {
			out[i].P50 = min(max(g.quantile(0.5, g.t.Moves), g.t.Min), g.t.Max)
			out[i].P99 = min(max(g.quantile(0.99, g.t.Moves), g.t.Min), g.t.Max)
		}
	}
	return out
}

// Line is the engine's timing as the final report prints it, "" when it
// reported no times and forfeited none.
func (e EngineTiming) Line() string {
	if e.Moves == 0 && e.NegativeTimes == 0 && len(e.Overruns) == 0 {
		return ""
	}
	s := fmt.Sprintf("Timing of %s: measured minus its own time over %d moves: p50 %s, p99 %s, max %s", e.Name, e.Moves, ms(e.P50), ms(e.P99), ms(e.Max))
	if e.Moves == 0 {
		s = fmt.Sprintf("Timing of %s: no move with a time to compare", e.Name)
	}
	if e.Min < 0 {
		s += ", min " + ms(e.Min)
	}
	if e.NegativeTimes > 0 {
		s += fmt.Sprintf("; %s below 0 (not counted; lowest %s)", plural(e.NegativeTimes, "time"), ms(e.LeastTime))
	}
	if len(e.Overruns) > 0 {
		var over []string
		for _, d := range e.Overruns {
			over = append(over, ms(d))
		}
		s += "; time forfeits over by " + strings.Join(over, ", ")
	}
	return s
}

// Warnings say what in the engine's times is amiss: often less time
// reported than it took, more time reported than it took, or a time
// below 0.
func (e EngineTiming) Warnings() []string {
	var w []string
	if e.Moves >= 20 && e.behindItself() {
		w = append(w, fmt.Sprintf("%s took over %s more than it reported on %d of %d moves (%.0f%%): time it does not budget for; under load it will lose on time (raise timemargin=, or look at its output buffering)",
			e.Name, ms(TimingWarnGap), e.Behind, e.Moves, 100*float64(e.Behind)/float64(e.Moves)))
	}
	if e.Ahead > 0 {
		w = append(w, fmt.Sprintf("%s reported more time than autoplay measured on %d of %d moves (by up to %s): its clock starts before the go reaches it, or its time is not the search's",
			e.Name, e.Ahead, e.Moves, ms(-e.Min)))
	}
	if e.NegativeTimes > 0 {
		w = append(w, fmt.Sprintf("%s reported a time below 0 on %s (lowest %s): its timing cannot be checked on those moves",
			e.Name, plural(e.NegativeTimes, "move"), ms(e.LeastTime)))
	}
	return w
}

// behindItself says whether the engine was slow on enough of its moves to
// be warned of: on timingWarnShare of them, and well above the share of
// the time the machine kept autoplay's own goroutines waiting as long.
func (e EngineTiming) behindItself() bool {
	share := float64(e.Behind) / float64(e.Moves)
	return share >= timingWarnShare && share > 2*e.MachineSlowShare+timingWarnShare
}

// MachineBusyNote says once for the run, "" when it need not, that slow
// moves were put down to the machine rather than to the engines: autoplay's
// own goroutines ran as late during them.
func MachineBusyNote(timings []EngineTiming) string {
	moves, late := 0, time.Duration(0)
	var excused []string
	for _, t := range timings {
		moves += t.Busy
		late = max(late, t.BusyLate)
		if t.Moves >= 20 && float64(t.Behind) >= timingWarnShare*float64(t.Moves) && !t.behindItself() {
			excused = append(excused, fmt.Sprintf("%s's %d of %d", t.Name, t.Behind, t.Moves))
		}
	}
	var parts []string
	if moves > 0 {
		parts = append(parts, fmt.Sprintf("on %s the engines took over %s more than they reported while autoplay's own goroutines ran late as well (by up to %s); those moves are not held against the engines",
			plural(moves, "move"), ms(TimingWarnGap), ms(late)))
	}
	if len(excused) > 0 {
		parts = append(parts, fmt.Sprintf("autoplay's own heartbeat came over %s late on %.0f%% of its beats, so slow moves at about that rate (%s) are not warned of",
			ms(TimingWarnGap), 100*timings[0].MachineSlowShare, strings.Join(excused, ", ")))
	}
	if len(parts) == 0 {
		return ""
	}
	return "the machine was busy: " + strings.Join(parts, "; ")
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}
