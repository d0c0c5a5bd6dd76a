package runner

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// knockoutExtraPairs is how many more game pairs a tied encounter plays
// before the higher seed goes through.
const knockoutExtraPairs = 2

// knockout lays out a knockout tournament as it goes. It plays a round in
// phases: the round's games, then one more pair for each tied encounter
// (at most knockoutExtraPairs times). A phase's games are numbered in
// bracket order when the phase begins, and a phase begins only when the one
// before has finished, so game numbers and openings depend on the results
// alone, never on which game happened to finish first: a resumed run
// rebuilds the same bracket from its PGN.
type knockout struct {
	cfg     *spec.Config
	picker  *openingPicker
	rounds  [][]*koEncounter
	next    int // the next game number
	pair    int // the next pair
	pending int // games of the current phase not yet recorded
	winner  int // engine index; -1 until decided
	// extraGames counts the tie-break games so far.
	extraGames int
}

// koEncounter is one encounter of the bracket.
type koEncounter struct {
	players [2]int // engine indices, the higher seed first; players[1] -1: a bye
	result  int    // index in Result.Encounters; -1 for a bye
	score   [2]float64
	games   []int
	extra   int    // extra pairs played
	winner  int    // engine index; -1 until decided
	how     string // "score", "seed" (still tied after the extra pairs), "bye"
}

func newKnockout(c *spec.Config, picker *openingPicker) *knockout {
	return &knockout{cfg: c, picker: picker, winner: -1}
}

// bracketOrder lists seeds (1-based) in bracket order for a bracket of size
// n, a power of two: 1 v n, n/2 v n/2+1, ... so that seeds 1 and 2 meet in
// the final at the earliest.
func bracketOrder(n int) []int {
	order := []int{1}
	for len(order) < n {
		size := 2 * len(order)
		next := make([]int, 0, size)
		for _, s := range order {
			next = append(next, s, size+1-s)
		}
		order = next
	}
	return order
}

// extra is how many tie-break games are scheduled so far.
func (k *knockout) extra() int { return k.extraGames }

// knockoutRounds is how many rounds n engines need.
func knockoutRounds(n int) int { return bits.Len(uint(n - 1)) }

// start lays out round 1 and returns its games.
func (k *knockout) start(res *Result) []scheduledGame {
	n := len(k.cfg.Engines)
	order := bracketOrder(1 << knockoutRounds(n))
	var round []*koEncounter
	for i := 0; i < len(order); i += 2 {
		a, b := order[i]-1, order[i+1]-1
		if b >= n {
			b = -1 // a bye for the higher seed
		}
		round = append(round, &koEncounter{players: [2]int{a, b}, result: -1, winner: -1})
	}
	k.rounds = append(k.rounds, round)
	return k.beginRound(res)
}

// beginRound adds the current round's encounters to the result and returns
// their games; byes are decided at once.
func (k *knockout) beginRound(res *Result) []scheduledGame {
	var games []scheduledGame
	for _, e := range k.rounds[len(k.rounds)-1] {
		if e.players[1] < 0 {
			e.winner, e.how = e.players[0], "bye"
			continue
		}
		e.result = len(res.Encounters)
		a, b := e.players[0], e.players[1]
		res.Encounters = append(res.Encounters, &EncounterResult{First: a, Second: b,
			Names: [2]string{k.cfg.Engines[a].Name, k.cfg.Engines[b].Name}, pending: map[int]float64{}})
		games = append(games, k.gamesOf(e, k.cfg.Games)...)
	}
	return games
}

// gamesOf numbers count more games of encounter e, in pairs with colours
// swapped, the higher seed White first.
func (k *knockout) gamesOf(e *koEncounter, count int) []scheduledGame {
	games := make([]scheduledGame, 0, count)
	opening := -1
	for g := range count {
		white, black := e.players[0], e.players[1]
		if g%2 == 0 {
			opening = k.picker.next()
			k.pair++
		} else {
			white, black = black, white
		}
		k.next++
		games = append(games, scheduledGame{number: k.next, encounter: e.result, pair: k.pair - 1, white: white, black: black, opening: opening})
		e.games = append(e.games, k.next)
	}
	k.pending += count
	return games
}

// score counts a finished game into its encounter's score.
func (k *knockout) score(g scheduledGame, outcome record.Outcome) {
	for _, e := range k.rounds[len(k.rounds)-1] {
		if e.result == g.encounter {
			first := firstEngineScore(g, e.players[0], outcome)
			e.score[0] += first
			e.score[1] += 1 - first
		}
	}
}

// record follows a finished game, its score counted. When it ends a phase
// it returns the next phase's games (tie-break pairs, or the next round),
// with lines saying what was decided; done says the tournament has its
// winner.
func (k *knockout) record(res *Result) (more []scheduledGame, said []string, done bool) {
	round := k.rounds[len(k.rounds)-1]
	k.pending--
	if k.pending > 0 {
		return nil, nil, false
	}
	// The phase is over: decide, or play one more pair where tied.
	r := len(k.rounds)
	for _, e := range round {
		if e.winner >= 0 {
			continue
		}
		switch {
		case e.score[0] != e.score[1]:
			e.winner, e.how = e.players[0], "score"
			if e.score[1] > e.score[0] {
				e.winner = e.players[1]
			}
		case e.extra < knockoutExtraPairs:
			e.extra++
			more = append(more, k.gamesOf(e, 2)...)
			k.extraGames += 2
			continue
		default:
			e.winner, e.how = e.players[0], "seed"
		}
		said = append(said, k.describe(r, e))
	}
	if len(more) > 0 {
		return more, said, false
	}
	if len(round) == 1 {
		k.winner = round[0].winner
		said = append(said, fmt.Sprintf("Knockout winner: %s", k.cfg.Engines[k.winner].Name), k.bracket())
		return nil, said, true
	}
	var next []*koEncounter
	for i := 0; i < len(round); i += 2 {
		a, b := round[i].winner, round[i+1].winner
		if b < a { // the higher seed (lower index) first
			a, b = b, a
		}
		next = append(next, &koEncounter{players: [2]int{a, b}, result: -1, winner: -1})
	}
	k.rounds = append(k.rounds, next)
	said = append(said, k.bracket())
	return k.beginRound(res), said, false
}

// describe is one decided encounter: "Knockout round 1: A beats B 2.5-1.5".
func (k *knockout) describe(round int, e *koEncounter) string {
	name := func(i int) string { return k.cfg.Engines[i].Name }
	loser := e.players[0]
	if loser == e.winner {
		loser = e.players[1]
	}
	line := fmt.Sprintf("Knockout round %d: %s beats %s %s-%s", round, name(e.winner), name(loser),
		points(e.score[e.index(e.winner)]), points(e.score[e.index(loser)]))
	if e.extra > 0 {
		line += fmt.Sprintf(" (after %d tie-break pair", e.extra) + map[bool]string{true: "s)", false: ")"}[e.extra > 1]
	}
	if e.how == "seed" {
		line += ", still level: the higher seed goes through"
	}
	return line
}

func (e *koEncounter) index(engine int) int {
	if e.players[0] == engine {
		return 0
	}
	return 1
}

func points(x float64) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", x), ".0") }

// bracket prints the rounds so far, one line per round.
func (k *knockout) bracket() string {
	var b strings.Builder
	b.WriteString("Knockout bracket:\n")
	for r, round := range k.rounds {
		fmt.Fprintf(&b, "  Round %d:", r+1)
		for i, e := range round {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + k.entry(e))
		}
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func (k *knockout) entry(e *koEncounter) string {
	name := func(i int) string { return k.cfg.Engines[i].Name }
	if e.players[1] < 0 {
		return name(e.players[0]) + " (bye)"
	}
	s := fmt.Sprintf("%s %s-%s %s", name(e.players[0]), points(e.score[0]), points(e.score[1]), name(e.players[1]))
	if e.winner >= 0 {
		s += " → " + name(e.winner)
	}
	return s
}

// Bracket is the knockout so far.
func (k *knockout) Bracket() []stats.KnockoutRound {
	var out []stats.KnockoutRound
	for _, round := range k.rounds {
		var r stats.KnockoutRound
		for _, e := range round {
			je := stats.KnockoutEncounter{Games: e.games, ExtraPairs: e.extra, DecidedBy: e.how}
			for _, p := range e.players {
				if p >= 0 {
					je.Players = append(je.Players, k.cfg.Engines[p].Name)
					je.Seeds = append(je.Seeds, p+1)
				}
			}
			if e.players[1] >= 0 {
				je.Score = []float64{e.score[0], e.score[1]}
			}
			if e.winner >= 0 {
				je.Winner = k.cfg.Engines[e.winner].Name
			}
			r = append(r, je)
		}
		out = append(out, r)
	}
	return out
}

// knockoutOpeningsProbe lists the openings the most games a knockout can play
// would draw (every encounter to its last tie-break pair), for the check
// before the first game.
func knockoutOpeningsProbe(c *spec.Config, picker *openingPicker) []scheduledGame {
	p := picker.fresh()
	games := make([]scheduledGame, (len(c.Engines)-1)*((c.Games+1)/2+knockoutExtraPairs))
	for i := range games {
		games[i].opening = p.next()
	}
	return games
}
