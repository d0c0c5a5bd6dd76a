package check

import (
	"fmt"
	"time"

	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/runner"
)

// Limits the go checks ask for, and how far over one may go.
const (
	checkMoveTime  = 200 * time.Millisecond
	moveTimeSlack  = 100 * time.Millisecond // over movetime: still a pass
	checkDepth     = 4
	checkNodes     = 20000
	nodeSlackPart  = 20                     // over the node limit by a twentieth (5 %): still a pass
	stopAnswer     = 100 * time.Millisecond // stop to bestmove: a pass within this
	stopAnswerMax  = time.Second            // beyond it, a fail
	burstSearches  = 100
	thinkBeforeStp = 300 * time.Millisecond
)

// uciGoForms sends go with clocks in both orders, movetime, depth and
// nodes; each must give a legal move, within its limit.
func (b *battery) uciGoForms(s *session) *session {
	black := newSentPosition("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2", false)
	start := newSentPosition("", false)
	clock := uci.Go{Clock: true, WTime: 10 * time.Second, BTime: 10 * time.Second, WInc: 100 * time.Millisecond, BInc: 100 * time.Millisecond}
	forms := []struct {
		name  string
		p     sentPosition
		g     uci.Go
		check func(searched) (Status, string)
	}{
		{"go wtime btime winc binc", start, clock, nil},
		{"go btime binc wtime winc (black to move)", black, func() uci.Go { g := clock; g.BlackFirst = true; return g }(), nil},
		{"go movetime", start, uci.Go{MoveTime: checkMoveTime}, func(r searched) (Status, string) {
			over := r.took - checkMoveTime
			detail := fmt.Sprintf("movetime %v: bestmove after %v", checkMoveTime, r.took.Round(time.Millisecond))
			switch {
			case over > stopAnswerMax:
				return Fail, detail
			case over > moveTimeSlack:
				return Warn, detail + fmt.Sprintf(", %v over", over.Round(time.Millisecond))
			}
			return Pass, detail
		}},
		{"go depth", start, uci.Go{Depth: checkDepth}, func(r searched) (Status, string) {
			switch {
			case r.depth == 0:
				return Warn, fmt.Sprintf("depth %d: no info line gave a depth", checkDepth)
			case r.depth > checkDepth:
				return Warn, fmt.Sprintf("depth %d: searched to depth %d", checkDepth, r.depth)
			}
			return Pass, fmt.Sprintf("depth %d: deepest info depth %d, bestmove %s", checkDepth, r.depth, r.best)
		}},
		{"go nodes", start, uci.Go{Nodes: checkNodes}, func(r searched) (Status, string) {
			switch {
			case !r.sawNodes:
				return Warn, fmt.Sprintf("nodes %d: no info line gave a node count, so the limit cannot be seen", checkNodes)
			case r.nodes > 2*checkNodes:
				return Fail, fmt.Sprintf("nodes %d: searched %d (%.0f%% over)", checkNodes, r.nodes, 100*float64(r.nodes-checkNodes)/checkNodes)
			case r.nodes > checkNodes+checkNodes/nodeSlackPart:
				return Warn, fmt.Sprintf("nodes %d: searched %d (%.1f%% over)", checkNodes, r.nodes, 100*float64(r.nodes-checkNodes)/checkNodes)
			case r.nodes > checkNodes:
				return Pass, fmt.Sprintf("nodes %d: searched %d (%.1f%% over: engines test the count now and then)", checkNodes, r.nodes, 100*float64(r.nodes-checkNodes)/checkNodes)
			}
			return Pass, fmt.Sprintf("nodes %d: last count %d", checkNodes, r.nodes)
		}},
	}
	for _, f := range forms {
		s = b.aliveFor(s, f.name)
		if s == nil {
			continue
		}
		g := f.g
		r, err := b.search(s, f.p, uci.AppendGo(nil, &g), b.o.Timeout)
		s = b.searchResult(s, f.name, f.p, r, err, b.o.Timeout, f.check)
	}
	return s
}

// uciInfinite: go infinite gives no move before stop; isready is answered
// during the search; stop is answered with a legal move, soon.
func (b *battery) uciInfinite(s *session) *session {
	const during, stopName = "isready during a search", "go infinite, then stop"
	s = b.aliveFor(s, stopName)
	if s == nil {
		return nil
	}
	p := newSentPosition("", false)
	var r searched
	s.send(p.cmd)
	s.send(uci.AppendGo(nil, &uci.Go{Infinite: true}))
	seen := func(l runner.RawLine) { b.seeInfo(l.Text, p.pos, &r) }
	time.Sleep(thinkBeforeStp / 2)
	asked := time.Now()
	s.send(uci.AppendCommand(nil, uci.CmdIsReady))
	early := false
	l, err := s.until(stopAnswerMax, seen, func(line string) bool {
		early = early || isBestMove(line)
		return isLine("readyok")(line)
	})
	switch {
	case err != nil:
		b.result(during, Fail, explain(err, "readyok while searching", stopAnswerMax), s)
	case early:
		b.result(during, Fail, "a bestmove came before stop, in go infinite", s)
	default:
		b.result(during, Pass, fmt.Sprintf("readyok %v after isready", l.At.Sub(asked).Round(time.Millisecond)), s)
	}
	if err == nil {
		s.drain(thinkBeforeStp/2, func(l runner.RawLine) {
			seen(l)
			early = early || isBestMove(l.Text)
		})
	}
	if early {
		b.result(stopName, Fail, "bestmove before stop: go infinite must search until stop", s)
		return s
	}
	stopped := time.Now()
	s.send(uci.AppendCommand(nil, uci.CmdStop))
	l, err = s.until(stopAnswerMax, seen, isBestMove)
	if err != nil {
		b.result(stopName, Fail, explain(err, "bestmove after stop", stopAnswerMax), s)
		return b.drop(s)
	}
	took := l.At.Sub(stopped)
	best, _ := bestMoveWords(l.Text)
	extra, serr := b.settle(s)
	twice, settled := settledVerdict(extra, serr, b.o.Timeout)
	switch {
	case !settled:
		b.result(stopName, Fail, fmt.Sprintf("bestmove %s after stop, then %s", best, twice), s)
		if serr != nil {
			return b.drop(s)
		}
	case !legal(p.pos, best):
		b.result(stopName, Fail, fmt.Sprintf("bestmove %q after stop is not legal", best), s)
	case took > stopAnswer:
		b.result(stopName, Warn, fmt.Sprintf("bestmove %v after stop (over %v)", took.Round(time.Millisecond), stopAnswer), s)
	default:
		b.result(stopName, Pass, fmt.Sprintf("bestmove %s %v after stop", best, took.Round(time.Millisecond)), s)
	}
	return s
}

// uciBurst: a hundred go infinite / stop in a row, each answered with a
// legal move, and the engine still in step (isready) after.
func (b *battery) uciBurst(s *session) *session {
	name := fmt.Sprintf("%d go/stop in a row", burstSearches)
	s = b.aliveFor(s, name)
	if s == nil {
		return nil
	}
	p := newSentPosition("", false)
	cycle := append(append(append([]byte(nil), p.cmd...), uci.AppendGo(nil, &uci.Go{Infinite: true})...), uci.AppendCommand(nil, uci.CmdStop)...)
	start := time.Now()
	var r searched
	for i := 0; i < burstSearches; i++ {
		s.send(cycle)
		l, err := s.until(stopAnswerMax, func(l runner.RawLine) { b.seeInfo(l.Text, p.pos, &r) }, isBestMove)
		if err != nil {
			b.result(name, Fail, fmt.Sprintf("search %d: %s", i+1, explain(err, "bestmove", stopAnswerMax)), s)
			return b.drop(s)
		}
		if best, _ := bestMoveWords(l.Text); !legal(p.pos, best) {
			b.result(name, Fail, fmt.Sprintf("search %d: bestmove %q is not legal", i+1, best), s)
			return s
		}
	}
	if extra, err := b.settle(s); err != nil {
		b.result(name, Fail, explain(err, "readyok after them", b.o.Timeout), s)
		return b.drop(s)
	} else if extra > 0 {
		b.result(name, Fail, fmt.Sprintf("%d more bestmoves than searches: some search was answered twice", extra), s)
		return s
	}
	b.result(name, Pass, fmt.Sprintf("%d legal bestmoves in %v, then readyok", burstSearches, time.Since(start).Round(time.Millisecond)), s)
	return s
}

// uciNoMove: where the side to move has no move, the answer is "bestmove
// (none)" or "bestmove 0000", not a move and not silence.
func (b *battery) uciNoMove(s *session, name, fen string) *session {
	s = b.aliveFor(s, name)
	if s == nil {
		return nil
	}
	p := newSentPosition(fen, false)
	r, err := b.search(s, p, uci.AppendGo(nil, &uci.Go{Depth: 1}), b.o.Timeout)
	switch {
	case err != nil:
		b.result(name, Fail, explain(err, "bestmove", b.o.Timeout), s)
		return b.stopOrDrop(s, err)
	case r.best == "(none)" || r.best == "0000":
		b.result(name, Pass, "bestmove "+r.best, s)
	default:
		b.result(name, Fail, fmt.Sprintf("bestmove %q where there is no legal move", r.best), s)
	}
	return s
}
