package live

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/spec"
)

// GameReview is a finished game as the dashboard's viewer steps through
// it (api/games/N.json): the moves in UCI for the board and in SAN for the
// move list, with what each engine said of its move and the clocks.
type GameReview struct {
	Number   int    `json:"number"`
	White    string `json:"white"`
	Black    string `json:"black"`
	Result   string `json:"result"`
	Reason   string `json:"reason"`
	StartFEN string `json:"start_fen"` // "" for the standard start
	// Variant is the game's Variant tag as autoplay names it ("crazyhouse",
	// "fischerandom"); "" for chess.
	Variant string `json:"variant,omitempty"`
	// Positions are, in a variant other than Chess960, the FEN before the
	// first move and after each (pockets, promoted pieces, checks left):
	// the board is drawn from them, not by replaying the moves, as drops
	// and explosions are the chess core's rules, not the page's.
	Positions []string `json:"positions,omitempty"`
	// Moves are UCI, castling as the king's step (e8c8); in Chess960, where
	// that does not say which rook castles, with the rook's file (e1g1/h).
	Moves []string    `json:"moves"`
	Plies []ReviewPly `json:"plies"`
	Tags  [][2]string `json:"tags"` // the PGN's tags, in order, the first maxReviewTags
	// Omitted says what of the game is not shown (tags past the first
	// maxReviewTags, moves past maxReviewPlies); "" when nothing.
	Omitted string    `json:"omitted,omitempty"`
	TC      [2]string `json:"time_controls"`
	start   *chess.Position
}

// ReviewPly is one move of a reviewed game.
type ReviewPly struct {
	SAN     string  `json:"san"`
	Comment string  `json:"comment,omitempty"` // the PGN comment as written
	Book    bool    `json:"book,omitempty"`
	Score   string  `json:"score,omitempty"` // "+0.35", "-M3": the mover's view
	Depth   int     `json:"depth,omitempty"`
	Seconds float64 `json:"seconds,omitempty"` // time the move took
	// ClockNS is the mover's clock after the move: from the comment's tl=
	// when written, else counted from the time control and the moves' times;
	// absent without a clock.
	ClockNS *time.Duration `json:"clock_ns,omitempty"`
}

// The patterns of a reviewed game's text, compiled on first use (view and
// the dashboard), not at the start of every autoplay process.
var (
	viewNumber = onFirstUse(`^\d+\.+`)
	// "+0.35/12 0.512s", "-M3/20 1.000s", "0.512s", then ", tl=9.870s, ..."
	viewComment  = onFirstUse(`^(?:([+-](?:\d+\.\d+|M\d+))/(\d+) )?(\d+(?:\.\d+)?)s\b`)
	viewTimeLeft = onFirstUse(`\btl=(\d+(?:\.\d+)?)s\b`)
)

func onFirstUse(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// reviewOf reads one game's text: its tags, its moves (up to the first it
// cannot read) with their comments, and the last comment as the reason.
func reviewOf(text string) GameReview {
	head, body, _ := strings.Cut(text, "\n\n")
	g := GameReview{}
	var tags map[string]string
	var omittedTags int
	g.Tags, tags, omittedTags = reviewTags(head)
	g.White, g.Black, g.Result, g.StartFEN = tags["White"], tags["Black"], tags["Result"], tags["FEN"]
	variant := variantOfTag(tags["Variant"])
	pos, err := variant.StartPosition(g.StartFEN)
	if err != nil {
		variant = spec.Standard
		pos = chess.NewPosition()
	}
	if variant != spec.Standard {
		g.Variant = string(variant)
	}
	g.start = pos.Clone()
	chess960 := pos.Chess960() || variant.IsChess960()
	positions := variant.IsVariant()
	if positions {
		g.Positions = append(g.Positions, pos.FEN())
	}
	reading, cut := true, false
	last := movetext(body, func(tok string) {
		if !reading {
			return
		}
		tok = viewNumber().ReplaceAllString(tok, "")
		if tok == "" || tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*" {
			return
		}
		if len(g.Moves) == maxReviewPlies {
			reading, cut = false, true
			return
		}
		m, err := pos.ParseSAN(tok)
		if err != nil {
			reading = false
			return
		}
		g.Moves = append(g.Moves, liveMove(pos.CanonicalMove(m), chess960))
		g.Plies = append(g.Plies, ReviewPly{SAN: pos.SAN(m)})
		pos.MakeMove(m)
		if positions {
			g.Positions = append(g.Positions, pos.FEN())
		}
	}, func(comment string) {
		if reading && len(g.Plies) > 0 && g.Plies[len(g.Plies)-1].Comment == "" {
			g.Plies[len(g.Plies)-1].readComment(comment)
		}
	})
	g.Reason = capReason(last)
	g.TC = [2]string{tags["TimeControl"], tags["TimeControl"]}
	if g.TC[0] == "" {
		g.TC = [2]string{tags["WhiteTimeControl"], tags["BlackTimeControl"]}
	}
	g.countClocks()
	g.Omitted = omittedNote(omittedTags, cut)
	return g
}

// readComment takes the figures of a move's comment: "book", or score,
// depth and time in the form autoplay, cutechess-cli and fastchess write.
func (p *ReviewPly) readComment(c string) {
	c = capped(c, maxReviewComment)
	c = strings.Join(strings.Fields(c), " ") // a PGN writer may wrap it over lines
	p.Comment = capReason(c)
	if c == "book" || strings.HasPrefix(c, "book,") {
		p.Book = true
		return
	}
	m := viewComment().FindStringSubmatch(c)
	if m == nil {
		return
	}
	p.Score = m[1]
	p.Depth, _ = strconv.Atoi(m[2])
	p.Seconds, _ = strconv.ParseFloat(m[3], 64)
	if tl := viewTimeLeft().FindStringSubmatch(c); tl != nil {
		if d, err := spec.ParseSeconds(tl[1]); err == nil {
			p.ClockNS = &d
		}
	}
}

// countClocks gives each move the mover's clock after it, where the
// comments did not: each side's clock started from its time control and
// run down by the moves' times, as the game's clock was.
func (g *GameReview) countClocks() {
	var clocks [2]game.Clock
	for side, text := range g.TC {
		tc, err := spec.ParseTag(text)
		if err != nil || !tc.HasClock() {
			return
		}
		clocks[side] = game.NewClock(tc)
	}
	mover := 0
	if g.start != nil && g.start.SideToMove() == chess.Black {
		mover = 1
	}
	var behind [2]time.Duration // what a written tl= said the count was off by
	for i := range g.Plies {
		p := &g.Plies[i]
		game.PunchMove(&clocks, chess.Color(mover), time.Duration(p.Seconds*float64(time.Second)), time.Duration(1<<62))
		if p.ClockNS != nil {
			behind[mover] = *p.ClockNS - clocks[mover].Remaining()
		} else {
			left := max(clocks[mover].Remaining()+behind[mover], 0)
			p.ClockNS = &left
		}
		mover = 1 - mover
	}
}

// finishedOf is the review as the finished list holds a game.
func (g *GameReview) finishedOf(text string) FinishedGame {
	return FinishedGame{Result: g.Result, StartFEN: g.StartFEN, PGN: trimmedLine(text),
		Reason: g.Reason, Plies: len(g.Moves), Moves: g.Moves}
}

// trimmedLine is text without the space around it, ending in one newline:
// a part of text when it has one there (a game of megabytes is not copied).
func trimmedLine(text string) string {
	start := len(text) - len(strings.TrimLeftFunc(text, unicode.IsSpace))
	end := len(strings.TrimRightFunc(text, unicode.IsSpace))
	if start >= end {
		return "\n"
	}
	if end < len(text) && text[end] == '\n' {
		return text[start : end+1]
	}
	return text[start:end] + "\n"
}

// parseViewedGame reads one game's text: its result, start, last comment
// as the reason, and its moves as UCI for the viewer (up to the first it
// cannot read).
func parseViewedGame(text string) FinishedGame {
	r := reviewOf(text)
	return r.finishedOf(text)
}

// Review is a finished game read for the viewer, if it is still kept.
func (l *State) Review(number int) (GameReview, bool) {
	fg, ok := l.Finished(number)
	if !ok {
		return GameReview{}, false
	}
	r := reviewOf(fg.PGN)
	r.Number, r.White, r.Black = number, fg.White, fg.Black
	if r.Moves == nil {
		r.Moves, r.Plies = []string{}, []ReviewPly{}
	}
	return r, true
}

// movetext gives each token of a game's movetext outside {comments} to
// each, and each comment to comment; it returns the last comment: one
// pass, whatever a comment's size.
func movetext(body string, each, comment func(string)) (lastComment string) {
	for i := 0; i < len(body); {
		switch c := body[i]; {
		case c == '{':
			end := strings.IndexByte(body[i:], '}')
			if end < 0 {
				return body[i+1:]
			}
			lastComment = body[i+1 : i+end]
			if comment != nil {
				comment(lastComment)
			}
			i += end + 1
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
		default:
			j := i
			for j < len(body) && !strings.ContainsRune(" \n\r\t{", rune(body[j])) {
				j++
			}
			each(body[i:j])
			i = j
		}
	}
	return lastComment
}
