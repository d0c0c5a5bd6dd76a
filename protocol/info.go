package protocol

import "time"

// ScoreKind says what a Score's Value counts.
type ScoreKind uint8

// Score kinds.
const (
	ScoreNone ScoreKind = iota // the engine sent no score
	ScoreCP                    // centipawns from the side to move's view
	ScoreMate                  // moves (not plies) to mate; negative when being mated
)

// Bound says whether a score is exact or only a bound from a failed window.
type Bound uint8

// Score bounds.
const (
	BoundExact Bound = iota
	BoundLower       // "lowerbound": the true score is at least Value
	BoundUpper       // "upperbound": the true score is at most Value
)

// Score is an engine's evaluation, from the side to move's point of view.
type Score struct {
	Value int
	Kind  ScoreKind // after Value: 16 bytes rather than 24, in every ply of every game
	Bound Bound
}

// Fields is a set of Info's counters an engine sent: a counter it did not
// send is zero in Info, and so is one it sent as 0, so readers that must
// tell the two apart (a PGN comment) ask Sent.
type Fields uint8

// Info counters.
const (
	FieldDepth Fields = 1 << iota
	FieldSelDepth
	FieldNodes
	FieldNPS
	FieldTime
	FieldHashFull
	FieldTBHits
)

// Info is everything an engine reports about its search in one line, the same
// value whichever protocol carried it. Zero fields were not sent, or were
// sent as 0: Sent tells which counters the line held.
type Info struct {
	Sent           Fields
	Depth          int
	SelDepth       int
	MultiPV        int
	Score          Score
	Nodes          uint64
	NPS            uint64
	Time           time.Duration
	HashFull       int // permille
	TBHits         uint64
	CurrMove       Move
	CurrMoveNumber int
	PV             []Move
	String         string // free text after "string"; the rest of the line
}

// HasScore reports whether the info carries an evaluation, which is what makes
// it worth keeping as the "last full info" for a move's PGN comment.
func (i *Info) HasScore() bool { return i.Score.Kind != ScoreNone }

// Reset clears i for reuse, keeping the PV's capacity so parsing the next line
// does not allocate.
func (i *Info) Reset() {
	pv := i.PV[:0]
	*i = Info{PV: pv}
}

// Has says whether the engine sent every counter of f.
func (f Fields) Has(field Fields) bool { return f&field == field }
