package compat

import (
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// tally keeps the counts the two tools print that autoplay's Result does
// not hold: results by colour, outcomes by reason, and fastchess's
// completed-pairs-only score with the WL/DD split of the middle pentanomial
// cell.
type tally struct {
	names   []string
	index   map[string]int
	players []playerTally
	// per encounter (first engine's side), completed pairs only
	pairGames []stats.Trinomial
	pentas    []pentaSplit
	pending   map[[2]int]pendingGame // (encounter, pair) → the pair's first game
	finished  int
}

type playerTally struct {
	white, black stats.Trinomial // from this player's side
	outcomes     map[string]int
	pairGames    stats.Trinomial // games of completed pairs, all opponents
	penta        pentaSplit
}

// pentaSplit is a pentanomial with WL and DD apart (fastchess's WL/DD ratio).
type pentaSplit struct{ LL, LD, WL, DD, WD, WW int }

func (p pentaSplit) pentanomial() stats.Pentanomial {
	return stats.Pentanomial{p.LL, p.LD, p.WL + p.DD, p.WD, p.WW}
}

func (p pentaSplit) pairs() int { return p.LL + p.LD + p.WL + p.DD + p.WD + p.WW }

type pendingGame struct {
	first float64 // the first engine's score
}

func newTally(cfg *spec.Config) *tally {
	t := &tally{index: map[string]int{}, pending: map[[2]int]pendingGame{}}
	for i, e := range cfg.Engines {
		t.names = append(t.names, e.Name)
		t.index[e.Name] = i
		t.players = append(t.players, playerTally{outcomes: map[string]int{}})
	}
	return t
}

// add counts a finished game of encounter enc (first engine first).
func (t *tally) add(rec *record.GameRecord, enc *runner.EncounterResult, encIndex int) {
	t.finished++
	w, b := t.index[rec.White], t.index[rec.Black]
	white := scoreOf(rec.Outcome, record.White)
	addScore(&t.players[w].white, white)
	addScore(&t.players[b].black, 1-white)
	t.players[w].outcomes[record.ToolEnding(rec.Ending)]++
	t.players[b].outcomes[record.ToolEnding(rec.Ending)]++

	for len(t.pairGames) <= encIndex {
		t.pairGames = append(t.pairGames, stats.Trinomial{})
		t.pentas = append(t.pentas, pentaSplit{})
	}
	first := white
	if rec.White != enc.Names[0] {
		first = 1 - white
	}
	key := [2]int{encIndex, rec.Pair()}
	earlier, ok := t.pending[key]
	if !ok {
		t.pending[key] = pendingGame{first: first}
		return
	}
	delete(t.pending, key)
	addScore(&t.pairGames[encIndex], earlier.first)
	addScore(&t.pairGames[encIndex], first)
	addPair(&t.pentas[encIndex], earlier.first, first)
	p1, p2 := &t.players[enc.First], &t.players[enc.Second]
	addScore(&p1.pairGames, earlier.first)
	addScore(&p1.pairGames, first)
	addScore(&p2.pairGames, 1-earlier.first)
	addScore(&p2.pairGames, 1-first)
	addPair(&p1.penta, earlier.first, first)
	addPair(&p2.penta, 1-earlier.first, 1-first)
}

func scoreOf(o record.Outcome, side record.Color) float64 {
	switch {
	case o == record.WhiteWins && side == record.White, o == record.BlackWins && side == record.Black:
		return 1
	case o == record.WhiteWins, o == record.BlackWins:
		return 0
	}
	return 0.5
}

func addScore(t *stats.Trinomial, s float64) {
	switch s {
	case 1:
		t.Wins++
	case 0:
		t.Losses++
	default:
		t.Draws++
	}
}

func addPair(p *pentaSplit, a, b float64) {
	switch {
	case a+b == 0:
		p.LL++
	case a+b == 0.5:
		p.LD++
	case a+b == 1.5:
		p.WD++
	case a+b == 2:
		p.WW++
	case a == 0.5:
		p.DD++
	default:
		p.WL++
	}
}

// completedPairs counts the game pairs of every encounter both of whose
// games are in.
func (t *tally) completedPairs() int {
	n := 0
	for _, ps := range t.pentas {
		n += ps.pairs()
	}
	return n
}

// total is a player's games from its side, both colours.
func (p *playerTally) total() stats.Trinomial {
	return stats.Trinomial{Wins: p.white.Wins + p.black.Wins, Draws: p.white.Draws + p.black.Draws, Losses: p.white.Losses + p.black.Losses}
}

func points(t stats.Trinomial) float64 { return float64(t.Wins) + float64(t.Draws)/2 }

func ratio(t stats.Trinomial) float64 {
	if t.Games() == 0 {
		return 0
	}
	return points(t) / float64(t.Games())
}
