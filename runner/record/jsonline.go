package record

import (
	"encoding/json"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/spec"
)

// JSONGame is one finished game in the --games-jsonl file.
type JSONGame struct {
	Number      int        `json:"number"`
	White       string     `json:"white"`
	Black       string     `json:"black"`
	Result      string     `json:"result"`
	Termination string     `json:"termination"`
	Reason      string     `json:"reason"`
	StartFEN    string     `json:"start_fen,omitempty"`
	Opening     string     `json:"opening,omitempty"`
	Moves       []JSONMove `json:"moves"`
}

// JSONMove is one ply: always the move, its SAN, time and score; the
// optional fields only when the run asked for them (MoveFields).
type JSONMove struct {
	Move     string   `json:"move"`
	SAN      string   `json:"san"`
	Book     bool     `json:"book,omitempty"`
	TimeMS   *float64 `json:"time_ms,omitempty"`
	ScoreCP  *int     `json:"score_cp,omitempty"`
	Mate     *int     `json:"mate,omitempty"`
	Depth    *int32   `json:"depth,omitempty"`
	TimeLeft *float64 `json:"timeleft_ms,omitempty"`
	Latency  *float64 `json:"latency_ms,omitempty"`
	Nodes    *uint64  `json:"nodes,omitempty"`
	SelDepth *int32   `json:"seldepth,omitempty"`
	NPS      *uint64  `json:"nps,omitempty"`
	HashFull *int32   `json:"hashfull,omitempty"`
	TBHits   *uint64  `json:"tbhits,omitempty"`
	PV       string   `json:"pv,omitempty"`
	Lines    []string `json:"lines,omitempty"`
}

// JSONLine is the game as one line of JSON; g is its PGN game (for SAN).
func (r *GameRecord) JSONLine(g *pgn.Game, f spec.MoveFields) []byte {
	line := JSONGame{Number: r.Number, White: r.White, Black: r.Black, Result: r.Outcome.String(),
		Termination: string(r.Termination), Reason: r.Ending, StartFEN: r.StartFEN, Opening: r.Opening,
		Moves: make([]JSONMove, len(r.Plies))}
	ms := func(d float64) *float64 { return &d }
	for i := range r.Plies {
		p := &r.Plies[i]
		m := &line.Moves[i]
		m.Move, m.Book = p.Move.String(), p.Book
		if i < len(g.Moves) {
			m.SAN = g.Moves[i].SAN
		}
		if p.Book {
			continue
		}
		m.TimeMS = ms(float64(p.Elapsed.Microseconds()) / 1000)
		switch s := p.Info.Score; s.Kind {
		case protocol.ScoreCP:
			m.ScoreCP = &s.Value
		case protocol.ScoreMate:
			m.Mate = &s.Value
		}
		if p.Info.Depth > 0 {
			m.Depth = &p.Info.Depth
		}
		if f.TimeLeft && p.TimeLeft > 0 {
			m.TimeLeft = ms(float64(p.TimeLeft.Microseconds()) / 1000)
		}
		if f.Latency && p.Info.Time > 0 {
			m.Latency = ms(float64((p.Elapsed - p.Info.Time).Microseconds()) / 1000)
		}
		if f.Nodes && p.Info.Sent.Has(protocol.FieldNodes) {
			m.Nodes = &p.Info.Nodes
		}
		if f.SelDepth && p.Info.Sent.Has(protocol.FieldSelDepth) {
			m.SelDepth = &p.Info.SelDepth
		}
		if f.NPS && p.Info.Sent.Has(protocol.FieldNPS) {
			m.NPS = &p.Info.NPS
		}
		if f.HashFull && p.Info.Sent.Has(protocol.FieldHashFull) {
			m.HashFull = &p.Info.HashFull
		}
		if f.TBHits && p.Info.Sent.Has(protocol.FieldTBHits) {
			m.TBHits = &p.Info.TBHits
		}
		if f.PV {
			m.PV = p.Info.PV()
		}
		m.Lines = p.Info.Lines()
	}
	b, _ := json.Marshal(line)
	return append(b, '\n')
}
