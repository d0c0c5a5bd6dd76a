// Package selfpause notices when autoplay itself stopped running for a
// while: stopped by a signal (SIGSTOP, Ctrl-Z), frozen with its VM, put to
// sleep with its laptop, starved of CPU. Its engines are processes of their
// own and think on meanwhile, but the clocks of the games in flight measure
// autoplay's pause as the engines' thinking: such a game is void, not an
// engine's loss.
//
// Two signs, both watched only while a game is played, neither on the
// move path: SIGCONT, which a stopped process always receives when it runs
// again (certain, whatever the stop's length), and a heartbeat ten times a
// second whose beat comes late when the process's goroutines did not run
// (a freeze or a sleep, which no signal announces). A game asks, when it
// ends, whether a pause was seen since it began, and also whether the
// heartbeat is late right now: after a resume the game's own timer may fire
// before the heartbeat's goroutine has run, so that check cannot wait for
// the heartbeat to report.
package selfpause

import (
	"fmt"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

const (
	// beatEvery is the heartbeat's period: cheap enough to run all the
	// time (ten wake-ups a second), short enough to settle a forfeit in a
	// tenth of a second.
	beatEvery = 100 * time.Millisecond
	// lateBy is how late a beat must be to void every game in flight,
	// whatever its ending: a frozen VM's or a sleeping laptop's seconds.
	// A busy 2-core machine (the race detector, CPU hogs) has been seen to
	// keep a ready goroutine waiting 0.9 s; a delay like that voids only a
	// game it cost a forfeit (Mark.LateBeyond), never a mate or a draw. A
	// stop by a signal counts at any length (SIGCONT).
	lateBy = 3 * time.Second
	// lateFloor is how late a beat must be to be kept for a time forfeit
	// to be weighed against (Mark.LateBeyond): a forfeit with a beat later
	// than its engine's time margin is void, as the engine could not
	// absorb autoplay's pause. Below it, jitter.
	lateFloor = 100 * time.Millisecond
	// keptLate is how many of the latest late beats are kept.
	keptLate = 16
	// jitterFloor is how late a beat must be to be kept for LateDuring,
	// which weighs an engine's slow move against autoplay's own delays:
	// far below the 10 ms a move must be slow by to be noticed.
	jitterFloor = time.Millisecond
	// keptJitter is how many of the latest beats late by jitterFloor are
	// kept: 6.4 s of beats on a machine busy all the time.
	keptJitter = 64
)

// Pause is a time autoplay did not run.
type Pause struct {
	// Length is how long autoplay did not run, at most: the time since the
	// heartbeat's last beat before it.
	Length time.Duration
	// Stopped says a signal stopped autoplay (SIGCONT came after); false
	// for a late heartbeat alone (a frozen VM, a sleep, starvation).
	Stopped bool
}

func (p Pause) String() string {
	s := fmt.Sprintf("autoplay itself was paused for %.1f s", p.Length.Seconds())
	if p.Stopped {
		return s + " (stopped by a signal: SIGSTOP or Ctrl-Z)"
	}
	return s + " (a frozen VM, a sleeping computer or a starved CPU)"
}

// watch is the process's one watcher, run while at least one game is played.
var watch struct {
	mu       sync.Mutex
	games    int                     // games being played: the watcher runs while > 0
	lastBeat time.Time               // the heartbeat's last beat (or the watcher's start)
	seen     uint64                  // pauses seen so far
	last     Pause                   // the last of them
	lastAt   time.Time               // when it was seen
	lates    uint64                  // late beats (by lateFloor or more) so far
	late     [keptLate]time.Duration // the last of them: how late, ring by lates
	lateAt   [keptLate]time.Time     // and when each came
	settle   chan chan struct{}
	stop     chan struct{}
	done     chan struct{}
	// The beats late by jitterFloor or more (ring by jitters): how late,
	// and when each came, as time since epoch.
	jitters  uint64
	jitter   [keptJitter]time.Duration
	jitterAt [keptJitter]time.Duration
	// For LateDuring's way without the lock, times since epoch: the last
	// beat (0 while no game is played) and the last beat late by
	// jitterFloor or more.
	lastBeatMono, lastJitterMono atomic.Int64
	// Every beat so far, and those late by SlowBeat or more: how often
	// autoplay's goroutines are kept waiting that long on this machine.
	beats, slowBeats atomic.Uint64
}

// SlowBeat is how late a beat must be to count in Beats' slow ones: the
// lateness that makes an engine's move count as slow (runner.TimingWarnGap).
const SlowBeat = 10 * time.Millisecond

// Beats counts the heartbeat's beats so far, and those that came SlowBeat
// late or more: the share of the time a goroutine of autoplay that was
// ready to run waited that long, which an engine's process waits as well
// on the same machine.
func Beats() (all, slow uint64) { return watch.beats.Load(), watch.slowBeats.Load() }

// epoch is what the watcher's atomic times count from (monotonic).
var epoch = time.Now()

// Mark is what a game knows of the watcher from its start: the pauses and
// late beats seen before it.
type Mark struct{ seen, lates uint64 }

// Begin is called as a game starts: the watcher runs (it starts with the
// first game) until the game's End.
func Begin() Mark {
	watch.mu.Lock()
	defer watch.mu.Unlock()
	watch.games++
	if watch.games == 1 {
		watch.lastBeat = time.Now()
		watch.lastBeatMono.Store(int64(watch.lastBeat.Sub(epoch)))
		watch.settle = make(chan chan struct{})
		watch.stop = make(chan struct{})
		watch.done = make(chan struct{})
		conts := make(chan os.Signal, 1)
		signal.Notify(conts, syscall.SIGCONT)
		go heartbeat(conts, watch.settle, watch.stop, watch.done)
	}
	return Mark{seen: watch.seen, lates: watch.lates}
}

// End is called as the game ends (after Paused): the watcher stops with
// the last game, its goroutine gone when End returns.
func (m Mark) End() {
	watch.mu.Lock()
	watch.games--
	if watch.games > 0 {
		watch.mu.Unlock()
		return
	}
	stop, done := watch.stop, watch.done
	watch.stop, watch.done, watch.settle = nil, nil, nil
	watch.lastBeatMono.Store(0)
	watch.mu.Unlock()
	close(stop)
	<-done
}

// Paused says whether autoplay paused since m was taken: seen by the
// watcher, or going on unseen (the heartbeat is late right now).
func (m Mark) Paused() (Pause, bool) {
	watch.mu.Lock()
	defer watch.mu.Unlock()
	if watch.stop != nil {
		if gap := time.Since(watch.lastBeat); gap > beatEvery+lateBy {
			return Pause{Length: gap}, true
		}
	}
	if watch.seen != m.seen {
		return watch.last, true
	}
	return Pause{}, false
}

// LateBeyond says whether, during the move begun at since (in the game m
// marks), autoplay was kept from running for longer than margin (a beat
// came later than that, or is late by that now): a time forfeit is void
// then, its engine not at fault.
func (m Mark) LateBeyond(margin time.Duration, since time.Time) (Pause, bool) {
	watch.mu.Lock()
	defer watch.mu.Unlock()
	margin = max(margin, lateFloor)
	longest := time.Duration(0)
	if watch.stop != nil {
		longest = time.Since(watch.lastBeat) - beatEvery
	}
	// Only a late beat that came after the move began can have cost it
	// its time: one earlier in the game cost a move that was made.
	for n := max(m.lates, watch.lates-min(watch.lates, keptLate)); n < watch.lates; n++ {
		if watch.lateAt[n%keptLate].After(since) {
			longest = max(longest, watch.late[n%keptLate])
		}
	}
	if longest > margin {
		return Pause{Length: longest + beatEvery}, true
	}
	return Pause{}, false
}

// Settle waits for the heartbeat's second beat from now, by which a
// SIGCONT that came with the process's resume has been counted: a game
// that would charge an engine a time forfeit calls it first, so that a
// stop shorter than lateBy is not missed for being reported a moment later
// than the game's timer fired (the signal reaches the watcher through
// os/signal's goroutine, which may run after the first beat on resuming).
// It costs up to a fifth of a second, at a forfeit only.
func Settle() {
	watch.mu.Lock()
	settle, done := watch.settle, watch.done
	watch.mu.Unlock()
	if settle == nil {
		return
	}
	beaten := make(chan struct{})
	select {
	case settle <- beaten:
	case <-done:
		return
	}
	select {
	case <-beaten:
	case <-done:
	}
}

// heartbeat beats every beatEvery, counting a late beat or a SIGCONT as a
// pause, until stop is closed.
func heartbeat(conts chan os.Signal, settle <-chan chan struct{}, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	defer signal.Stop(conts)
	ticker := time.NewTicker(beatEvery)
	defer ticker.Stop()
	// Settle's waiters: those of one beat ago are let go at this beat.
	var waiting, next []chan struct{}
	defer func() {
		for _, w := range append(waiting, next...) {
			close(w)
		}
	}()
	for {
		select {
		case <-conts:
			continued()
		case <-ticker.C:
			beat()
			select {
			case <-conts:
				continued()
			default:
			}
			for _, w := range waiting {
				close(w)
			}
			waiting, next = next, waiting[:0]
		case w := <-settle:
			next = append(next, w)
		case <-stop:
			return
		}
	}
}

// beat notes a beat, and a pause when it came late.
func beat() {
	watch.mu.Lock()
	defer watch.mu.Unlock()
	now := time.Now()
	gap := now.Sub(watch.lastBeat)
	switch {
	case gap <= beatEvery+lateBy:
	case watch.seen > 0 && watch.lastAt.After(watch.lastBeat):
		watch.last.Length = gap // the stop a SIGCONT already told of
	default:
		watch.seen++
		watch.last, watch.lastAt = Pause{Length: gap}, now
	}
	if late := gap - beatEvery; late > lateFloor {
		watch.late[watch.lates%keptLate] = late
		watch.lateAt[watch.lates%keptLate] = now
		watch.lates++
	}
	mono := now.Sub(epoch)
	watch.beats.Add(1)
	if gap-beatEvery >= SlowBeat {
		watch.slowBeats.Add(1)
	}
	if late := gap - beatEvery; late > jitterFloor {
		watch.jitter[watch.jitters%keptJitter] = late
		watch.jitterAt[watch.jitters%keptJitter] = mono
		watch.jitters++
		watch.lastJitterMono.Store(int64(mono))
	}
	watch.lastBeat = now
	watch.lastBeatMono.Store(int64(mono))
}

// LateDuring is how long, at most, autoplay's own goroutines were kept
// from running between since and now (a move: its go written, its
// bestmove read), as the heartbeat saw it: the part inside the move of
// each beat that came late by jitterFloor or more, and of the beat late
// now. A slow move by the runner's clock is the engine's own only past
// that. It is on the move path: without a late beat since the move began
// it takes no lock, allocates nothing and waits for nothing. 0 while no
// game is played.
func LateDuring(since, now time.Time) time.Duration {
	from, to := since.Sub(epoch), now.Sub(epoch)
	lastBeat := time.Duration(watch.lastBeatMono.Load())
	if lastBeat == 0 {
		return 0
	}
	pending := min(to-lastBeat-beatEvery, to-from)
	if time.Duration(watch.lastJitterMono.Load()) < from && pending <= jitterFloor {
		return 0
	}
	longest := max(pending, 0)
	watch.mu.Lock()
	defer watch.mu.Unlock()
	for n := watch.jitters; n > watch.jitters-min(watch.jitters, keptJitter); n-- {
		at := watch.jitterAt[(n-1)%keptJitter]
		if at < from {
			break // the ring is in time order: the rest came before the move
		}
		// A beat late by L that came at at was kept from running over
		// [at−L, at]: only its part within the move is the move's.
		longest = max(longest, min(at, to)-max(at-watch.jitter[(n-1)%keptJitter], from))
	}
	return longest
}

// continued notes a SIGCONT: the process was stopped. A late beat seen
// just before it (no beat since) was that same stop; the next beat
// measures how late it is, for LateBeyond.
func continued() {
	watch.mu.Lock()
	defer watch.mu.Unlock()
	now := time.Now()
	if watch.seen > 0 && watch.lastAt.Equal(watch.lastBeat) {
		watch.last.Stopped = true
		return
	}
	watch.seen++
	watch.last, watch.lastAt = Pause{Length: now.Sub(watch.lastBeat), Stopped: true}, now
}
