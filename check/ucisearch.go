package check

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/runner"
)

// A position a check sends: where it starts, the moves after, and the
// position they lead to (for the legality of what comes back).
type sentPosition struct {
	fen   string // "" = startpos
	moves []string
	pos   *chess.Position
	cmd   []byte
}

func newSentPosition(fen string, chess960 bool, moves ...string) sentPosition {
	p := sentPosition{fen: fen, moves: moves}
	pos, err := chess.StartPosition(fen)
	if err != nil {
		panic(fmt.Sprintf("check: bad test position %q: %v", fen, err))
	}
	if chess960 {
		pos.SetChess960(true)
	}
	var pms []protocol.Move
	for _, m := range moves {
		mv, ok := pos.ParseUCI(m)
		if !ok {
			panic(fmt.Sprintf("check: test move %s illegal after %q", m, fen))
		}
		pms = append(pms, pos.CanonicalMove(mv))
		pos.MakeMove(mv)
	}
	p.pos = pos
	p.cmd = uci.AppendPositionAs(nil, fen, pms, chess960)
	return p
}

// infoAudit checks every info line of the battery's searches: it parses,
// and its PV is legal from the position searched. It keeps counts and the
// first few faulty lines, never every line: an engine may write hundreds of
// megabytes of them in one search.
type infoAudit struct {
	lines, scored, pvs  int
	malformed, badPV    int
	malformedFirst      []string // the first maxFaultyKept malformed lines, with why
	badPVFirst          []string // the first maxFaultyKept lines whose PV is not legal
	negativeTime        int      // lines whose time is below 0
	negativeTimeExample string
	msg                 uci.EngineMessage
}

// maxFaultyKept is how many faulty lines of each kind the audit keeps to show.
const maxFaultyKept = 3

// see audits one line; it returns the parsed info, or nil when the line
// is not a well-formed info line.
func (a *infoAudit) see(line string, from *chess.Position) *protocol.Info {
	if firstWord(line) != "info" {
		return nil
	}
	a.lines++
	if err := uci.ParseEngineLine([]byte(line), &a.msg); err != nil {
		a.malformed++
		if len(a.malformedFirst) < maxFaultyKept {
			a.malformedFirst = append(a.malformedFirst, clip(line)+" ("+err.Error()+")")
		}
		return nil
	}
	info := &a.msg.Info
	if info.HasScore() {
		a.scored++
	}
	if info.Sent.Has(protocol.FieldTime) && info.Time < 0 {
		if a.negativeTime++; a.negativeTime == 1 {
			a.negativeTimeExample = clip(line)
		}
	}
	if len(info.PV) == 0 || from == nil {
		return info
	}
	a.pvs++
	pos := from.Clone()
	for _, pm := range info.PV {
		m, ok := pos.FromProtocol(pm)
		if !ok {
			if a.badPV++; len(a.badPVFirst) < maxFaultyKept {
				a.badPVFirst = append(a.badPVFirst, fmt.Sprintf("%s (%s is not legal there)", clip(line), pm))
			}
			return info
		}
		pos.MakeMove(m)
	}
	return info
}

// clip is a line cut to what evidence shows, copied so that it does not
// hold the whole line.
func clip(line string) string {
	if len(line) > maxEvidenceLine {
		return strings.Clone(line[:maxEvidenceLine]) + "…"
	}
	return line
}

// searched is what a search gave.
type searched struct {
	best, ponder string
	took         time.Duration // from the go's write to the bestmove's read
	depth        int           // the deepest depth an info line gave
	nodes        uint64        // the last nodes count
	sawNodes     bool
	extra        int   // bestmoves after the first, before the readyok that follows it
	settleErr    error // no readyok after the bestmove
}

// search sends p and goCmd and waits up to timeout for bestmove, auditing
// the info lines on the way.
func (b *battery) search(s *session, p sentPosition, goCmd []byte, timeout time.Duration) (searched, error) {
	var r searched
	if err := s.send(p.cmd); err != nil {
		return r, err
	}
	sent := time.Now()
	if err := s.send(goCmd); err != nil {
		return r, err
	}
	l, err := s.until(timeout, func(l runner.RawLine) { b.seeInfo(l.Text, p.pos, &r) }, isBestMove)
	if err != nil {
		return r, err
	}
	r.took = l.At.Sub(sent)
	r.best, r.ponder = bestMoveWords(l.Text)
	r.extra, r.settleErr = b.settle(s)
	return r, nil
}

// settle follows a search's answer with isready and reads up to readyok:
// a bestmove before it is a second answer to the same go, counted here at
// the check where it happened rather than taken for the next check's.
func (b *battery) settle(s *session) (extra int, err error) {
	if err := s.send(uci.AppendCommand(nil, uci.CmdIsReady)); err != nil {
		return 0, err
	}
	_, err = s.until(b.o.Timeout, func(l runner.RawLine) {
		if isBestMove(l.Text) {
			extra++
		}
	}, isLine("readyok"))
	return extra, err
}

// settledVerdict is the verdict on what settle found, ok when nothing.
func settledVerdict(extra int, err error, timeout time.Duration) (detail string, ok bool) {
	switch {
	case err != nil:
		return explain(err, "readyok after the bestmove", timeout), false
	case extra == 1:
		return "answered twice: a second bestmove for the same go", false
	case extra > 1:
		return fmt.Sprintf("answered %d times: %d more bestmoves for the same go", extra+1, extra), false
	}
	return "", true
}

func (b *battery) seeInfo(line string, from *chess.Position, r *searched) {
	info := b.infos.see(line, from)
	if info == nil {
		return
	}
	if info.Sent.Has(protocol.FieldDepth) {
		r.depth = max(r.depth, info.Depth)
	}
	if info.Sent.Has(protocol.FieldNodes) {
		r.nodes, r.sawNodes = info.Nodes, true
	}
}

func isBestMove(line string) bool { return firstWord(line) == "bestmove" }

// bestMoveWords are the move and ponder move of a bestmove line.
func bestMoveWords(line string) (best, ponder string) {
	f := strings.Fields(line)
	if len(f) > 1 {
		best = f[1]
	}
	if len(f) > 3 && f[2] == "ponder" {
		ponder = f[3]
	}
	return best, ponder
}

// ponderLegal says whether ponder is legal after best in pos.
func ponderLegal(pos *chess.Position, best, ponder string) bool {
	m, ok := pos.ParseUCI(best)
	if !ok {
		return false
	}
	after := pos.Clone()
	after.MakeMove(m)
	return legal(after, ponder)
}

// legal says whether move is legal in pos.
func legal(pos *chess.Position, move string) bool {
	_, ok := pos.ParseUCI(move)
	return ok
}

// searchResult turns a search into a verdict: an answer in time, a legal
// move; check adds its own test of the figures.
func (b *battery) searchResult(s *session, name string, p sentPosition, r searched, err error, timeout time.Duration, check func(searched) (Status, string)) *session {
	switch {
	case err != nil:
		b.result(name, Fail, explain(err, "bestmove", timeout), s)
		return b.stopOrDrop(s, err)
	case !legal(p.pos, r.best):
		b.result(name, Fail, fmt.Sprintf("bestmove %q is not legal in %s", r.best, p.pos.FEN()), s)
		return s
	}
	if detail, ok := settledVerdict(r.extra, r.settleErr, b.o.Timeout); !ok {
		b.result(name, Fail, fmt.Sprintf("bestmove %s, then %s", r.best, detail), s)
		if r.settleErr != nil {
			return b.drop(s)
		}
		return s
	}
	st, detail := Pass, fmt.Sprintf("bestmove %s after %v", r.best, r.took.Round(time.Millisecond))
	if check != nil {
		st, detail = check(r)
	}
	if st == Pass && r.ponder != "" && !ponderLegal(p.pos, r.best, r.ponder) {
		st, detail = Warn, fmt.Sprintf("bestmove %s, but its ponder move %s is not legal after it: a GUI that ponders sends it", r.best, r.ponder)
	}
	b.result(name, st, detail, s)
	return s
}

// stopOrDrop: after a search that did not end in time, stop it; an
// engine that does not answer stop either is dropped.
func (b *battery) stopOrDrop(s *session, err error) *session {
	if errors.Is(err, errGone) {
		return b.drop(s)
	}
	s.send(uci.AppendCommand(nil, uci.CmdStop))
	if _, err := s.until(time.Second, nil, isBestMove); err != nil {
		return b.drop(s)
	}
	return s
}

// The positions every engine must take: from the start and from FENs with
// either side to move, and moves that castle, take en passant and promote.
func testPositions() []struct {
	name string
	p    sentPosition
} {
	return []struct {
		name string
		p    sentPosition
	}{
		{"position startpos", newSentPosition("", false)},
		{"position fen, white to move", newSentPosition("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", false)},
		{"position fen, black to move", newSentPosition("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2", false)},
		{"position moves: castling", newSentPosition("", false, "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1")},
		{"position moves: en passant", newSentPosition("", false, "e2e4", "g8f6", "e4e5", "d7d5", "e5d6")},
		{"position moves: promotion", newSentPosition("8/P5k1/8/8/8/8/6K1/8 w - - 0 1", false, "a7a8q")},
		{"position moves: under-promotion", newSentPosition("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", false, "b7b8n")},
	}
}

// uciSearches are the checks that search: every test position at depth
// 1, go in each of its forms, stop and isready during a search, a burst of
// go/stop, mate and stalemate, Chess960 and ponder when declared, and the
// info lines of all of them.
func (b *battery) uciSearches(s *session, decls []uci.OptionDecl) *session {
	for _, tp := range testPositions() {
		s = b.aliveFor(s, tp.name)
		if s == nil {
			continue
		}
		r, err := b.search(s, tp.p, uci.AppendGo(nil, &uci.Go{Depth: 1}), b.o.Timeout)
		s = b.searchResult(s, tp.name+" (go depth 1)", tp.p, r, err, b.o.Timeout, nil)
	}
	s = b.uciGoForms(s)
	s = b.uciInfinite(s)
	s = b.uciBurst(s)
	s = b.uciNoMove(s, "mated: bestmove (none) or 0000", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
	s = b.uciNoMove(s, "stalemated: bestmove (none) or 0000", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	s = b.uciChess960(s, declared(decls, uci.OptChess960))
	s = b.uciPonder(s, declared(decls, uci.OptPonder))
	b.infoVerdict()
	return s
}

// declared says whether the engine declared the option name.
func declared(decls []uci.OptionDecl, name string) bool {
	for _, d := range decls {
		if strings.EqualFold(d.Name, name) {
			return true
		}
	}
	return false
}

func (b *battery) infoVerdict() {
	a := &b.infos
	const name = "info lines: well formed, PVs legal"
	switch {
	case a.malformed > 0:
		b.add(Result{Name: name, Status: Fail, Detail: fmt.Sprintf("%d of %d info lines malformed", a.malformed, a.lines), Evidence: a.malformedFirst})
	case a.badPV > 0:
		b.add(Result{Name: name, Status: Fail, Detail: fmt.Sprintf("%d of %d PVs not legal from the position searched", a.badPV, a.pvs), Evidence: a.badPVFirst})
	case a.negativeTime > 0:
		b.add(Result{Name: name, Status: Fail, Detail: fmt.Sprintf("%d of %d info lines give a time below 0: a runner cannot compare it with its own clock", a.negativeTime, a.lines), Evidence: []string{a.negativeTimeExample}})
	case a.scored == 0:
		b.add(Result{Name: name, Status: Warn, Detail: fmt.Sprintf("%d info lines, none with a score: a runner cannot adjudicate or log evaluations", a.lines)})
	default:
		b.add(Result{Name: name, Status: Pass, Detail: fmt.Sprintf("%d info lines parse, %d with a score, %d PVs all legal", a.lines, a.scored, a.pvs)})
	}
}
