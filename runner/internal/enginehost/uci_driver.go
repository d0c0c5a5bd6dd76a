package enginehost

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// uciDriver speaks UCI: the engine is stateless between moves, so every
// turn sends the whole game as "position ... moves ..." and a "go".
type uciDriver struct {
	goCmd uci.Go
	// kingTakesRook: the engine reads and writes castling as king-takes-rook
	// (e1h1), as it does with UCI_Chess960 set.
	kingTakesRook bool
}

func (d *uciDriver) decoder(c Capture) decoder { return &uciDecoder{extras: extras{Capture: c}} }

func (d *uciDriver) quit() []byte { return uci.AppendCommand(nil, uci.CmdQuit) }

// handshake: uci → id/option → uciok, then setoption for each option.
func (d *uciDriver) handshake(ctx context.Context, e *Engine, warn func(string)) error {
	if err := e.write(uci.AppendCommand(e.buf[:0], uci.CmdUCI)); err != nil {
		return err
	}
	var foreign []string // what it wrote that UCI does not define
	misfit := uci.MisfitNone
	err := e.await(ctx, e.cfg.StartupWait(), func(ev Event) bool {
		switch ev.Kind {
		case KindID:
			e.idName = ev.Text
		case KindAuthor:
			e.idAuthor = ev.Text
		case KindOption:
			e.declare(ev.Text, ev.Option)
			e.noteSize(ev.Text, ev.N)
		case KindForeign:
			if len(foreign) < 3 {
				foreign = append(foreign, ev.Text)
			}
			misfit = max(misfit, uci.Misfit(ev.N))
			return misfit != uci.MisfitNone // unmistakable: no need to wait out the timeout
		}
		return ev.Kind == KindHandshake
	})
	switch {
	case misfit == uci.MisfitXBoard:
		return fmt.Errorf("not a UCI engine: it looks like an XBoard engine (it answered uci with %q): add proto=xboard", foreign[len(foreign)-1])
	case misfit == uci.MisfitEcho:
		return fmt.Errorf("not a UCI engine: it wrote back the command it was sent (%q), as a program that copies its input does", foreign[len(foreign)-1])
	case err != nil && len(foreign) > 0:
		return fmt.Errorf("%w; it does not seem to speak UCI: it never answered uciok, and wrote %q (an XBoard engine needs proto=xboard)", err, strings.Join(foreign, " / "))
	case err != nil:
		return err
	}
	chess960 := e.cfg.Variant.IsChess960()
	if chess960 && !e.declares(uci.OptChess960) {
		return fmt.Errorf("%w: it does not declare the UCI_Chess960 option, so it cannot play Chess960", errCannotPlay)
	}
	variant := e.cfg.Variant.EngineName()
	if err := d.checkVariant(e, variant); err != nil {
		return err
	}
	for _, opt := range e.cfg.Options {
		if variant != "" && strings.EqualFold(opt.Name, uci.OptVariant) {
			continue // the run's variant decides it
		}
		if strings.EqualFold(opt.Name, uci.OptChess960) {
			if chess960 {
				continue // the variant decides it
			}
			d.kingTakesRook = strings.EqualFold(opt.Value, "true")
		}
		send, err := e.checkOption(opt)
		if err != nil {
			return err
		}
		if !send {
			continue
		}
		if err := e.write(uci.AppendSetOption(e.buf[:0], opt.Name, opt.Value)); err != nil {
			return err
		}
	}
	if e.cfg.Ponder {
		if !e.declares(uci.OptPonder) {
			warn(fmt.Sprintf("engine %s does not declare the Ponder option: it will not ponder", e.cfg.Name))
		} else if !setsOption(e.cfg.Options, uci.OptPonder) {
			// The engine plans its time knowing it may ponder.
			if err := e.write(uci.AppendSetOption(e.buf[:0], uci.OptPonder, "true")); err != nil {
				return err
			}
		}
	}
	if variant != "" {
		// After the options: a VariantPath file may define the variant.
		if err := e.write(uci.AppendSetOption(e.buf[:0], uci.OptVariant, variant)); err != nil {
			return err
		}
	}
	if chess960 {
		// Castling is king-takes-rook both ways once this is set.
		d.kingTakesRook = true
		return e.write(uci.AppendSetOption(e.buf[:0], uci.OptChess960, "true"))
	}
	return nil
}

// checkVariant refuses, before any game, an engine that cannot play the
// run's variant (name, "" for chess): one that does not declare
// UCI_Variant, or whose choices do not offer it, named with what it
// declares. A VariantPath the run sets may add choices: the engine is
// then believed.
func (d *uciDriver) checkVariant(e *Engine, name string) error {
	if name == "" {
		return nil
	}
	decl := e.declaration(uci.OptVariant)
	if decl == nil {
		return fmt.Errorf("%w: it does not declare the UCI_Variant option, so it cannot play %s (a variant engine such as Fairy-Stockfish declares it)", errCannotPlay, name)
	}
	if err := decl.CheckValue(name); err != nil && !e.mayAddChoices(uci.OptVariant) {
		return fmt.Errorf("%w: its UCI_Variant does not offer %s (it declares %s)", errCannotPlay, name, decl.Declared())
	}
	return nil
}

// canPonder: pondering was asked for and the engine declares it can.
func (d *uciDriver) canPonder(e *Engine) bool { return e.cfg.Ponder && e.declares(uci.OptPonder) }

func setsOption(opts []spec.EngineOption, name string) bool {
	for _, o := range opts {
		if strings.EqualFold(o.Name, name) {
			return true
		}
	}
	return false
}

func (d *uciDriver) newGame(ctx context.Context, e *Engine, _ string) error {
	b := uci.AppendCommand(e.buf[:0], uci.CmdUCINewGame)
	if err := e.write(uci.AppendCommand(b, uci.CmdIsReady)); err != nil {
		return err
	}
	return e.awaitKind(ctx, e.cfg.NewGameWait(), KindReady)
}

func (d *uciDriver) think(e *Engine, hist *History, clocks Clocks, side record.Color) (time.Time, error) {
	return d.search(e, hist, clocks, side, false)
}

// ponder has the engine think on the opponent's time: the position after
// the reply it expects (the last move of line) and "go ponder" with the clocks.
func (d *uciDriver) ponder(e *Engine, hist *History, clocks Clocks, side record.Color) error {
	_, err := d.search(e, hist, clocks, side, true)
	return err
}

// ponderHit: the expected reply came; the search goes on, on the clock from now.
func (d *uciDriver) ponderHit(e *Engine) (time.Time, error) {
	b := uci.AppendCommand(e.buf[:0], uci.CmdPonderHit)
	e.buf = b
	sent := time.Now()
	return sent, e.write(b)
}

// ponderMiss: another reply came; the search is stopped and its bestmove,
// which answers a position that did not happen, is read and dropped.
func (d *uciDriver) ponderMiss(ctx context.Context, e *Engine, limit time.Duration) error {
	if err := e.write(uci.AppendCommand(e.buf[:0], uci.CmdStop)); err != nil {
		return err
	}
	return e.await(ctx, limit, func(ev Event) bool { return ev.Kind == KindMove })
}

func (d *uciDriver) search(e *Engine, hist *History, clocks Clocks, side record.Color, ponder bool) (time.Time, error) {
	var b []byte
	if len(hist.zeroFEN) > 0 && !e.cfg.FullHistory {
		b = uci.AppendPositionAs(e.buf[:0], hist.zeroFEN, hist.moves[hist.zeroAt:], d.kingTakesRook)
	} else {
		b = uci.AppendPositionAs(e.buf[:0], hist.startFENFor(e.cfg.FullHistory), hist.moves, d.kingTakesRook)
	}
	g := &d.goCmd
	*g = uci.Go{Ponder: ponder}
	tc := &e.cfg.TC
	if tc.HasClock() {
		g.Clock = true
		g.NoClockW, g.NoClockB = clocks.None[record.White], clocks.None[record.Black]
		g.WTime, g.BTime = clocks.Left[record.White], clocks.Left[record.Black]
		g.WInc, g.BInc = clocks.Inc[record.White], clocks.Inc[record.Black]
		g.MovesToGo = clocks.MovesToGo
	}
	g.MoveTime, g.Nodes, g.Depth = tc.MoveTime, tc.Nodes, tc.Depth
	b = uci.AppendGo(b, g)
	e.buf = b
	// The clock starts before the write: a fast engine's reply can be read
	// before the write call has even returned.
	sent := time.Now()
	return sent, e.writeSearch(b)
}

func (d *uciDriver) accepted(protocol.Move) {}

// moveOf: UCI moves are coordinates, read by the decoder.
func (d *uciDriver) moveOf(move protocol.Move, san string) (protocol.Move, bool) {
	return move, san == ""
}

// reusable: a UCI engine plays game after game.
func (d *uciDriver) reusable() bool { return true }

// rejects: UCI engines have no way to refuse a move.
func (d *uciDriver) rejects(string, []protocol.Move) bool { return false }

func (d *uciDriver) settle(ctx context.Context, e *Engine) error {
	if err := e.write(uci.AppendCommand(e.buf[:0], uci.CmdStop)); err != nil {
		return err
	}
	return e.awaitKind(ctx, e.cfg.PingWait(), KindMove)
}

func (d *uciDriver) gameOver(*Engine, string, string) {}

// uciDecoder turns UCI engine output into events. It keeps the last info
// line that carried a score: that one describes the move that follows.
type uciDecoder struct {
	msg    uci.EngineMessage
	last   record.MoveInfo
	extras extras
	// pvReply is the second move of the last scored PV: the expected reply
	// when bestmove names none.
	pvReply protocol.Move
	// greeted is set at uciok: before it, lines UCI does not define are
	// passed on, for the handshake to tell what the program is.
	greeted bool
}

// keepsExact says whether info, a bound, leaves the exact score already
// kept for the move in place (Capture.ExactScores).
func (d *uciDecoder) keepsExact(info *protocol.Info) bool {
	return d.extras.ExactScores && info.Score.Bound != protocol.BoundExact &&
		d.last.Score.Kind != protocol.ScoreNone && d.last.Score.Bound == protocol.BoundExact
}

func (d *uciDecoder) decode(out []byte, ev *Event) bool {
	err := uci.ParseEngineLine(out, &d.msg)
	d.extras.match(out)
	switch d.msg.Kind {
	case uci.KindInfo:
		if info := &d.msg.Info; err == nil && info.HasScore() && info.MultiPV <= 1 && !d.keepsExact(info) {
			d.last = fromInfo(info)
			d.extras.pv(info.PV)
			d.pvReply = protocol.Move{}
			if len(info.PV) > 1 {
				d.pvReply = info.PV[1]
			}
		}
		return false
	case uci.KindBestMove:
		if token, bad := uciMoveError(err); bad {
			ev.Kind, ev.Text = KindBadMove, token
		} else {
			ev.Kind, ev.Move, ev.Info, ev.Ponder = KindMove, d.msg.BestMove, d.last, d.msg.Ponder
			if ev.Ponder.IsZero() {
				ev.Ponder = d.pvReply
			}
			d.extras.handOver(&ev.Info)
		}
		d.last = record.MoveInfo{}
		d.pvReply = protocol.Move{}
		d.extras.reset()
		return true
	case uci.KindReadyOK:
		ev.Kind = KindReady
	case uci.KindUCIOK:
		ev.Kind = KindHandshake
		d.greeted = true
	case uci.KindID:
		switch d.msg.IDField {
		case "name":
			ev.Kind = KindID
		case "author":
			ev.Kind = KindAuthor
		default:
			return false
		}
		ev.Text = d.msg.IDValue
	case uci.KindOption:
		ev.Kind, ev.Text, ev.N = KindOption, d.msg.Option.Name, -1
		decl := d.msg.Option
		decl.Vars = slices.Clone(decl.Vars)
		ev.Option = &decl
		if n, err := strconv.Atoi(d.msg.Option.Default); err == nil && n >= 0 {
			ev.N = n
		}
	case uci.KindUnknown:
		if d.greeted || len(bytes.TrimSpace(out)) == 0 {
			return false
		}
		ev.Kind, ev.Text, ev.N = KindForeign, string(out[:min(len(out), 200)]), int(uci.ClassifyForeign(out))
	default:
		return false
	}
	return true
}

// uciMoveError gives the offending token of a malformed bestmove. It is a
// function of its own so that the error value escapes only on that path.
func uciMoveError(err error) (string, bool) {
	if err == nil {
		return "", false
	}
	var me *uci.MoveError
	if errors.As(err, &me) {
		return me.Token, true
	}
	return "", false
}
