package check

import (
	"fmt"
	"time"

	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/runner"
)

// uciChess960: with UCI_Chess960 on, a position whose rooks stand off the
// corners (castling rights by file, Shredder-FEN) and castling sent as
// king-takes-rook both give legal moves. Skipped when not declared.
func (b *battery) uciChess960(s *session, declared bool) *session {
	const fromFEN, castled = "Chess960: a position with off-corner rooks", "Chess960: castling sent as king takes rook"
	if !declared {
		b.result(fromFEN, Skip, "UCI_Chess960 is not declared", nil)
		b.result(castled, Skip, "UCI_Chess960 is not declared", nil)
		return s
	}
	s = b.aliveFor(s, fromFEN)
	if s == nil {
		return nil
	}
	s.send(uci.AppendSetOption(nil, uci.OptChess960, "true"))
	const fen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1"
	for _, c := range []struct {
		name string
		p    sentPosition
	}{
		{fromFEN, newSentPosition(fen, true)},
		{castled, newSentPosition(fen, true, "b1e1")},
	} {
		s = b.aliveFor(s, c.name)
		if s == nil {
			return nil
		}
		r, err := b.search(s, c.p, uci.AppendGo(nil, &uci.Go{Depth: 2}), b.o.Timeout)
		s = b.searchResult(s, c.name, c.p, r, err, b.o.Timeout, nil)
	}
	if s != nil && !s.gone {
		s.send(uci.AppendSetOption(nil, uci.OptChess960, "false"))
	}
	return s
}

// uciPonder: go ponder gives no move before ponderhit or stop; ponderhit
// turns it into a timed search that ends with a legal move; stop ends it
// with a move at once. Skipped when Ponder is not declared.
func (b *battery) uciPonder(s *session, declared bool) *session {
	const hit, stop = "ponder: go ponder, then ponderhit", "ponder: go ponder, then stop"
	if !declared {
		b.result(hit, Skip, "Ponder is not declared", nil)
		b.result(stop, Skip, "Ponder is not declared", nil)
		return s
	}
	for _, c := range []struct {
		name string
		cmd  uci.CommandKind
	}{{hit, uci.CmdPonderHit}, {stop, uci.CmdStop}} {
		s = b.aliveFor(s, c.name)
		if s == nil {
			return nil
		}
		s.send(uci.AppendSetOption(nil, uci.OptPonder, "true"))
		p := newSentPosition("", false, "e2e4", "e7e5")
		var r searched
		seen := func(l runner.RawLine) { b.seeInfo(l.Text, p.pos, &r) }
		s.send(p.cmd)
		s.send(uci.AppendGo(nil, &uci.Go{Ponder: true, Clock: true, WTime: 5 * time.Second, BTime: 5 * time.Second, WInc: 50 * time.Millisecond, BInc: 50 * time.Millisecond}))
		early := false
		s.drain(thinkBeforeStp, func(l runner.RawLine) {
			seen(l)
			early = early || isBestMove(l.Text)
		})
		if early {
			b.result(c.name, Fail, "bestmove while pondering, before "+map[uci.CommandKind]string{uci.CmdPonderHit: "ponderhit", uci.CmdStop: "stop"}[c.cmd], s)
			continue
		}
		sent := time.Now()
		s.send(uci.AppendCommand(nil, c.cmd))
		wait := stopAnswerMax
		if c.cmd == uci.CmdPonderHit {
			wait = b.o.Timeout // now a search on a 5 s clock
		}
		l, err := s.until(wait, seen, isBestMove)
		if err != nil {
			b.result(c.name, Fail, explain(err, "bestmove", wait), s)
			s = b.drop(s)
			continue
		}
		best, _ := bestMoveWords(l.Text)
		if !legal(p.pos, best) {
			b.result(c.name, Fail, fmt.Sprintf("bestmove %q is not legal", best), s)
			continue
		}
		if extra, serr := b.settle(s); serr != nil || extra > 0 {
			twice, _ := settledVerdict(extra, serr, b.o.Timeout)
			b.result(c.name, Fail, fmt.Sprintf("bestmove %s, then %s", best, twice), s)
			if serr != nil {
				s = b.drop(s)
			}
			continue
		}
		b.result(c.name, Pass, fmt.Sprintf("bestmove %s %v after it", best, l.At.Sub(sent).Round(time.Millisecond)), s)
		s.send(uci.AppendSetOption(nil, uci.OptPonder, "false"))
	}
	return s
}
