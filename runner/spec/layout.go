package spec

import "fmt"

// Layout is how the runner itself runs: the Go processors its supervisor
// uses, whether each game slot plays in a process of its own, and whether
// slots are pinned to CPUs with their engines.
type Layout struct {
	Procs         int
	SlotProcesses bool
	Affinity      bool
	// GCPercent is the garbage collector's heap growth (GOGC); 0 leaves
	// the runtime's 100. The per-move path allocates nothing, so a tighter
	// heap costs little CPU where many games' state is live.
	GCPercent int
}

// manyGamesGCPercent: from 16 games at once the heap may outgrow what is
// live by half, not double it (256 sleeping-engine games: peak RSS 66 MB at
// GOGC 100, 54 MB at 50 for 5 % more runner CPU; 25 saved 3 MB more for 14 %).
const manyGamesGCPercent = 50

// hundredsOfGamesGCPercent: from 192 games at once, a quarter. There the
// engines saturate the machine, and a smaller heap cost no relay latency
// (sleeping-engine games, bench/latency.sh, medians of 3: at 192 p50 548 ->
// 368 us, peak RSS 28.4 -> 27.2 MB; at 256 p50 3513 -> 2960 us, 33.4 ->
// 30.7 MB, anonymous 21.5 -> 18.9 MB) for 10 % more runner CPU per move. At
// 64 and 128 it saved 0.5-1 MB for a longer p50 and p90: those keep half.
const hundredsOfGamesGCPercent = 25

// ChooseLayout picks, for concurrency games at a time on cpus usable CPUs,
// the layout that is never far from the fastest on the machines measured
// (bench/layouts.sh: stockfish at nodes=1 for 2-8 games, beside
// c-chess-cli; bench/latency.sh with sleeping engines for 1-256; numbers
// in README), and says why in plain words:
//   - one game: one process on one Go processor (the lowest relay latency
//     and CPU per move);
//   - 2 to 15 games: one process on one Go processor, nothing pinned. On
//     an idle 2-CPU machine pinning each game's engines to CPUs of their
//     own cost 1.3-1.4x the wall time at 4 and 8 games (the kernel could no
//     longer put a ready engine on the idle CPU), for no CPU saved; a
//     process per slot cost 1.5-2.6x the CPU a move (another Go runtime
//     per slot: its start, its own threads' wake-ups), and how dear that
//     is swings 3x with the machine's load, too much to measure and choose
//     by;
//   - 16 games or more: one process on several Go processors (with one,
//     a single descheduled thread stalls every game: p99 221 ms at 256
//     games against 32 ms with two), one more per 16 games, up to cpus;
//     the heap kept tighter from 192 games.
//
// local is false where games are played on workers elsewhere, which
// choose their own layout: nothing is pinned here.
func ChooseLayout(concurrency, cpus int, local bool) (Layout, string) {
	cpus = max(cpus, 1)
	switch {
	case concurrency >= 16:
		l := Layout{Procs: min(cpus, 1+concurrency/16), GCPercent: manyGamesGCPercent}
		why := manyGamesReason
		if concurrency >= 192 {
			l.GCPercent = hundredsOfGamesGCPercent
			why += hundredsOfGamesReason
		}
		return l, why
	case concurrency == 1:
		return Layout{Procs: 1}, "one game: one process on one Go processor relays a move soonest"
	case cpus < 2:
		return Layout{Procs: 1}, "one CPU: nothing to keep apart"
	case !local:
		return Layout{Procs: 1}, "the games are played on workers, which choose their own layout"
	}
	return Layout{Procs: 1}, fewGamesReason
}

// The reasons ChooseLayout gives, printed with --verbose.
const (
	fewGamesReason        = "at 2 to 15 games, one process on one Go processor spent the least CPU a move and was never far from the fastest; pinning engines to CPUs slowed the games (bench/layouts.sh)"
	manyGamesReason       = "from 16 games, a Go processor more per 16 games keeps one descheduled thread from stalling every game"
	hundredsOfGamesReason = ", and from 192 games a tighter heap costs no latency"
)

func (l Layout) String() string {
	s := fmt.Sprintf("one process on %d Go processor", l.Procs)
	if l.Procs != 1 {
		s += "s"
	}
	if l.SlotProcesses {
		s = "a process per game slot"
		if l.Affinity {
			s += ", pinned with its engines"
		}
	} else if l.Affinity {
		s += ", game slots pinned to CPUs"
	}
	if l.GCPercent != 0 {
		s += fmt.Sprintf(", GOGC %d", l.GCPercent)
	}
	return s
}
