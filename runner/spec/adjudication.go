package spec

// Adjudication is what ends a game before the rules do: a move limit,
// the draw and resign rules on the engines' scores, and Syzygy tables.
type Adjudication struct {
	MaxMoves int                 `json:"maxmoves,omitempty"` // draw by adjudication after this many full moves by the engines; 0 = never
	Draw     *DrawAdjudication   `json:"draw,omitempty"`
	Resign   *ResignAdjudication `json:"resign,omitempty"`
	// Syzygy adjudication: TB is the tables' directories (DIR1:DIR2),
	// TBPieces the most pieces adjudicated (0 = all the tables hold),
	// TBAdjudicate both, win or draw ("" = both).
	TB           string `json:"tb,omitempty"`
	TBPieces     int    `json:"tb_pieces,omitempty"`
	TBAdjudicate string `json:"tb_adjudicate,omitempty"`
	// TBAfterMove: the tables judge a position only after a move, never
	// the start position (cutechess-cli probes them as it takes a move's
	// score), so a start they decide is played one move.
	TBAfterMove bool `json:"tb_after_move,omitempty"`
}

// TBMode is the tables' adjudication mode: TBAdjudicate, or TBBoth when
// it is "". Complete leaves the "" in place, as the wire form and a resumed
// run's fingerprint hold it.
func (a *Adjudication) TBMode() string {
	if a.TBAdjudicate == "" {
		return TBBoth
	}
	return a.TBAdjudicate
}

// TB adjudication modes (fastchess's -tbadjudicate).
const (
	TBBoth = "both" // wins, losses and draws
	TBWin  = "win"  // decisive results only
	TBDraw = "draw" // draws only
)

// DrawAdjudication ends a game as a draw once both engines' scores have
// stayed within ±Score centipawns for MoveCount consecutive moves each,
// counted from full move MoveNumber on.
type DrawAdjudication struct {
	MoveNumber int
	MoveCount  int
	Score      int
}

// ResignAdjudication ends a game when an engine's score has been at or below
// -Score centipawns for MoveCount consecutive moves; with TwoSided its
// opponent's score must also have been at or above +Score.
type ResignAdjudication struct {
	MoveCount int
	Score     int
	TwoSided  bool
}
