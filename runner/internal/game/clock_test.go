package game

import (
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

func TestClockAddsIncrementAfterEachMove(t *testing.T) {
	c := NewClock(spec.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond})
	if !c.Punch(2*time.Second, 0) {
		t.Fatal("a move within the budget forfeited")
	}
	if got, want := c.Remaining(), 8100*time.Millisecond; got != want {
		t.Errorf("remaining = %v, want %v", got, want)
	}
}

func TestClockStartsNewPeriodAfterItsMoves(t *testing.T) {
	c := NewClock(spec.TimeControl{Moves: 2, Base: 10 * time.Second})
	for i, want := range []struct {
		left  time.Duration
		togo  int
		after int
	}{{9 * time.Second, 2, 1}, {18 * time.Second, 1, 2}} {
		if got := c.MovesToGo(); got != want.togo {
			t.Errorf("move %d: movestogo = %d, want %d", i+1, got, want.togo)
		}
		c.Punch(time.Second, 0)
		if got := c.Remaining(); got != want.left {
			t.Errorf("move %d: remaining = %v, want %v", i+1, got, want.left)
		}
		if got := c.MovesToGo(); got != want.after {
			t.Errorf("move %d: movestogo after = %d, want %d", i+1, got, want.after)
		}
	}
}

func TestClockForfeitsOnlyPastTheMargin(t *testing.T) {
	c := NewClock(spec.TimeControl{Base: time.Second})
	if !c.Punch(1050*time.Millisecond, 100*time.Millisecond) {
		t.Fatal("a move inside the margin forfeited")
	}
	if got := c.Remaining(); got != 0 {
		t.Errorf("remaining after using the margin = %v, want 0 (never negative)", got)
	}
	// The next move has the margin alone, not unlimited time (a clock at 0
	// once read as "no limit", and a slow move became a "stall").
	if !c.Timed() || c.Budget() != 0 {
		t.Fatalf("an emptied clock: timed %v, budget %v", c.Timed(), c.Budget())
	}
	if c.Punch(150*time.Millisecond, 100*time.Millisecond) {
		t.Fatal("a move past the margin of an emptied clock did not forfeit")
	}
	c = NewClock(spec.TimeControl{Base: time.Second})
	if c.Punch(1101*time.Millisecond, 100*time.Millisecond) {
		t.Fatal("a move past budget+margin did not forfeit")
	}
}

func TestFixedMoveTimeBudget(t *testing.T) {
	c := NewClock(spec.TimeControl{MoveTime: 500 * time.Millisecond})
	if c.Budget() != 500*time.Millisecond {
		t.Fatalf("budget = %v", c.Budget())
	}
	if !c.Punch(550*time.Millisecond, 100*time.Millisecond) || c.Punch(700*time.Millisecond, 100*time.Millisecond) {
		t.Fatal("movetime forfeits wrong")
	}
	if c.Budget() != 500*time.Millisecond {
		t.Fatal("movetime budget changed after a move")
	}
}

func TestNodeLimitHasNoTimeBudget(t *testing.T) {
	c := NewClock(spec.TimeControl{Nodes: 1000})
	if c.Budget() != 0 || !c.Punch(time.Hour, 0) {
		t.Fatal("a node-limited engine must not lose on time")
	}
}
