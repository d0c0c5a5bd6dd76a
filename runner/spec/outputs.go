package spec

// Outputs are the files a run writes and what its records hold: the PGN
// (its tags, comments and rounds), the JSON and EPD files, training
// samples, the engines' I/O log, and which of an engine's lines and scores
// are kept for them.
type Outputs struct {
	// ExactScores: a move's score is its engine's last exact score, a
	// lowerbound or upperbound one only when no exact one came (fastchess's
	// pick); false: the last score sent, bound or not (cutechess-cli's).
	ExactScores bool       `json:"exact_scores,omitempty"`
	PGNOut      string     `json:"pgnout,omitempty"`      // finished games are appended here (and a run resumes from it)
	PGNMinimal  bool       `json:"pgn_minimal,omitempty"` // no move comments and only the roster tags (cutechess's "min")
	MoveFields  MoveFields `json:"move_fields,omitempty"`
	// PGNStyle is whose tags the PGN's games carry: autoplay's own, or
	// cutechess-cli's or fastchess's set, order and spelling (their drop-in
	// modes), so that scripts reading those tools' PGNs read autoplay's.
	PGNStyle PGNStyle `json:"pgn_style,omitempty"`
	// RoundGames is how many consecutive games share a PGN Round tag, as
	// the drop-in tools count rounds; 0: every game is its own round.
	RoundGames int `json:"round_games,omitempty"`
	// RoundPyramid, in cutechess-cli's mode, is the engines of a pyramid,
	// whose Round tag counts each climber's encounters as one round.
	RoundPyramid int `json:"round_pyramid,omitempty"`
	// MatchLine: engine lines matching this pattern are kept with the move
	// that follows them, as line="..." in its PGN comment (fastchess's
	// match_line; OpenBench's "info string pgncomment").
	MatchLine  string        `json:"match_line,omitempty"`
	GamesJSONL string        `json:"games_jsonl,omitempty"` // one JSON object per finished game, with its moves
	Sample     *SampleConfig `json:"sample,omitempty"`      // training data sampled from the games; nil: none
	EPDOut     string        `json:"epdout,omitempty"`      // final positions, one EPD line per game
	JSONOut    string        `json:"json,omitempty"`        // full results, rewritten atomically after every game
	LogFile    string        `json:"log,omitempty"`
	// Event and Site are the PGN tags; "" = "autoplay TYPE" (autoplay's
	// style only: the drop-in styles keep their tools' defaults) and "?".
	Event string `json:"event,omitempty"`
	Site  string `json:"site,omitempty"`
}

// DefaultSite is PGN's unknown site.
const DefaultSite = "?"

// fillDefaults names the event after the tournament type t.
func (o *Outputs) fillDefaults(t Tournament) {
	if o.Event == "" && o.PGNStyle == PGNAutoplay { // the drop-in styles have their tools' defaults
		o.Event = "autoplay " + string(t)
	}
	if o.Site == "" {
		o.Site = DefaultSite
	}
}

// RoundTag is the PGN Round tag of game number (1-based).
// A pyramid of RoundPyramid engines counts cutechess-cli's rounds, one a
// climber: RoundGames is then its games per encounter.
func (o *Outputs) RoundTag(number int) int {
	if o.RoundGames <= 0 {
		return number
	}
	if o.RoundPyramid >= 2 {
		return pyramidRound(o.RoundPyramid, (number-1)/o.RoundGames)
	}
	return (number-1)/o.RoundGames + 1
}
