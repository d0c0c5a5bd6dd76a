package runner

import "github.com/autoplay/autoplay/pgn"

// GameJob is one game of a run with what a worker elsewhere needs to play
// it besides the run's config: its place in the schedule and its opening.
type GameJob struct {
	Number    int         `json:"number"`
	Encounter int         `json:"encounter"`
	Pair      int         `json:"pair"`
	White     int         `json:"white"`
	Black     int         `json:"black"`
	OpeningIx int         `json:"opening_index"`
	Opening   pgn.Opening `json:"opening"`
	Round     int         `json:"round,omitempty"` // the PGN Round tag when the schedule sets it
}

func (j GameJob) scheduled() scheduledGame {
	return scheduledGame{number: j.Number, encounter: j.Encounter, pair: j.Pair, white: j.White, black: j.Black, opening: j.OpeningIx, round: j.Round}
}
