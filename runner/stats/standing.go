package stats

// The standings a run reports beside its figures, as the JSON results and
// the dashboard give them: what each engine did, and a knockout's bracket.

// EngineStats counts what one engine did across the run.
type EngineStats struct {
	Name         string  `json:"name"`
	Games        int     `json:"games"`
	Points       float64 `json:"points"`
	TimeForfeits int     `json:"time_forfeits"`
	Disconnects  int     `json:"disconnects"`
	Stalls       int     `json:"stalls"`
	Illegal      int     `json:"illegal"` // illegal or malformed moves, false claims, legal moves rejected
}

// KnockoutRound is one round of a knockout's bracket, for the JSON results.
type KnockoutRound []KnockoutEncounter

// KnockoutEncounter is one encounter of the bracket.
type KnockoutEncounter struct {
	Players    []string  `json:"players"` // higher seed first; one name for a bye
	Seeds      []int     `json:"seeds"`
	Score      []float64 `json:"score,omitempty"`
	Games      []int     `json:"games,omitempty"`
	ExtraPairs int       `json:"extra_pairs,omitempty"`
	Winner     string    `json:"winner,omitempty"`
	DecidedBy  string    `json:"decided_by,omitempty"` // score, seed, bye
}
