package selfpause

import (
	"testing"
	"time"
)

// injectBeats stands in for the heartbeat: its last beat at lastBeat and
// late beats (when each came, how late), oldest first. It undoes itself.
func injectBeats(t *testing.T, lastBeat time.Time, late ...[2]time.Duration) {
	t.Helper()
	watch.mu.Lock()
	defer watch.mu.Unlock()
	saved := struct {
		n             uint64
		lastB, lastJ  int64
		jitter, jitAt [keptJitter]time.Duration
	}{watch.jitters, watch.lastBeatMono.Load(), watch.lastJitterMono.Load(), watch.jitter, watch.jitterAt}
	t.Cleanup(func() {
		watch.mu.Lock()
		defer watch.mu.Unlock()
		watch.jitters, watch.jitter, watch.jitterAt = saved.n, saved.jitter, saved.jitAt
		watch.lastBeatMono.Store(saved.lastB)
		watch.lastJitterMono.Store(saved.lastJ)
	})
	watch.jitters = 0
	watch.lastJitterMono.Store(0)
	watch.lastBeatMono.Store(int64(lastBeat.Sub(epoch)))
	for _, b := range late {
		watch.jitter[watch.jitters%keptJitter], watch.jitterAt[watch.jitters%keptJitter] = b[1], b[0]
		watch.jitters++
		watch.lastJitterMono.Store(int64(b[0]))
	}
}

// A move is charged only the part of autoplay's own delays that fell
// within it: a late beat's delay before the move began is not its, nor a
// beat late before it; a beat overdue right now counts up to now.
func TestLateDuringTakesTheDelaysWithinTheMove(t *testing.T) {
	ms := time.Millisecond
	base := time.Now()
	at := func(d time.Duration) time.Duration { return base.Add(d).Sub(epoch) }
	from, to := base, base.Add(50*ms)
	for _, c := range []struct {
		name     string
		lastBeat time.Duration
		late     [][2]time.Duration
		want     time.Duration
	}{
		{"quiet", 40 * ms, nil, 0},
		{"a beat late before the move", 40 * ms, [][2]time.Duration{{at(-5 * ms), 30 * ms}}, 0},
		{"a beat late within the move", 40 * ms, [][2]time.Duration{{at(-5 * ms), 30 * ms}, {at(30 * ms), 20 * ms}}, 20 * ms},
		{"a delay begun before the move", 40 * ms, [][2]time.Duration{{at(10 * ms), 25 * ms}}, 10 * ms},
		{"the largest of several", 45 * ms, [][2]time.Duration{{at(10 * ms), 5 * ms}, {at(20 * ms), 3 * ms}, {at(45 * ms), 12 * ms}}, 12 * ms},
		{"a beat overdue now", -80 * ms, nil, 30 * ms},
		{"overdue from before the move", -200 * ms, nil, 50 * ms},
	} {
		t.Run(c.name, func(t *testing.T) {
			injectBeats(t, base.Add(c.lastBeat), c.late...)
			if got := LateDuring(from, to); got != c.want {
				t.Errorf("%v, want %v", got, c.want)
			}
		})
	}
	injectBeats(t, base, [2]time.Duration{at(30 * ms), 20 * ms})
	watch.lastBeatMono.Store(0) // as End leaves it
	if got := LateDuring(from, to); got != 0 {
		t.Errorf("no game played: %v", got)
	}
}

// On the move path: nothing allocated, whether a late beat is weighed or not.
func TestLateDuringAllocatesNothing(t *testing.T) {
	base := time.Now()
	injectBeats(t, base, [2]time.Duration{base.Add(time.Millisecond).Sub(epoch), 5 * time.Millisecond})
	if a := testing.AllocsPerRun(100, func() { LateDuring(base, base.Add(10*time.Millisecond)) }); a != 0 {
		t.Errorf("%v allocations", a)
	}
}

// Beats counts every beat and those SlowBeat late: the machine's share of
// slow waits, which timing weighs an engine's slow moves against.
func TestBeatsCountsTheSlowOnes(t *testing.T) {
	injectBeats(t, time.Now())
	watch.mu.Lock()
	saved := watch.lastBeat
	watch.mu.Unlock()
	defer func() {
		watch.mu.Lock()
		watch.lastBeat = saved
		watch.mu.Unlock()
	}()
	all, slow := Beats()
	for _, late := range []time.Duration{0, 2 * time.Millisecond, 30 * time.Millisecond} {
		watch.mu.Lock()
		watch.lastBeat = time.Now().Add(-beatEvery - late)
		watch.mu.Unlock()
		beat()
	}
	if a, s := Beats(); a-all != 3 || s-slow != 1 {
		t.Errorf("%d beats, %d slow; want 3 and 1", a-all, s-slow)
	}
}
