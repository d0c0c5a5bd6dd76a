package enginehost

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/xboard"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// protover1Wait is how long an engine that sends no "feature done=1" gets
// before it is taken for a protocol 1 engine, as XBoard itself waits.
const protover1Wait = 2 * time.Second

// xboardDriver speaks XBoard/CECP protocol 2. Unlike UCI the engine keeps
// the game: it is told each move once, and after "go" it plays its side by
// itself. The driver tracks what the engine knows.
type xboardDriver struct {
	f       xboardFeatures
	pingN   int
	known   int  // moves of this game the engine has been told or played
	playing bool // out of force mode: it moves when it is its turn
	// board is the game as the engine knows it: for moves sent in SAN
	// (feature san=1) and for SAN moves it sends.
	board *chess.Position
	// variant is the run's variant as the engine's feature variants
	// spells it ("king-of-the-hill" for Fairy-Max); "" for chess.
	variant string
}

// xboardFeatures are the engine's features that change how we talk to it,
// with the protocol's defaults for engines that do not say.
type xboardFeatures struct {
	ping, setboard, usermove, san, time, sigint, reuse, memory, smp bool
	variants                                                        []string // feature variants="normal,fischerandom,..."
}

func newXBoardDriver() *xboardDriver {
	// sigint stays off unless declared: a signal an engine does not handle would kill it.
	return &xboardDriver{f: xboardFeatures{time: true, reuse: true}}
}

func (d *xboardDriver) decoder(c Capture) decoder { return &xboardDecoder{extras: extras{Capture: c}} }

func (d *xboardDriver) quit() []byte { return xboard.AppendCommand(nil, xboard.CmdQuit) }

// handshake: "xboard", "protover 2", then every feature is answered with
// accepted or rejected until "done=1". An engine that says "done=0" gets
// the generous timeout; one that never says done is a protocol 1 engine
// after two seconds.
func (d *xboardDriver) handshake(ctx context.Context, e *Engine, warn func(string)) error {
	b := xboard.AppendCommand(e.buf[:0], xboard.CmdXboard)
	if err := e.write(xboard.AppendCommandN(b, xboard.CmdProtover, 2)); err != nil {
		return err
	}
	timer := time.NewTimer(protover1Wait)
	defer timer.Stop()
	waitingForDone, silenceExtended := false, false
wait:
	for {
		select {
		case ev, ok := <-e.Events():
			if !ok || ev.Kind == KindExit {
				return errDisconnected
			}
			if ev.Kind != KindFeature {
				continue
			}
			reply := e.buf[:0]
			done := false
			for _, f := range ev.Features {
				ok := d.accept(e, f)
				answer := xboard.CmdRejected
				if ok {
					answer = xboard.CmdAccepted
				}
				reply = xboard.AppendCommandArg(reply, answer, f.Name)
				if f.Name == xboard.FeatureDone {
					if f.Bool() {
						done = true
					} else if !waitingForDone {
						waitingForDone = true
						timer.Reset(e.cfg.StartupWait())
					}
				}
			}
			e.buf = reply
			if err := e.write(reply); err != nil {
				return err
			}
			if done {
				break wait
			}
			if !waitingForDone {
				// The wait counts from its last feature line: on a busy
				// machine a burst of them (Sjeng's, Fairy-Max's) can come as
				// the wait ends, and its feature variants must not be cut off.
				timer.Reset(protover1Wait)
			}
		case <-timer.C:
			switch {
			case waitingForDone:
				return fmt.Errorf("%w: feature done=0 but no done=1 in %v", ErrStalled, e.cfg.StartupWait())
			case e.linesRead() > 0:
				break wait // protocol 1, or features without done
			case !silenceExtended:
				// Not a word yet: a protocol 1 engine may just be slow to
				// start, a stalled one never speaks. Wait out the timeout.
				silenceExtended = true
				timer.Reset(max(e.cfg.StartupWait()-protover1Wait, 0))
			default:
				return fmt.Errorf("%w: no answer to protover 2 in %v", ErrStalled, e.cfg.StartupWait())
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if e.cfg.Variant == spec.Chess960 && !slices.Contains(d.f.variants, xboard.VariantFischerandom) {
		return fmt.Errorf("%w: its feature variants does not list fischerandom, so it cannot play Chess960", errCannotPlay)
	}
	if name := e.cfg.Variant.EngineName(); name != "" {
		if e.cfg.Variant.IsChess960() {
			return fmt.Errorf("%w: XBoard has no name for %s (a variant's Chess960 form): play it with UCI engines", errCannotPlay, e.cfg.Variant)
		}
		if d.variant = xboardVariantName(d.f.variants, e.cfg.Variant); d.variant == "" {
			listed := strings.Join(d.f.variants, ",")
			if listed == "" {
				listed = "none: it sent no feature variants, or sent it late"
			}
			return fmt.Errorf("%w: its feature variants does not list %s (it lists %s)", errCannotPlay, name, listed)
		}
	}
	return d.setOptions(e)
}

// accept records a feature and says whether we accept it.
func (d *xboardDriver) accept(e *Engine, f xboard.Feature) bool {
	on := f.Bool()
	switch f.Name {
	case xboard.FeaturePing:
		d.f.ping = on
	case xboard.FeatureSetboard:
		d.f.setboard = on
	case xboard.FeatureUsermove:
		d.f.usermove = on
	case xboard.FeatureSAN:
		d.f.san = on
	case xboard.FeatureTime:
		d.f.time = on
	case xboard.FeatureSigint:
		d.f.sigint = on
	case xboard.FeatureSigterm:
		if on {
			e.proc.politeSignal = syscall.SIGTERM // before the kill of an engine that does not quit
		}
	case xboard.FeatureVariants:
		d.f.variants = strings.Split(f.Value, ",")
	case xboard.FeatureDone:
	case xboard.FeatureReuse:
		d.f.reuse = on
	case xboard.FeatureMemory:
		d.f.memory = on
	case xboard.FeatureSMP:
		d.f.smp = on
	case xboard.FeatureMyname:
		e.idName = f.Value
	case xboard.FeatureColors:
		return !on // we never send the obsolete white/black commands
	case xboard.FeatureOption:
		opt, err := xboard.ParseOption(f.Value)
		if err != nil {
			return false
		}
		e.declare(opt.Name, &opt)
	default:
		return slices.Contains(xboard.IgnoredFeatures, f.Name)
	}
	return true
}

// setOptions sends the configured options: "memory" and "cores" as the
// protocol's own commands (when the engine has those features), the rest as
// "option NAME=VALUE", or "option NAME" for a button, once checkOption has
// judged them against the engine's feature option declarations.
func (d *xboardDriver) setOptions(e *Engine) error {
	b := e.buf[:0]
	for _, opt := range e.cfg.Options {
		switch {
		case opt.Name == xboard.OptionMemory && d.f.memory, opt.Name == xboard.OptionCores && d.f.smp:
			n, err := strconv.Atoi(opt.Value)
			if err != nil {
				return errors.New("option." + opt.Name + " wants a whole number")
			}
			kind := xboard.CmdMemory
			if opt.Name == xboard.OptionCores {
				kind = xboard.CmdCores
			}
			b = xboard.AppendCommandN(b, kind, n)
		default:
			send, err := e.checkOption(opt)
			switch {
			case err != nil:
				return err
			case !send:
			case isButton(e.declaration(opt.Name)):
				b = xboard.AppendPushButton(b, opt.Name)
			default:
				b = xboard.AppendSetOption(b, opt.Name, opt.Value)
			}
		}
	}
	e.buf = b
	if len(b) == 0 {
		return nil
	}
	return e.write(b)
}

// isButton: the option is pressed ("option NAME"), not set to a value.
func isButton(d declaredOption) bool {
	o, ok := d.(*xboard.Option)
	return ok && o.IsButton()
}

// newGame: new, force, the time control, post, easy, the position (setboard,
// or edit mode for engines without it), then a ping to be sure the engine
// has caught up and no move of the last game is still on its way.
func (d *xboardDriver) newGame(ctx context.Context, e *Engine, startFEN string) error {
	d.known, d.playing = 0, false
	board, err := e.cfg.Variant.StartPosition(startFEN)
	if err != nil {
		return err
	}
	d.board = board
	b := xboard.AppendCommand(e.buf[:0], xboard.CmdNew)
	if e.cfg.Variant == spec.Chess960 {
		b = xboard.AppendCommandArg(b, xboard.CmdVariant, xboard.VariantFischerandom)
	} else if d.variant != "" {
		b = xboard.AppendCommandArg(b, xboard.CmdVariant, d.variant)
	}
	b = xboard.AppendCommand(b, xboard.CmdForce)
	tc := &e.cfg.TC
	switch {
	case tc.HasClock():
		// A delay is told as increment, as to UCI engines (game.Clock's
		// EngineInc); spec refuses an XBoard engine several periods.
		b = xboard.AppendLevel(b, xboard.Level{Moves: tc.Moves, Base: tc.Base, Inc: tc.Inc + tc.Delay})
	case tc.MoveTime > 0:
		b = xboard.AppendSt(b, tc.MoveTime)
	}
	if tc.Depth > 0 {
		b = xboard.AppendCommandN(b, xboard.CmdSd, tc.Depth)
	}
	b = xboard.AppendCommand(b, xboard.CmdPost)
	if e.cfg.Ponder {
		b = xboard.AppendCommand(b, xboard.CmdHard) // it ponders by itself
	} else {
		b = xboard.AppendCommand(b, xboard.CmdEasy)
	}
	if startFEN != "" {
		if d.f.setboard {
			b = xboard.AppendCommandArg(b, xboard.CmdSetboard, startFEN)
		} else {
			var err error
			if b, err = xboard.AppendEdit(b, startFEN, d.f.usermove); err != nil {
				return err
			}
		}
	}
	e.buf = b
	if err := e.write(b); err != nil {
		return err
	}
	return d.sync(ctx, e, e.cfg.NewGameWait())
}

// sync sends "ping N" and waits for "pong N"; without the ping feature
// there is nothing to wait for.
func (d *xboardDriver) sync(ctx context.Context, e *Engine, timeout time.Duration) error {
	if !d.f.ping {
		return nil
	}
	d.pingN++
	n := d.pingN
	if err := e.write(xboard.AppendCommandN(e.buf[:0], xboard.CmdPing, n)); err != nil {
		return err
	}
	return e.await(ctx, timeout, func(ev Event) bool { return ev.Kind == KindReady && ev.N == n })
}

// think tells the engine the moves it has not seen and the clocks. The
// first time in a game it is in force mode and gets "go"; after that it
// plays its side, and the opponent's move is what starts its search.
func (d *xboardDriver) think(e *Engine, hist *History, clocks Clocks, side record.Color) (time.Time, error) {
	moves := hist.moves
	b := e.buf[:0]
	clock := e.cfg.TC.HasClock() && d.f.time
	if d.playing && clock {
		b = d.appendClocks(b, clocks, side)
	}
	for _, m := range moves[d.known:] {
		mv, ok := d.board.FromProtocol(m)
		if !ok {
			return time.Now(), fmt.Errorf("move %s is not legal in the engine's game", m)
		}
		if d.f.san {
			b = xboard.AppendUserMoveText(b, d.board.SAN(mv), d.f.usermove)
		} else if m.IsCastling() && e.cfg.Variant.IsChess960() {
			// Chess960 castling in coordinates is king-takes-rook, as in UCI.
			var text [8]byte
			b = xboard.AppendUserMoveText(b, string(m.AppendKingTakesRook(text[:0])), d.f.usermove)
		} else {
			b = xboard.AppendUserMove(b, m, d.f.usermove)
		}
		d.board.MakeMove(mv)
	}
	d.known = len(moves)
	if !d.playing {
		if clock {
			b = d.appendClocks(b, clocks, side)
		}
		b = xboard.AppendCommand(b, xboard.CmdGo)
		d.playing = true
	}
	e.buf = b
	sent := time.Now()
	return sent, e.writeSearch(b)
}

func (d *xboardDriver) appendClocks(b []byte, clocks Clocks, side record.Color) []byte {
	b = xboard.AppendClock(b, xboard.CmdTime, clocks.Left[side])
	if clocks.None[side.Other()] {
		return b // the opponent has no clock to tell of
	}
	return xboard.AppendClock(b, xboard.CmdOtim, clocks.Left[side.Other()])
}

// moveOf reads a move the engine wrote in SAN against the game as it knows it.
func (d *xboardDriver) moveOf(move protocol.Move, san string) (protocol.Move, bool) {
	if san == "" {
		return move, true
	}
	mv, err := d.board.ParseSAN(san)
	if err != nil {
		return protocol.Move{}, false
	}
	return d.board.CanonicalMove(mv), true
}

// reusable: the engine plays another game in the same process unless it
// said reuse=0.
func (d *xboardDriver) reusable() bool { return d.f.reuse }

// rejects: only the last two moves can be the one the engine was just
// sent; other "Illegal move" replies (GNU Chess says it of commands it does
// not know) are noise.
func (d *xboardDriver) rejects(move string, moves []protocol.Move) bool {
	for i := len(moves) - 1; i >= 0 && i >= len(moves)-2; i-- {
		if moves[i].String() == move {
			return true
		}
	}
	return false
}

func (d *xboardDriver) accepted(m protocol.Move) {
	d.known++
	if mv, ok := d.board.FromProtocol(m); ok {
		d.board.MakeMove(mv)
	}
}

// settle takes the engine out of play ("force" stops a search) and waits
// until it answers a ping: any late move is read and dropped on the way.
func (d *xboardDriver) settle(ctx context.Context, e *Engine) error {
	d.playing = false
	if d.f.sigint {
		e.proc.signal(syscall.SIGINT) // the engine asked for it to stop thinking
	}
	if err := e.write(xboard.AppendCommand(e.buf[:0], xboard.CmdForce)); err != nil {
		return err
	}
	if !d.f.ping {
		// Without ping nothing tells when a late move has come and gone: a
		// fresh process is the only way to be sure none reaches the next
		// game (where it would be a move out of turn).
		return errNoPing
	}
	return d.sync(ctx, e, e.cfg.PingWait())
}

// errNoPing: an engine without the ping feature cannot be settled.
var errNoPing = errors.New("cannot be settled without ping: replaced")

func (d *xboardDriver) gameOver(e *Engine, result, reason string) {
	d.playing = false
	e.write(xboard.AppendResult(e.buf[:0], result, reason))
}

// xboardDecoder turns XBoard engine output into events, keeping the last
// thinking line for the move that follows.
type xboardDecoder struct {
	msg    xboard.EngineMessage
	last   record.MoveInfo
	extras extras
}

func (d *xboardDecoder) decode(out []byte, ev *Event) bool {
	err := xboard.ParseEngineLine(out, &d.msg)
	d.extras.match(out)
	switch d.msg.Kind {
	case xboard.KindThinking:
		if info := &d.msg.Info; err == nil {
			d.last = fromInfo(info)
			d.extras.pv(info.PV)
		}
		return false
	case xboard.KindMove:
		if token, bad := xboardMoveError(err); bad {
			ev.Kind, ev.Text = KindBadMove, token
			return true
		}
		ev.Kind, ev.Info = KindMove, d.last
		d.extras.handOver(&ev.Info)
		if m, ok := d.msg.Move.Coord(); ok {
			ev.Move = m
		} else {
			ev.Text = d.msg.Move.String() // SAN: the game loop reads it against the board
		}
		d.last = record.MoveInfo{}
		d.extras.reset()
	case xboard.KindPong:
		ev.Kind, ev.N = KindReady, d.msg.Number
	case xboard.KindFeature:
		ev.Kind, ev.Features = KindFeature, slices.Clone(d.msg.Features)
	case xboard.KindResult:
		ev.Kind, ev.Text = KindClaim, d.msg.Text
		switch d.msg.Result {
		case xboard.WhiteWins:
			ev.Claim = record.WhiteWins
		case xboard.BlackWins:
			ev.Claim = record.BlackWins
		case xboard.Draw:
			ev.Claim = record.Draw
		default:
			return false // "* {...}": the engine gives up on the game, claims nothing
		}
	case xboard.KindResign:
		ev.Kind = KindResign
	case xboard.KindIllegalMove:
		ev.Kind, ev.Text = KindRejected, d.msg.Move.String()
		if ev.Text == "" {
			ev.Text = strings.TrimSpace(d.msg.Text)
		}
	default:
		return false // thinking continued, tells, comments, errors, draw offers: in the log only
	}
	return true
}

// xboardMoveError gives the offending token of a malformed move, the error
// escaping only on that path.
func xboardMoveError(err error) (string, bool) {
	if err == nil {
		return "", false
	}
	var me *xboard.MoveError
	if errors.As(err, &me) {
		return me.Token, true
	}
	return "", false
}
