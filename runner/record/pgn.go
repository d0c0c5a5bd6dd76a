package record

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/spec"
)

// PGN turns the record into a PGN game, tagged in the run's PGN style. SAN
// is worked out here, by replaying the moves, so that the per-move path
// never spells moves.
func (r *GameRecord) PGN(o *spec.Outputs) (*pgn.Game, error) {
	pos, err := r.Variant.StartPosition(r.StartFEN)
	if err != nil {
		return nil, err
	}
	var buf [8]byte
	g := &pgn.Game{
		StartFEN: r.StartFEN,
		Moves:    make([]pgn.Move, 0, len(r.Plies)),
		Result:   r.Outcome.String(),
		Ending:   r.Ending,
	}
	style := commentStyleOf(o.PGNStyle)
	for i := range r.Plies {
		p := &r.Plies[i]
		san, _, ok := pos.PlaySAN(buf[:0], p.Move)
		if !ok {
			return nil, fmt.Errorf("game %d ply %d %s: illegal move", r.Number, i+1, p.Move)
		}
		g.Moves = append(g.Moves, pgn.Move{SAN: string(san), Comment: p.comment(o.MoveFields, style)})
	}
	g.Tags = r.tags(o)
	if o.PGNStyle != spec.PGNAutoplay {
		if r.StartFEN == chess.StartFEN && !r.Variant.IsChess960() && !r.Variant.IsVariant() {
			g.StartFEN = "" // the drop-in tools write no FEN for the standard start
		}
		toolMovetext(g, o.PGNStyle)
	}
	return g, nil
}

// comment is the move's PGN comment: "book", or score/depth and time as
// "+0.35/12 0.512s" (mate scores "+M5/20 0.100s", "-M3/9 ..."), score from
// the mover's point of view.
func (p *Ply) comment(fields spec.MoveFields, style commentStyle) string {
	if p.Book {
		return "book"
	}
	return p.scoreText(style) + p.extras(fields)
}

// commentStyle is how a PGN style writes a move's score and time.
type commentStyle struct {
	seconds func(time.Duration) string
	// toolScores: a zero score unsigned ("0.00") and a mate as the plies
	// to it ("+M9" for mate in 5, "-M6" when mated in 3), as cutechess-cli
	// and fastchess write them; autoplay writes "+0.00" and "+M5".
	toolScores bool
}

// seconds writes a duration as autoplay and fastchess do: "0.512s".
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) + "s" }

// extras are the asked-for fields after the score, in fastchess's order
// and spelling: ", tl=9.870s, latency=0.002s, n=1234, sd=15, nps=..., hashfull=..,
// tbhits=.., pv="e2e4 e7e5", line="info string ...""
func (p *Ply) extras(f spec.MoveFields) string {
	var b strings.Builder
	add := func(s string) { b.WriteString(", "); b.WriteString(s) }
	if f.TimeLeft && p.TimeLeft > 0 {
		add("tl=" + seconds(p.TimeLeft))
	}
	if f.Latency && p.Info.Time > 0 {
		add("latency=" + seconds(p.Elapsed-p.Info.Time))
	}
	if f.Nodes && p.Info.Sent.Has(protocol.FieldNodes) {
		add("n=" + strconv.FormatUint(p.Info.Nodes, 10))
	}
	if f.SelDepth && p.Info.Sent.Has(protocol.FieldSelDepth) {
		add("sd=" + strconv.Itoa(int(p.Info.SelDepth)))
	}
	if f.NPS && p.Info.Sent.Has(protocol.FieldNPS) {
		add("nps=" + strconv.FormatUint(p.Info.NPS, 10))
	}
	if f.HashFull && p.Info.Sent.Has(protocol.FieldHashFull) {
		add("hashfull=" + strconv.Itoa(int(p.Info.HashFull)))
	}
	if f.TBHits && p.Info.Sent.Has(protocol.FieldTBHits) {
		add("tbhits=" + strconv.FormatUint(p.Info.TBHits, 10))
	}
	if pv := p.Info.PV(); f.PV && pv != "" {
		add(`pv="` + pv + `"`)
	}
	for _, l := range p.Info.Lines() {
		add(`line="` + commentSafe(l) + `"`)
	}
	return b.String()
}

// commentSafe keeps engine text from ending the PGN comment or the quotes.
func commentSafe(s string) string {
	return strings.NewReplacer("}", ")", "{", "(", `"`, "'").Replace(s)
}

// ScoreText is "+0.35/12 0.512s", or the time alone without a score.
func (p *Ply) ScoreText() string { return p.scoreText(commentStyle{seconds: seconds}) }

func (p *Ply) scoreText(style commentStyle) string {
	secs := style.seconds(p.Elapsed)
	var score string
	switch s := p.Info.Score; s.Kind {
	case protocol.ScoreCP:
		score = strconv.FormatFloat(float64(s.Value)/100, 'f', 2, 64)
		if s.Value > 0 || s.Value == 0 && !style.toolScores {
			score = "+" + score
		}
	case protocol.ScoreMate:
		moves := s.Value
		if style.toolScores {
			moves = matePlies(s.Value)
		}
		if s.Value > 0 {
			score = "+M" + strconv.Itoa(moves)
		} else { // "mate 0": the side to move is mated
			score = "-M" + strconv.Itoa(abs(moves))
		}
	default:
		return secs
	}
	return score + "/" + strconv.Itoa(int(p.Info.Depth)) + " " + secs
}

// EPDLine is the game's final position as an EPD line: the position's four
// fields, then the move counters and the game as operations.
func (r *GameRecord) EPDLine() string {
	fields := strings.Fields(r.FinalFEN)
	if len(fields) < 6 {
		return ""
	}
	return fmt.Sprintf("%s hmvc %s; fmvn %s; id \"game %d\"; c0 \"%s vs %s, %s\";\n",
		strings.Join(fields[:4], " "), fields[4], fields[5], r.Number, r.White, r.Black, r.Outcome)
}
