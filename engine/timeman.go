package engine

import (
	"time"

	"github.com/autoplay/autoplay/engine/chess"
)

// Limits says when a search must stop, as UCI's "go" arguments do. Zero
// fields are unset; with none set the search runs until stopped.
type Limits struct {
	WTime, BTime time.Duration
	WInc, BInc   time.Duration
	MovesToGo    int
	MoveTime     time.Duration
	Nodes        uint64
	Depth        int
	Mate         int // stop once a mate in this many moves is found
	Infinite     bool
	Ponder       bool
	SearchMoves  []chess.Move
}

// timeBudget is how long one move may take: optimum is where no new
// iteration starts, maximum where the search is cut off mid-iteration.
type timeBudget struct {
	optimum, maximum time.Duration
	timed            bool
	// fixed: a time per move (go movetime, XBoard st), to be used whole: no
	// iteration is left unstarted for lack of time, the clock cuts it off.
	fixed bool
}

// budget turns the clock state into a time budget for the side to move.
// The reserve keeps the engine from flagging at 1+0.01: it never plans to use
// more than a fraction of what is left after the move overhead.
func budget(l Limits, side chess.Color, overhead time.Duration) timeBudget {
	if l.MoveTime > 0 {
		t := max(l.MoveTime-overhead, time.Millisecond)
		return timeBudget{optimum: t, maximum: t, timed: true, fixed: true}
	}
	left, inc := l.WTime, l.WInc
	if side == chess.Black {
		left, inc = l.BTime, l.BInc
	}
	if left <= 0 && inc <= 0 {
		return timeBudget{}
	}
	avail := left - overhead
	if avail < time.Millisecond {
		return timeBudget{optimum: time.Millisecond / 2, maximum: time.Millisecond, timed: true}
	}
	// Sudden death plans for suddenDeathMoves more moves: games from the
	// opening last far longer, but the soft stop ends most searches at half
	// to two thirds of the optimum, and what is saved comes back later.
	mtg := time.Duration(l.MovesToGo)
	switch {
	case mtg <= 0:
		mtg = suddenDeathMoves
	case mtg > 40:
		mtg = 40
	}
	opt := avail/mtg + inc*3/4
	if avail < 5*inc {
		opt = avail/mtg + inc/2 // living on the increment: bank some of it
	}
	maxT := min(opt*4, avail/3)
	if l.MovesToGo == 1 {
		maxT = avail * 2 / 3
	}
	opt = min(opt, maxT)
	return timeBudget{optimum: opt, maximum: max(maxT, time.Millisecond), timed: true}
}

// suddenDeathMoves is how many more moves a budget without a move count
// plans for.
const suddenDeathMoves = 25

// softStopShare is the share of the optimum (in percent) past which no new
// iteration starts, by how many iterations in a row kept the best move: a
// move that just changed gets more time, a settled one less.
var softStopShare = [...]time.Duration{100, 85, 70, 60, 50}

// softStopFall is a score drop (centipawns) from one iteration to the next
// that earns the search more time: the position may be worse than thought.
const softStopFall = 30

// softStop is the elapsed time past which no new iteration starts.
func softStop(optimum time.Duration, stable int, fell bool) time.Duration {
	t := optimum * softStopShare[min(stable, len(softStopShare)-1)] / 100
	if fell {
		t = t * 3 / 2
	}
	return min(t, optimum)
}
