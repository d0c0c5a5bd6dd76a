package runner

import (
	"context"
	"errors"
	"fmt"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"strings"
	"syscall"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// Errors an engine's failure maps to; the game loop turns them into endings.
var (
	errStalled      = errors.New("connection stalls")
	errDisconnected = errors.New("disconnects")
	errCannotPlay   = errors.New("cannot play this run")
)

// quitGrace is how long an engine gets to exit after "quit" before it is killed.
const quitGrace = time.Second

// driver is what differs between engine protocols: the words, not the
// supervision. The Engine owns the process; a driver writes commands to it
// and reads its events through the Engine.
type driver interface {
	// decoder turns the engine's output lines into events, on the reader goroutine.
	decoder(capture) decoder
	// handshake runs right after start: identify, learn features/options, set options.
	handshake(ctx context.Context, e *Engine, warn func(string)) error
	// newGame prepares a game from startFEN and waits until the engine is in sync.
	newGame(ctx context.Context, e *Engine, rules Rules, startFEN string) error
	// think asks for a move in the position after moves; it returns the
	// moment the clock starts.
	think(e *Engine, line *gameLine, clocks *[2]Clock, side Color) (time.Time, error)
	// rejects says whether the engine's "illegal move" reply naming move
	// refuses one of the moves of this game it was sent.
	rejects(move string, moves []protocol.Move) bool
	// accepted tells the driver the engine's move m was legal and played.
	accepted(m protocol.Move)
	// settle stops a search the game no longer needs and waits until the engine is idle.
	settle(ctx context.Context, e *Engine) error
	// gameOver tells the engine the game ended.
	gameOver(e *Engine, outcome record.Outcome, reason string)
	// quit is the command that asks the engine to exit.
	quit() []byte
}

// Engine is one engine process as the runner drives it, whatever its protocol.
type Engine struct {
	cfg      *spec.EngineConfig
	proc     *process
	drv      driver
	idName   string          // what the engine calls itself
	declared map[string]bool // option names the engine declared
	buf      []byte          // reused for every command written
	failed   bool            // it misbehaved: replace it before the next game
	busy     bool            // a game ended while it searched: stop it before its next game
	played   bool            // it has started a game (restart=on replaces it after)
	reuse    bool            // it can play another game in the same process
}

// startEngineOn starts an engine whose processes may run only on cpus (nil:
// anywhere).
func startEngineOn(ctx context.Context, cfg *spec.EngineConfig, cpt capture, log *IOLog, warn func(string), cpus *cpuSet) (*Engine, error) {
	var drv driver
	switch cfg.Proto {
	case spec.XBoard:
		drv = newXBoardDriver()
	default:
		drv = &uciDriver{}
	}
	proc, err := startProcess(cfg, drv.decoder(cpt), log, cpus)
	if err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, proc: proc, drv: drv, declared: map[string]bool{}, buf: make([]byte, 0, 4096), reuse: true}
	if err := drv.handshake(ctx, e, warn); err != nil {
		proc.kill()
		return nil, fmt.Errorf("engine %s: handshake: %w", cfg.Name, err)
	}
	return e, nil
}

// write sends one or more whole command lines.
func (e *Engine) write(b []byte) error {
	if err := e.proc.write(b); err != nil {
		return errDisconnected
	}
	return nil
}

// await reads events until done says one was the awaited one; it gives up
// after timeout (a stall) or when the engine exits.
func (e *Engine) await(ctx context.Context, timeout time.Duration, done func(Event) bool) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case ev, ok := <-e.events():
			if !ok || ev.Kind == evExit {
				return errDisconnected
			}
			if done(ev) {
				return nil
			}
		case <-timer.C:
			return stalledAfter(timeout)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// stalledAfter is errStalled with how long the engine was given.
func stalledAfter(d time.Duration) error {
	return fmt.Errorf("%w (no answer in %v)", errStalled, d)
}

// awaitKind waits for an event of one kind, ignoring others.
func (e *Engine) awaitKind(ctx context.Context, want eventKind) error {
	return e.await(ctx, e.cfg.Timeout, func(ev Event) bool { return ev.Kind == want })
}

// NewGame gets the engine ready for a game from startFEN; stale output of
// the last game (a late move) is dropped on the way.
func (e *Engine) NewGame(ctx context.Context, rules Rules, startFEN string) error {
	e.played = true
	return e.drv.newGame(ctx, e, rules, startFEN)
}

// Think asks the engine for its move; it returns when the clock started.
func (e *Engine) Think(line *gameLine, clocks *[2]Clock, side Color) (time.Time, error) {
	return e.drv.think(e, line, clocks, side)
}

// Accepted tells the engine's driver that its move was legal and played.
func (e *Engine) Accepted(m protocol.Move) { e.drv.accepted(m) }

// settle stops a search the game no longer needs, so that the engine is idle
// for the next game; an engine that does not answer is marked failed. It
// runs between games, never while a result waits to be recorded.
func (e *Engine) settle(ctx context.Context) {
	e.busy = false
	if e.exited() || e.failed {
		return
	}
	if err := e.drv.settle(ctx, e); err != nil {
		e.failed = true
	}
}

// GameOver tells the engine how the game ended.
func (e *Engine) GameOver(outcome record.Outcome, reason string) { e.drv.gameOver(e, outcome, reason) }

// needsRestart says whether the engine must be replaced before a game.
func (e *Engine) needsRestart(policy spec.Restart) bool {
	switch {
	case e.exited():
		return true
	case policy == spec.RestartOn || !e.reuse:
		return e.played
	case policy == spec.RestartOff:
		return false
	}
	return e.failed
}

// declares reports whether the engine declared the option name (UCI option
// names are compared without regard to case).
func (e *Engine) declares(name string) bool {
	if e.declared[name] {
		return true
	}
	for d := range e.declared {
		if strings.EqualFold(d, name) {
			return true
		}
	}
	return false
}

// events is the engine's output, decoded by its driver; it is closed after
// evExit.
func (e *Engine) events() <-chan Event { return e.proc.events }

// linesRead counts the lines the engine wrote so far, events or not: a
// sign of life.
func (e *Engine) linesRead() int64 { return e.proc.lines.Load() }

// interrupt sends SIGINT, which XBoard engines may ask for to stop thinking.
func (e *Engine) interrupt() { e.proc.signal(syscall.SIGINT) }

// signalBeforeKill asks that an engine that does not quit in time get sig
// before it is killed.
func (e *Engine) signalBeforeKill(sig syscall.Signal) { e.proc.politeSignal = sig }

// exited reports whether the engine process is gone.
func (e *Engine) exited() bool {
	select {
	case <-e.proc.exited:
		return true
	default:
		return false
	}
}

// Close quits the engine, kills it if it does not exit in time, and reaps it.
func (e *Engine) Close() { e.proc.close(e.drv.quit(), quitGrace) }

// Name is the configured name, or failing that the engine's own.
func (e *Engine) Name() string {
	if e.cfg.Name != "" {
		return e.cfg.Name
	}
	return e.idName
}

// warnUndeclared reports configured options the engine did not declare.
func (e *Engine) warnUndeclared(warn func(string), opt spec.EngineOption) {
	if !e.declared[opt.Name] && warn != nil {
		warn(fmt.Sprintf("engine %s does not declare option %q; sending it anyway", e.cfg.Name, opt.Name))
	}
}
