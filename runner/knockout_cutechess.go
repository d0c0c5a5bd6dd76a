package runner

import (
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// knockoutPlan is a knockout laid out as it goes: autoplay's own (knockout)
// or cutechess-cli's (cutechessKnockout, the drop-in's).
type knockoutPlan interface {
	// start lays out the first round and returns the games to start with.
	start(res *Result) []scheduledGame
	// score counts a finished game into its encounter.
	score(g scheduledGame, outcome record.Outcome)
	// record follows a finished game, its score counted: the games it
	// lets start, lines saying what was decided, and whether the
	// tournament is over.
	record(res *Result) (more []scheduledGame, said []string, done bool)
	// Bracket is the knockout so far.
	Bracket() []stats.KnockoutRound
	// extra is how many games are scheduled beyond Config.KnockoutGames.
	extra() int
}

// cutechessKnockout plays a knockout as cutechess-cli 1.2.0 does, so that
// its drop-in plays the same games in the same order: the first -seeds
// engines in their places and the others drawn at random from -srand's
// generator, placed by its seeding (1 v 3 and 2 v 4 for four seeds), byes
// beside the top seeds; each pair is played to its end before the next one
// starts, a free slot taking the first pair of the round that still needs
// games; a tied pair plays on, without limit, its colours still swapping
// game by game (-reverse swaps them again as a pair follows another), and
// each new pair starts a new opening; the next round starts once every
// game of the round is over.
type cutechessKnockout struct {
	cfg    *spec.Config
	picker *openingPicker
	rounds [][]*cutechessPair
	next   int // game numbers handed out
	// playing counts the games handed out and not yet recorded: a slot
	// asks for a game only when one is free, as cutechess-cli's does.
	playing int
	last    *cutechessPair // the pair of the game handed out last
	opening int            // the opening of the last game
	uses    int            // games the opening has started so far
	// openingRound is the knockout round the opening was drawn for
	// (policy=round).
	openingRound int
	pairs        int // game pairs so far (a pair's games two by two)
}

// cutechessPair is one encounter: its engines as placed (a second of -1 is
// a bye) and its score in half points doubled, as cutechess-cli counts it.
type cutechessPair struct {
	players  [2]int
	score    [2]int
	swapped  bool // the second engine plays White next
	started  int
	finished int
	result   int // index in Result.Encounters; -1 for a bye
	pair     int // the game pair of its last game started
}

func newCutechessKnockout(c *spec.Config, picker *openingPicker) *cutechessKnockout {
	return &cutechessKnockout{cfg: c, picker: picker}
}

// cutechessSeedPlace is where rank (1-based) stands in a bracket of size
// places: odd ranks in the left half, even ones in the right, recursively.
func cutechessSeedPlace(rank, size int) int {
	switch {
	case rank <= 1:
		return 0
	case rank%2 == 0:
		return size/2 + cutechessSeedPlace(rank/2, size/2)
	}
	return cutechessSeedPlace(rank/2+1, size/2)
}

// cutechessBracket places n engines, the first seeded of them in order and
// the rest drawn at random, and returns the first round's pairs of places
// (a bye is -1, always second).
func cutechessBracket(n, seeded int, draw func() uint32) [][2]int {
	size := 1
	for size < n {
		size *= 2
	}
	ranked := make([]int, 0, size)
	for i := range min(seeded, n) {
		ranked = append(ranked, i)
	}
	var unseeded []int
	for i := min(seeded, n); i < n; i++ {
		unseeded = append(unseeded, i)
	}
	for len(unseeded) > 0 {
		i := int(draw() % uint32(len(unseeded)))
		ranked = append(ranked, unseeded[i])
		unseeded = append(unseeded[:i], unseeded[i+1:]...)
	}
	for len(ranked) < size {
		ranked = append(ranked, -1)
	}
	places := make([]int, size)
	for i := range places {
		places[i] = -1
	}
	byes := 0
	for i, engine := range ranked {
		at := cutechessSeedPlace(i+1, size)
		if engine >= 0 {
			places[at] = engine
			continue
		}
		// A bye goes beside the next top seed; whoever was there moves
		// to the bye's own place.
		byes++
		beside := cutechessSeedPlace(byes, size) + 1
		places[at], places[beside] = places[beside], -1
	}
	pairs := make([][2]int, 0, size/2)
	for i := 0; i < size; i += 2 {
		pairs = append(pairs, [2]int{places[i], places[i+1]})
	}
	return pairs
}

func (k *cutechessKnockout) start(res *Result) []scheduledGame {
	draws := k.picker.cutechessDraws()
	var round []*cutechessPair
	for _, p := range cutechessBracket(len(k.cfg.Engines), k.cfg.KnockoutSeeded, draws.next) {
		round = append(round, &cutechessPair{players: p, result: -1})
	}
	k.beginRound(round, res)
	return k.fill(res)
}

// beginRound adds a round's encounters to the result.
func (k *cutechessKnockout) beginRound(round []*cutechessPair, res *Result) {
	for _, p := range round {
		if p.players[1] < 0 {
			continue
		}
		p.result = len(res.Encounters)
		a, b := p.players[0], p.players[1]
		res.Encounters = append(res.Encounters, &EncounterResult{First: a, Second: b,
			Names: [2]string{k.cfg.Engines[a].Name, k.cfg.Engines[b].Name}, pending: map[int]float64{}})
	}
	k.rounds = append(k.rounds, round)
}

// needsGames is cutechess-cli's test of whether a pair plays on: unless its
// leader, given every game in progress, has more than half the points of
// -games and leads by enough (a game; a game and a half with an even
// -games, or a whole number of game pairs played).
func (k *cutechessKnockout) needsGames(p *cutechessPair) bool {
	if p.players[1] < 0 {
		return false
	}
	games := k.cfg.Games
	inProgress := 2 * (p.started - p.finished)
	if max(p.score[0], p.score[1])+inProgress <= games {
		return true
	}
	minDiff := 1
	if games%2 == 0 {
		minDiff = 3
	}
	diff := abs(p.score[0]-p.score[1]) + inProgress
	switch {
	case diff >= minDiff:
		return false
	case minDiff == 1 || diff == 0:
		return true
	}
	return p.started%2 != 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// leader is the pair's engine ahead, -1 while level.
func (p *cutechessPair) leader() int {
	switch {
	case p.players[1] < 0, p.score[0] > p.score[1]:
		return p.players[0]
	case p.score[1] > p.score[0]:
		return p.players[1]
	}
	return -1
}

// nextPair is the pair the next game is for: the first of the round that
// needs games, else, once no game is being played, the first of the next
// round; nil when there is none now.
func (k *cutechessKnockout) nextPair(res *Result) *cutechessPair {
	round := k.rounds[len(k.rounds)-1]
	for _, p := range round {
		if k.needsGames(p) {
			return p
		}
	}
	if len(round) <= 1 || k.playing > 0 {
		return nil
	}
	var next []*cutechessPair
	for i := 0; i < len(round); i += 2 {
		next = append(next, &cutechessPair{players: [2]int{round[i].leader(), round[i+1].leader()}, result: -1})
	}
	k.beginRound(next, res)
	return next[0]
}

// fill hands out games while a slot is free and a pair needs one.
func (k *cutechessKnockout) fill(res *Result) []scheduledGame {
	var games []scheduledGame
	for k.playing < k.cfg.Concurrency {
		p := k.nextPair(res)
		if p == nil {
			break
		}
		games = append(games, k.startGame(p))
	}
	return games
}

// startGame hands out the pair's next game with cutechess-cli's colours
// and opening.
func (k *cutechessKnockout) startGame(p *cutechessPair) scheduledGame {
	samePlayers := p == k.last
	if !samePlayers && k.cfg.Reverse {
		p.swapped = !p.swapped
	}
	repeat := k.cfg.OpeningRepeat
	if repeat == 0 {
		repeat = 2
	}
	switch {
	case k.cfg.OpeningEachRound: // policy=round: a new opening each knockout round, for all its pairs
		if k.last == nil || len(k.rounds) != k.openingRound {
			k.opening, k.openingRound = k.picker.next(), len(k.rounds)
		}
	case (!samePlayers && len(k.cfg.Engines) > 2) || k.uses >= repeat || k.last == nil:
		k.opening, k.uses = k.picker.next(), 0 // a new pair starts a new opening
	}
	k.uses++
	if p.started%2 == 0 {
		p.pair = k.pairs
		k.pairs++
	}
	white, black := p.players[0], p.players[1]
	if p.swapped {
		white, black = black, white
	}
	if !k.cfg.NoSwap {
		p.swapped = !p.swapped
	}
	p.started++
	k.playing++
	k.next++
	k.last = p
	return scheduledGame{number: k.next, encounter: p.result, pair: p.pair, white: white, black: black,
		opening: k.opening, round: len(k.rounds)}
}

func (k *cutechessKnockout) score(g scheduledGame, outcome record.Outcome) {
	for _, p := range k.rounds[len(k.rounds)-1] {
		if p.result != g.encounter || p.players[1] < 0 {
			continue
		}
		p.finished++
		k.playing--
		white := 0
		if p.players[1] == g.white {
			white = 1
		}
		switch outcome {
		case record.WhiteWins:
			p.score[white] += 2
		case record.BlackWins:
			p.score[1-white] += 2
		case record.Draw:
			p.score[0]++
			p.score[1]++
		}
	}
}

func (k *cutechessKnockout) record(res *Result) ([]scheduledGame, []string, bool) {
	more := k.fill(res)
	round := k.rounds[len(k.rounds)-1]
	done := len(round) == 1 && k.playing == 0 && !k.needsGames(round[0])
	return more, nil, done
}

func (k *cutechessKnockout) extra() int { return max(k.next-k.cfg.KnockoutGames(), 0) }

// Bracket is the knockout so far, each pair's engines and score as placed.
func (k *cutechessKnockout) Bracket() []stats.KnockoutRound {
	out := make([]stats.KnockoutRound, 0, len(k.rounds))
	for _, round := range k.rounds {
		r := make(stats.KnockoutRound, 0, len(round))
		for _, p := range round {
			e := stats.KnockoutEncounter{ExtraPairs: max(p.started-k.cfg.Games+1, 0) / 2}
			for _, engine := range p.players {
				if engine >= 0 {
					e.Players = append(e.Players, k.cfg.Engines[engine].Name)
					e.Seeds = append(e.Seeds, engine+1)
				}
			}
			switch {
			case p.players[1] < 0:
				e.DecidedBy = "bye"
			default:
				e.Score = []float64{float64(p.score[0]) / 2, float64(p.score[1]) / 2}
			}
			if !k.needsGames(p) && p.started == p.finished {
				e.Winner = k.cfg.Engines[p.leader()].Name
				if e.DecidedBy == "" {
					e.DecidedBy = "score"
				}
			}
			r = append(r, e)
		}
		out = append(out, r)
	}
	return out
}

// cutechessKnockoutProbe lists the openings a cutechess-cli knockout would
// draw for its games and as many tie-break games again, for the check
// before the first game (its tie-breaks have no limit: a suite that wraps
// is checked whole).
func cutechessKnockoutProbe(c *spec.Config, picker *openingPicker) []scheduledGame {
	p := picker.fresh()
	games := make([]scheduledGame, 2*c.KnockoutGames())
	for i := range games {
		games[i].opening = p.next()
	}
	return games
}
