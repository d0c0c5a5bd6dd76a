package runner

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/uci"
)

// Errors an engine's failure maps to; the game loop turns them into endings.
var (
	errStalled      = errors.New("connection stalls")
	errDisconnected = errors.New("disconnects")
)

// quitGrace is how long an engine gets to exit after "quit" before it is killed.
const quitGrace = time.Second

// Engine is one UCI engine process as the runner drives it.
type Engine struct {
	cfg      *EngineConfig
	proc     *process
	idName   string          // what the engine calls itself
	declared map[string]bool // option names the engine declared
	buf      []byte          // reused for every command written
	goCmd    uci.Go
	failed   bool // it misbehaved: replace it before the next game
	played   bool // it has started a game (restart=on replaces it after)
}

// StartEngine starts an engine process and completes the UCI handshake:
// uci → id/option → uciok, then setoption for every configured option. An
// option the engine does not declare is reported to warn, not an error.
func StartEngine(ctx context.Context, cfg *EngineConfig, log *IOLog, warn func(string)) (*Engine, error) {
	proc, err := startProcess(cfg, &uciDecoder{}, log)
	if err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, proc: proc, declared: map[string]bool{}, buf: make([]byte, 0, 4096)}
	if err := e.handshake(ctx, warn); err != nil {
		proc.kill()
		return nil, fmt.Errorf("engine %s: handshake: %w", cfg.Name, err)
	}
	return e, nil
}

func (e *Engine) handshake(ctx context.Context, warn func(string)) error {
	if err := e.proc.write([]byte("uci\n")); err != nil {
		return errDisconnected
	}
	err := e.await(ctx, evHandshake, func(ev Event) {
		switch ev.Kind {
		case evID:
			e.idName = ev.Text
		case evOption:
			e.declared[ev.Text] = true
		}
	})
	if err != nil {
		return err
	}
	for _, opt := range e.cfg.Options {
		if !e.declared[opt.Name] && warn != nil {
			warn(fmt.Sprintf("engine %s does not declare option %q; sending it anyway", e.cfg.Name, opt.Name))
		}
		if err := e.proc.write(uci.AppendSetOption(e.buf[:0], opt.Name, opt.Value)); err != nil {
			return errDisconnected
		}
	}
	return nil
}

// await reads events until one of kind want arrives, passing others to
// other (which may be nil). It gives up after the engine's timeout.
func (e *Engine) await(ctx context.Context, want eventKind, other func(Event)) error {
	timer := time.NewTimer(e.cfg.Timeout)
	defer timer.Stop()
	for {
		select {
		case ev, ok := <-e.proc.events:
			switch {
			case !ok || ev.Kind == evExit:
				return errDisconnected
			case ev.Kind == want:
				return nil
			case other != nil:
				other(ev)
			}
		case <-timer.C:
			return errStalled
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// NewGame tells the engine a new game starts and waits until it is ready;
// stale output from the last game (a late bestmove) is dropped on the way.
func (e *Engine) NewGame(ctx context.Context) error {
	e.played = true
	if err := e.proc.write([]byte("ucinewgame\nisready\n")); err != nil {
		return errDisconnected
	}
	return e.await(ctx, evReady, nil)
}

// Think sends the position and a go command for side to move, and returns
// when the command was written: the moment the engine's clock starts.
func (e *Engine) Think(startFEN string, moves []protocol.Move, clocks *[2]Clock, side Color) (time.Time, error) {
	b := uci.AppendPosition(e.buf[:0], startFEN, moves)
	g := &e.goCmd
	*g = uci.Go{}
	tc := &e.cfg.TC
	if tc.HasClock() {
		g.Clock = true
		g.WTime, g.BTime = clocks[White].Remaining(), clocks[Black].Remaining()
		g.WInc, g.BInc = clocks[White].tc.Inc, clocks[Black].tc.Inc
		g.MovesToGo = clocks[side].MovesToGo()
	}
	g.MoveTime, g.Nodes, g.Depth = tc.MoveTime, tc.Nodes, tc.Depth
	b = uci.AppendGo(b, g)
	e.buf = b
	// The clock starts before the write: a fast engine's reply can be read
	// before the write call has even returned.
	sent := time.Now()
	if err := e.proc.write(b); err != nil {
		return sent, errDisconnected
	}
	return sent, nil
}

// Stop asks a thinking engine to move now.
func (e *Engine) Stop() { e.proc.write([]byte("stop\n")) }

// settle stops a search the game no longer needs and waits for its move, so
// that the engine is idle for the next game; an engine that does not answer
// is marked failed and will be replaced.
func (e *Engine) settle(ctx context.Context) {
	e.Stop()
	if err := e.await(ctx, evMove, nil); err != nil {
		e.failed = true
	}
}

// needsRestart says whether the engine must be replaced before a game.
func (e *Engine) needsRestart(policy Restart) bool {
	switch policy {
	case RestartOn:
		return e.played
	case RestartOff:
		return e.exited()
	}
	return e.failed || e.exited()
}

// exited reports whether the engine process is gone.
func (e *Engine) exited() bool {
	select {
	case <-e.proc.done:
		return true
	default:
		return false
	}
}

// Close quits the engine, kills it if it does not exit in time, and reaps it.
func (e *Engine) Close() { e.proc.close([]byte("quit\n"), quitGrace) }

// Name is the configured name, or failing that the engine's own.
func (e *Engine) Name() string {
	if e.cfg.Name != "" {
		return e.cfg.Name
	}
	return e.idName
}

// uciDecoder turns UCI engine output into events. It keeps the last info
// line that carried a score: that one describes the move that follows.
type uciDecoder struct {
	msg  uci.EngineMessage
	last moveInfo
}

func (d *uciDecoder) decode(line []byte, ev *Event) bool {
	err := uci.ParseEngineLine(line, &d.msg)
	switch d.msg.Kind {
	case uci.KindInfo:
		if info := &d.msg.Info; err == nil && info.HasScore() && info.MultiPV <= 1 {
			d.last = moveInfo{Score: info.Score, Depth: info.Depth, SelDepth: info.SelDepth, Nodes: info.Nodes}
		}
		return false
	case uci.KindBestMove:
		if me := (*uci.MoveError)(nil); errors.As(err, &me) {
			ev.Kind, ev.Text = evBadMove, me.Token
		} else {
			ev.Kind, ev.Move, ev.Info = evMove, d.msg.BestMove, d.last
		}
		d.last = moveInfo{}
		return true
	case uci.KindReadyOK:
		ev.Kind = evReady
	case uci.KindUCIOK:
		ev.Kind = evHandshake
	case uci.KindID:
		if d.msg.IDField != "name" {
			return false
		}
		ev.Kind, ev.Text = evID, d.msg.IDValue
	case uci.KindOption:
		ev.Kind, ev.Text = evOption, d.msg.Option.Name
	default:
		return false
	}
	return true
}
