package game

import (
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

func mustTC(t *testing.T, s string) spec.TimeControl {
	t.Helper()
	tc, err := spec.ParseTimeControl(s)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

// A period's last move gets that period's increment, then the next
// period's time; movestogo counts to the period's end, and the sudden
// death at the end has none.
func TestClockCrossesPeriodsAtTheirLastMove(t *testing.T) {
	c := NewClock(mustTC(t, "2/10+1:3/20+2:5+0.5"))
	sec := time.Second
	for i, want := range []struct {
		togo  int
		inc   time.Duration
		after time.Duration
	}{
		{2, sec, 10 * sec},                                    // 10 - 1 + 1
		{1, sec, 10*sec + 20*sec},                             // the 2nd move ends period 1: +20
		{3, 2 * sec, 31 * sec},                                // period 2's increment
		{2, 2 * sec, 32 * sec},                                //
		{1, 2 * sec, 33*sec + 5*sec},                          // the 5th move ends period 2: +5
		{0, 500 * time.Millisecond, 37500 * time.Millisecond}, // sudden death: no movestogo
		{0, 500 * time.Millisecond, 37 * sec},
	} {
		if got := c.MovesToGo(); got != want.togo {
			t.Errorf("move %d: movestogo = %d, want %d", i+1, got, want.togo)
		}
		if got := c.EngineInc(); got != want.inc {
			t.Errorf("move %d: increment told = %v, want %v", i+1, got, want.inc)
		}
		if !c.Punch(sec, 0) {
			t.Fatalf("move %d forfeited", i+1)
		}
		if got := c.Remaining(); got != want.after {
			t.Errorf("move %d: remaining = %v, want %v", i+1, got, want.after)
		}
	}
}

// A last period with moves repeats, as a single period with moves does.
func TestClockRepeatsALastPeriodWithMoves(t *testing.T) {
	c := NewClock(mustTC(t, "1/10:2/4"))
	for i, want := range []time.Duration{13, 12, 15, 14, 17} {
		c.Punch(time.Second, 0)
		if got := c.Remaining(); got != want*time.Second {
			t.Errorf("move %d: remaining = %v, want %v s", i+1, got, want)
		}
	}
}

func TestClockForfeitsOneMicrosecondLate(t *testing.T) {
	margin := 100 * time.Millisecond
	for _, tc := range []spec.TimeControl{
		{Base: time.Second},
		{Base: time.Second, Delay: 2 * time.Second},
		{Base: time.Second, Delay: 2 * time.Second, Bronstein: true},
		{MoveTime: time.Second},
	} {
		c := NewClock(tc)
		limit := c.Budget() + margin
		if !c.Punch(limit, margin) {
			t.Errorf("%+v: a move of exactly budget+margin (%v) forfeited", tc, limit)
		}
		c = NewClock(tc)
		if c.Punch(limit+time.Microsecond, margin) {
			t.Errorf("%+v: a move 1µs past budget+margin (%v) did not forfeit", tc, limit)
		}
	}
}

// A simple delay: the clock runs only after it. A move of exactly the
// delay costs nothing, one 1µs longer costs 1µs, and the engine may take
// its clock plus the delay.
func TestSimpleDelayAtItsBoundary(t *testing.T) {
	c := NewClock(spec.TimeControl{Base: 10 * time.Second, Delay: 2 * time.Second})
	if c.Budget() != 12*time.Second {
		t.Errorf("budget = %v, want the clock plus the delay, 12s", c.Budget())
	}
	if c.EngineInc() != 2*time.Second {
		t.Errorf("increment told = %v, want the delay, 2s", c.EngineInc())
	}
	c.Punch(2*time.Second, 0)
	if got := c.Remaining(); got != 10*time.Second {
		t.Errorf("after a move of exactly the delay: %v, want 10s", got)
	}
	c.Punch(2*time.Second+time.Microsecond, 0)
	if got := c.Remaining(); got != 10*time.Second-time.Microsecond {
		t.Errorf("after a move 1µs past the delay: %v", got)
	}
	c.Punch(500*time.Millisecond, 0)
	if got := c.Remaining(); got != 10*time.Second-time.Microsecond {
		t.Errorf("a move inside the delay cost time: %v", got)
	}
}

// Bronstein: the time used, up to the delay, comes back after the move;
// the move itself may not take more than the clock holds.
func TestBronsteinDelayAtItsBoundary(t *testing.T) {
	c := NewClock(spec.TimeControl{Base: 10 * time.Second, Inc: time.Second, Delay: 2 * time.Second, Bronstein: true})
	if c.Budget() != 10*time.Second {
		t.Errorf("budget = %v, want the clock alone, 10s", c.Budget())
	}
	if c.EngineInc() != 3*time.Second {
		t.Errorf("increment told = %v, want increment plus delay, 3s", c.EngineInc())
	}
	c.Punch(2*time.Second, 0)
	if got := c.Remaining(); got != 11*time.Second {
		t.Errorf("after a move of exactly the delay: %v, want 10s + 1s increment", got)
	}
	c.Punch(5*time.Second, 0)
	if got := c.Remaining(); got != 9*time.Second {
		t.Errorf("after a 5s move: %v, want 11 - 5 + 2 back + 1 = 9s", got)
	}
	if c.Punch(9*time.Second+time.Microsecond, 0) {
		t.Error("a move 1µs past the clock did not forfeit: Bronstein's delay comes back only after the move")
	}
}

func TestHourglassGivesTheMoversTimeToTheOpponent(t *testing.T) {
	hg := spec.TimeControl{Base: 10 * time.Second, Hourglass: true}
	clocks := [2]Clock{NewClock(hg), NewClock(hg)}
	if !PunchMove(&clocks, White, 3*time.Second, 0) {
		t.Fatal("forfeit")
	}
	if w, b := clocks[White].Remaining(), clocks[Black].Remaining(); w != 7*time.Second || b != 13*time.Second {
		t.Errorf("after White's 3s: %v / %v, want 7s / 13s", w, b)
	}
	PunchMove(&clocks, Black, 12*time.Second, 0)
	if w, b := clocks[White].Remaining(), clocks[Black].Remaining(); w != 19*time.Second || b != time.Second {
		t.Errorf("after Black's 12s: %v / %v, want 19s / 1s", w, b)
	}
	if PunchMove(&clocks, Black, 1500*time.Millisecond, 100*time.Millisecond) {
		t.Error("a move past the hourglass did not forfeit")
	}
	if w := clocks[White].Remaining(); w != 19*time.Second {
		t.Errorf("a forfeited move gave the opponent time: %v", w)
	}
	plain := [2]Clock{NewClock(spec.TimeControl{Base: 10 * time.Second}), NewClock(spec.TimeControl{Base: 10 * time.Second})}
	PunchMove(&plain, White, 3*time.Second, 0)
	if b := plain[Black].Remaining(); b != 10*time.Second {
		t.Errorf("a clock without hourglass gained the opponent's time: %v", b)
	}
}

func TestEngineClocksTellThePeriodAndTheDelay(t *testing.T) {
	tc := mustTC(t, "1/10+1:5+0.5")
	tc.Delay = time.Second
	clocks := [2]Clock{NewClock(tc), NewClock(tc)}
	PunchMove(&clocks, White, time.Second, 0)
	got := engineClocks(&clocks, White)
	if got.MovesToGo != 0 || got.Inc[White] != 1500*time.Millisecond || got.Inc[Black] != 2*time.Second {
		t.Errorf("after White crossed into sudden death: %+v; want movestogo 0, winc 1.5s, binc 2s", got)
	}
	if got := engineClocks(&clocks, Black); got.MovesToGo != 1 {
		t.Errorf("Black, still in period 1: movestogo %d, want 1", got.MovesToGo)
	}
}
