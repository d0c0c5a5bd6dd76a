package runner

import (
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// Result is where a run stands: per encounter, per engine, overall. The
// collector goroutine owns it while the run goes on.
type Result struct {
	Engines     []stats.EngineStats
	Encounters  []*EncounterResult
	Played      int // games finished, resumed ones included
	Resumed     int // of which counted from an earlier run's PGN
	Total       int // games scheduled
	Interrupted bool
	SPRT        *SPRTState // nil without an SPRT
	// OpeningsSkipped counts the bad openings policy=skip left out.
	OpeningsSkipped int
	// Knockout is the bracket so far, round by round (knockouts only).
	Knockout []stats.KnockoutRound
	// Timing is each engine's measured time against its own (timing.go).
	Timing []EngineTiming
}

// EncounterResult is the score of one engine against another, from the
// first engine's side.
type EncounterResult struct {
	First, Second int // engine indices
	Names         [2]string
	Score         stats.Trinomial
	Pairs         stats.Pentanomial
	pending       map[int]float64 // pair -> the first engine's score in the pair's game already played
}

// SPRTState is the sequential test's standing after the last game.
type SPRTState struct {
	Test         stats.SPRT
	LLR          float64
	Lower, Upper float64
	Decision     stats.Decision
}

func newResult(c *spec.Config, total int) *Result {
	r := &Result{Total: total}
	for _, e := range c.Engines {
		r.Engines = append(r.Engines, stats.EngineStats{Name: e.Name})
	}
	for _, enc := range c.Encounters() {
		r.Encounters = append(r.Encounters, &EncounterResult{
			First: enc[0], Second: enc[1],
			Names:   [2]string{c.Engines[enc[0]].Name, c.Engines[enc[1]].Name},
			pending: map[int]float64{},
		})
	}
	if c.SPRT != nil {
		lower, upper := c.SPRT.Bounds()
		r.SPRT = &SPRTState{Test: *c.SPRT, Lower: lower, Upper: upper}
	}
	return r
}

// add counts a finished game: g is its place in the schedule, outcome its
// result, and fail what the culprit did wrong (if anything).
func (r *Result) add(g scheduledGame, outcome record.Outcome, culprit record.Color, fail record.Failure) {
	r.Played++
	enc := r.Encounters[g.encounter]
	first := firstEngineScore(g, enc.First, outcome)
	enc.Score.Add(first)
	if other, ok := enc.pending[g.pair]; ok {
		delete(enc.pending, g.pair)
		enc.Pairs.Add(other, first)
	} else {
		enc.pending[g.pair] = first
	}
	r.Engines[enc.First].Games++
	r.Engines[enc.First].Points += first
	r.Engines[enc.Second].Games++
	r.Engines[enc.Second].Points += 1 - first
	if fail != record.NoFailure {
		idx := g.white
		if culprit == record.Black {
			idx = g.black
		}
		st := &r.Engines[idx]
		switch fail {
		case record.FailTime:
			st.TimeForfeits++
		case record.FailDisconnect:
			st.Disconnects++
		case record.FailStall:
			st.Stalls++
		case record.FailIllegal:
			st.Illegal++
		}
	}
	if r.SPRT != nil {
		r.updateSPRT()
	}
}

// updateSPRT recomputes the log-likelihood ratio: on game pairs when pairs
// are played (the pentanomial model), else on single games. The BayesElo
// model counts single games only, as cutechess-cli does.
func (r *Result) updateSPRT() {
	enc := r.Encounters[0]
	s := r.SPRT
	if enc.Pairs.Pairs() > 0 && s.Test.Model != stats.BayesElo {
		s.LLR = s.Test.LLRPentanomial(enc.Pairs)
	} else {
		s.LLR = s.Test.LLR(enc.Score)
	}
	s.Decision = s.Test.Decide(s.LLR)
}

// decided reports whether the SPRT has crossed a bound.
func (r *Result) decided() bool { return r.SPRT != nil && r.SPRT.Decision != stats.Continue }

// firstEngineScore is the first engine's score (1, 0.5, 0) in a game.
func firstEngineScore(g scheduledGame, first int, outcome record.Outcome) float64 {
	switch {
	case outcome == record.Draw:
		return 0.5
	case outcome == record.WhiteWins && g.white == first, outcome == record.BlackWins && g.black == first:
		return 1
	}
	return 0
}

// wdlMatrix gives each engine's W/D/L against each other engine.
func (r *Result) wdlMatrix() [][]stats.Trinomial {
	n := len(r.Engines)
	m := make([][]stats.Trinomial, n)
	for i := range m {
		m[i] = make([]stats.Trinomial, n)
	}
	for _, enc := range r.Encounters {
		a, b := enc.First, enc.Second
		m[a][b].Wins += enc.Score.Wins
		m[a][b].Draws += enc.Score.Draws
		m[a][b].Losses += enc.Score.Losses
		m[b][a].Wins += enc.Score.Losses
		m[b][a].Draws += enc.Score.Draws
		m[b][a].Losses += enc.Score.Wins
	}
	return m
}
