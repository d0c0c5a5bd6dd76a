package check

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol/xboard"
	"github.com/autoplay/autoplay/runner"
)

// featureWait is how long the protocol gives an engine to finish its
// features (done=1) unless it says done=0.
const featureWait = 2 * time.Second

// xfeatures are the features the battery relies on, with the protocol's
// defaults when undeclared.
type xfeatures struct {
	seen                     bool
	name                     idLine
	ping, setboard, usermove bool
	san                      bool
	done                     bool
}

// xboard runs the XBoard battery: features, ping, setting a position
// (setboard or edit), usermove, clocks, st and sd, quit, and games, whose
// result claims the runner checks.
func (b *battery) xboard() {
	s, err := startSession(b.ctx, b.cfg)
	if err != nil {
		b.result("start and features", Fail, err.Error(), nil)
		return
	}
	start := time.Now()
	f, err := b.xboardFeatures(s)
	switch {
	case err != nil && !f.seen:
		b.result("start and features", Fail, explain(err, "feature line after xboard and protover 2", featureWait), s)
		s.close(nil, 0)
		return
	case !f.done:
		b.result("start and features", Warn, fmt.Sprintf("features without done=1 within %v: a GUI waits that long at every start", featureWait), s)
	default:
		b.result("start and features", Pass, fmt.Sprintf("done=1 %v after protover 2", time.Since(start).Round(time.Millisecond)), s)
	}
	b.xf = f
	b.idResult("myname", &f.name, Warn, s)
	s = b.xboardPing(s)
	s = b.xboardMoves(s)
	b.quit(s, xboard.AppendCommand(nil, xboard.CmdQuit))
	b.games()
}

// xboardFeatures sends xboard and protover 2 and reads the features,
// accepting each, until done=1: within featureWait, or the timeout once
// the engine said done=0.
func (b *battery) xboardFeatures(s *session) (xfeatures, error) {
	var f xfeatures
	done0 := false
	s.send(append(xboard.AppendCommand(nil, xboard.CmdXboard), xboard.AppendCommandN(nil, xboard.CmdProtover, 2)...))
	var msg xboard.EngineMessage
	var reply []byte
	seen := func(l runner.RawLine) {
		if l.Cut > 0 && firstWord(l.Text) == "feature" && strings.Contains(l.Text, "myname=") {
			f.name.cut(l.Cut)
			return
		}
		if xboard.ParseEngineLine([]byte(l.Text), &msg) != nil || msg.Kind != xboard.KindFeature {
			return
		}
		f.seen = true
		reply = reply[:0]
		for _, ft := range msg.Features {
			switch ft.Name {
			case xboard.FeatureMyname:
				f.name.see(ft.Value)
			case xboard.FeaturePing:
				f.ping = ft.Bool()
			case xboard.FeatureSetboard:
				f.setboard = ft.Bool()
			case xboard.FeatureUsermove:
				f.usermove = ft.Bool()
			case xboard.FeatureSAN:
				f.san = ft.Bool()
			case xboard.FeatureDone:
				f.done, done0 = ft.Bool(), !ft.Bool()
			}
			if ft.Name != xboard.FeatureDone {
				reply = xboard.AppendCommandArg(reply, xboard.CmdAccepted, ft.Name)
			}
		}
		if len(reply) > 0 {
			s.send(reply)
		}
	}
	isDone := func(string) bool { return f.done }
	_, err := s.until(featureWait, seen, isDone)
	if err != nil && done0 {
		_, err = s.until(b.o.Timeout, seen, isDone)
	}
	return f, err
}

// xboardPing: ping N is answered with pong N. Skipped without ping=1.
func (b *battery) xboardPing(s *session) *session {
	const name = "ping/pong"
	if !b.xf.ping {
		b.result(name, Warn, "ping=1 not declared: a GUI cannot tell when the engine has caught up", nil)
		return s
	}
	s = b.aliveFor(s, name)
	if s == nil {
		return nil
	}
	start := time.Now()
	s.send(xboard.AppendCommandN(nil, xboard.CmdPing, 7))
	if _, err := s.until(b.o.Timeout, nil, isLine("pong 7")); err != nil {
		b.result(name, Fail, explain(err, "pong 7", b.o.Timeout), s)
		return b.drop(s)
	}
	b.result(name, Pass, fmt.Sprintf("pong 7 after %v", time.Since(start).Round(time.Millisecond)), s)
	return s
}

// xboardMoves: the engine moves legally from a set position (setboard,
// or edit mode without it), answers usermove, and moves under time/otim
// with a level, st and sd.
func (b *battery) xboardMoves(s *session) *session {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	how := "setboard"
	if !b.xf.setboard {
		how = "edit mode (setboard=0)"
	}
	level := xboard.AppendLevel(nil, xboard.Level{Base: 30 * time.Second})
	clocks := append(xboard.AppendClock(nil, xboard.CmdTime, 30*time.Second), xboard.AppendClock(nil, xboard.CmdOtim, 30*time.Second)...)
	cases := []struct {
		name  string
		fen   string
		setup func() ([]byte, error)
		reply string // the GUI's move after setup; "" for go
	}{
		{"a position by " + how + ", then go", fen, func() ([]byte, error) {
			set, err := b.xboardSetPosition(fen)
			return append(append(level, clocks...), set...), err
		}, ""},
		{"usermove as Black's opponent", "", func() ([]byte, error) { return append(level, clocks...), nil }, "e2e4"},
		{"st 1", "", func() ([]byte, error) { return xboard.AppendSt(nil, time.Second), nil }, "d2d4"},
		{"sd 2", "", func() ([]byte, error) { return xboard.AppendCommandN(nil, xboard.CmdSd, 2), nil }, "g1f3"},
	}
	for _, c := range cases {
		s = b.aliveFor(s, c.name)
		if s == nil {
			continue
		}
		pos, _ := chess.StartPosition(c.fen)
		setup, err := c.setup()
		if err != nil {
			b.result(c.name, Fail, err.Error(), nil)
			continue
		}
		cmd := xboard.AppendCommand(nil, xboard.CmdNew)
		if c.reply == "" { // force mode while the position is set, then go
			cmd = append(xboard.AppendCommand(cmd, xboard.CmdForce), setup...)
			cmd = xboard.AppendCommand(cmd, xboard.CmdGo)
		} else { // out of force mode the engine answers the move: it plays Black
			m, _ := pos.ParseUCI(c.reply)
			cmd = append(cmd, setup...)
			if b.xf.san { // san=1: moves go to the engine in SAN too
				cmd = xboard.AppendUserMoveText(cmd, pos.SAN(m), b.xf.usermove)
			} else {
				cmd = xboard.AppendUserMove(cmd, pos.CanonicalMove(m), b.xf.usermove)
			}
			pos.MakeMove(m)
		}
		sent := time.Now()
		s.send(cmd)
		var msg xboard.EngineMessage
		l, err := s.until(b.o.Timeout, nil, func(line string) bool {
			return xboard.ParseEngineLine([]byte(line), &msg) == nil && (msg.Kind == xboard.KindMove || msg.Kind == xboard.KindIllegalMove || msg.Kind == xboard.KindError)
		})
		if err != nil {
			b.result(c.name, Fail, explain(err, "move", b.o.Timeout), s)
			s = b.drop(s)
			continue
		}
		if msg.Kind != xboard.KindMove {
			b.result(c.name, Fail, "the engine refused: "+l.Text, s)
			continue
		}
		move := msg.Move.String()
		if !legalText(pos, move) {
			b.result(c.name, Fail, fmt.Sprintf("move %q is not legal in %s", move, pos.FEN()), s)
			continue
		}
		b.result(c.name, Pass, fmt.Sprintf("move %s after %v", move, l.At.Sub(sent).Round(time.Millisecond)), s)
		s.send(xboard.AppendCommand(nil, xboard.CmdForce))
	}
	return s
}

// xboardSetPosition is the commands that set fen: setboard, or edit mode.
func (b *battery) xboardSetPosition(fen string) ([]byte, error) {
	if b.xf.setboard {
		return xboard.AppendCommandArg(nil, xboard.CmdSetboard, fen), nil
	}
	return xboard.AppendEdit(nil, fen, b.xf.usermove)
}

// legalText: a move as an engine writes it, coordinates or (with san=1) SAN.
func legalText(pos *chess.Position, move string) bool {
	if legal(pos, move) {
		return true
	}
	_, err := pos.ParseSAN(move)
	return err == nil
}

// xboardGreet brings a fresh XBoard engine past its features.
func (b *battery) xboardGreet(s *session) *session {
	if _, err := b.xboardFeatures(s); err != nil && !errors.Is(err, errTimeout) {
		s.close(nil, 0)
		return nil
	}
	return s
}
