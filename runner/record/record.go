package record

import (
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/spec"
)

// GameRecord is a finished game: who played, what, and how it ended.
type GameRecord struct {
	Number      int // 1-based, in schedule order
	White       string
	Black       string
	StartFEN    string
	Plies       []Ply
	Outcome     Outcome
	Termination Termination
	Ending      string // the final comment: "White mates", "Black loses on time"
	// Culprit is the side whose engine ended the game by a fault (Failure
	// says which) or by resigning; Replace says its engine must be replaced.
	Culprit     Color
	Failure     Failure
	Replace     bool
	TimeControl [2]spec.TimeControl
	Started     time.Time
	Duration    time.Duration
	Opening     string // where the opening came from
	Variant     spec.Variant
	FinalFEN    string
	// Overrun is, for a time forfeit, how far past its time the culprit's
	// move came (when none came, how long past it the runner waited: the
	// margin at least).
	Overrun time.Duration `json:",omitempty"`
	// Engines is what each engine, by colour, called itself.
	Engines [2]Identity `json:",omitempty"`
	// Place is where the game sits in its run's schedule; it crosses the
	// wire with the job, not with the record.
	Place Place `json:"-"`
}

// Identity is what an engine says of itself in its handshake (UCI's id
// name and id author, XBoard's myname).
type Identity struct {
	Name   string `json:",omitempty"`
	Author string `json:",omitempty"`
	// Threads and Hash are the defaults it declared for these options
	// (UCI spin options), 0 when it declared none.
	Threads int `json:",omitempty"`
	Hash    int `json:",omitempty"`
}

// Place is a game's place in its run's schedule: its encounter, its pair
// (the two games of a pair share an opening, colours swapped), the engines
// by index and the opening's index; Round, when the schedule gives it
// (cutechess-cli's knockout round), is its PGN Round tag.
type Place struct {
	Encounter, Pair int
	White, Black    int
	Opening         int
	Round           int // 0: the tag follows from the game's number
}

// SetEnd records how the game ended.
func (r *GameRecord) SetEnd(e End) {
	r.Outcome, r.Termination, r.Ending = e.Outcome, e.Termination, e.Text
	r.Culprit, r.Failure, r.Replace = e.Culprit, e.Failure, e.Replace
}

// Pair is the game's pair in the schedule (0-based): the two games of a
// pair share an opening, colours swapped.
func (r *GameRecord) Pair() int { return r.Place.Pair }

// Encounter is the index of the game's encounter in the run's results.
func (r *GameRecord) Encounter() int { return r.Place.Encounter }

// Ply is one half-move of a game as the runner saw it.
type Ply struct {
	Move protocol.Move
	Book bool // from the opening, not played by an engine (beside Move: it fits in Move's padding)
	// RunnerLateMicros is how long autoplay's own goroutines were kept
	// from running during the move, in µs, as its heartbeat saw it: time
	// in Elapsed that is the machine's or the runner's, not the engine's
	// (in the padding after Book; not in the wire form: 0 from a slot
	// process or a worker).
	RunnerLateMicros uint32
	Info             MoveInfo
	Elapsed          time.Duration
	TimeLeft         time.Duration // the mover's clock after the move (0 without a clock)
}

// MoveInfo is the part of an engine's last search info that the runner
// keeps per move (PGN comment, adjudication). Apart from KeptText (the PV
// and lines asked for, handed over), it holds no pointers, so it can cross
// goroutines by value without sharing memory.
type MoveInfo struct {
	// Sent names the counters the engine reported; the others are zero
	// and left out of the PGN comment and the JSON line.
	Sent protocol.Fields
	// Depth, SelDepth and HashFull are int32, packed with Sent into two
	// words of what every ply of every live game holds.
	Depth    int32
	SelDepth int32
	HashFull int32 // permille
	Score    protocol.Score
	Nodes    uint64
	NPS      uint64
	TBHits   uint64
	Time     time.Duration // the search time the engine reported
	// KeptText is set only when the run asks for the PV or lines (MoveFields.PV,
	// MatchLine): each move gets a fresh one, handed over, never shared.
	// Behind a pointer, they cost a ply of a run that asks for neither one
	// word rather than five.
	KeptText *KeptText
}

// KeptText is the text an engine sent with a move that the run keeps: its
// PV (--pgn-fields pv) and its lines matching --pgn-match-line.
type KeptText struct {
	PV    string   // its last PV, coordinate moves separated by spaces
	Lines []string // its lines matching match_line
}

// PV is the move's principal variation as the engine gave it, or "".
func (m *MoveInfo) PV() string {
	if m.KeptText == nil {
		return ""
	}
	return m.KeptText.PV
}

// Lines are the engine's lines kept with the move (match_line).
func (m *MoveInfo) Lines() []string {
	if m.KeptText == nil {
		return nil
	}
	return m.KeptText.Lines
}
