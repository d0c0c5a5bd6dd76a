package selfpause

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// stopSelf stops this test process with SIGSTOP and has a shell continue
// it after d: a real stop, seen from inside. resumed runs first thing on
// resuming, likely before the watcher's goroutine.
func stopSelf(t *testing.T, d time.Duration, resumed func()) {
	t.Helper()
	cont := exec.Command("sh", "-c", "sleep "+strconv.FormatFloat(d.Seconds(), 'f', 2, 64)+"; kill -CONT "+strconv.Itoa(os.Getpid()))
	if err := cont.Start(); err != nil {
		t.Fatal(err)
	}
	// The stop takes hold of this thread a moment after kill returns:
	// spin (so as to be running on resuming) until the clock has jumped.
	sent := time.Now()
	syscall.Kill(os.Getpid(), syscall.SIGSTOP)
	for time.Since(sent) < d/2 {
	}
	resumed()
	if err := cont.Wait(); err != nil {
		t.Fatal(err)
	}
}

// A stop longer than lateBy is seen at once on resuming, before the
// watcher's goroutine has run: the heartbeat is late right now. After the
// watcher's beats, it is known as a stop by a signal.
func TestALongStopIsSeenAtOnce(t *testing.T) {
	defer goleak.VerifyNone(t)
	m := Begin()
	defer m.End()
	var p Pause
	var paused bool
	stopSelf(t, lateBy+500*time.Millisecond, func() { p, paused = m.Paused() })
	if !paused || p.Length < lateBy {
		t.Fatalf("paused %v for %v just after a %v stop, want true and about that", paused, p.Length, lateBy+500*time.Millisecond)
	}
	Settle()
	if p, paused = m.Paused(); !paused || !p.Stopped {
		t.Errorf("after the watcher's beats: paused %v, by a signal %v; want both", paused, p.Stopped)
	}
	if after := Begin(); true {
		if _, paused := after.Paused(); paused {
			t.Errorf("a game begun after the stop was counted was void")
		}
		after.End()
	}
}

// A stop too short for the heartbeat to void every game (0.3 s) is seen
// by its SIGCONT once the watcher has beaten, and is later than a 0.1 s
// margin.
func TestAShortStopIsSeenBySIGCONT(t *testing.T) {
	defer goleak.VerifyNone(t)
	m := Begin()
	defer m.End()
	move := time.Now()
	stopSelf(t, 300*time.Millisecond, func() {})
	Settle()
	if p, paused := m.Paused(); !paused || !p.Stopped {
		t.Errorf("paused %v, by a signal %v after a 0.3 s stop; want both", paused, p.Stopped)
	}
	if _, late := m.LateBeyond(100*time.Millisecond, move); !late {
		t.Errorf("a 0.3 s stop is not later than a 0.1 s margin")
	}
	// A move begun after the stop was not delayed by it.
	if p, late := m.LateBeyond(100*time.Millisecond, time.Now()); late {
		t.Errorf("a move begun after a 0.3 s stop is said to be delayed by it: %v", p)
	}
}

// Without a pause nothing is void, and the watcher's goroutine is gone
// with the last game.
func TestNoPauseNoVoid(t *testing.T) {
	defer goleak.VerifyNone(t)
	a, b := Begin(), Begin()
	Settle()
	a.End()
	Settle()
	if p, paused := b.Paused(); paused {
		t.Errorf("void without a pause: %v", p)
	}
	if p, late := b.LateBeyond(time.Second, time.Time{}); late {
		t.Errorf("late beyond a second without a pause: %v", p)
	}
	b.End()
	Settle() // no watcher: returns at once
}
