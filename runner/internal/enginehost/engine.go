// Package enginehost runs engines: it starts each as a child process
// (through runner/internal/proc, which owns the processes themselves),
// reads its stdout into events on a goroutine of its own, logs what it
// says, speaks UCI or XBoard to it, and decides from how a game ended
// whether the process plays another. The game loop knows engines only
// through the small API of Engine.
//
// It must not know the game, the run, its outputs or the configuration's
// text forms: the game hands it the moves as a History (XBoard's SAN is
// read against the host's own chess.Position, not the game's rules), the
// endings as record.End, and the configuration as plain spec types. Nor
// does it start or reap processes itself: that is runner/internal/proc's.
package enginehost

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Errors an engine's failure maps to; the game loop turns them into endings.
var (
	// ErrStalled: the engine did not answer in time.
	ErrStalled      = errors.New("connection stalls")
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
	decoder(Capture) decoder
	// handshake runs right after start: identify, learn features/options, set options.
	handshake(ctx context.Context, e *Engine, warn func(string)) error
	// newGame prepares a game from startFEN and waits until the engine is in sync.
	newGame(ctx context.Context, e *Engine, startFEN string) error
	// think asks for a move in the position after the history's moves; it
	// returns the moment the clock starts.
	think(e *Engine, hist *History, clocks Clocks, side record.Color) (time.Time, error)
	// moveOf is the move a KindMove event names in the game's position:
	// its Move, or its Text (SAN).
	moveOf(move protocol.Move, san string) (protocol.Move, bool)
	// rejects says whether the engine's "illegal move" reply naming move
	// refuses one of the moves of this game it was sent.
	rejects(move string, moves []protocol.Move) bool
	// accepted tells the driver the engine's move m was legal and played.
	accepted(m protocol.Move)
	// settle stops a search the game no longer needs and waits until the engine is idle.
	settle(ctx context.Context, e *Engine) error
	// gameOver tells the engine the game ended with result ("1-0") for reason.
	gameOver(e *Engine, result, reason string)
	// reusable says whether the process may play another game.
	reusable() bool
	// quit is the command that asks the engine to exit.
	quit() []byte
}

// ponderer is a driver whose engine the runner has think on its opponent's
// time (UCI "go ponder"). XBoard engines ponder by themselves ("hard").
type ponderer interface {
	canPonder(e *Engine) bool
	ponder(e *Engine, hist *History, clocks Clocks, side record.Color) error
	ponderHit(e *Engine) (time.Time, error)
	ponderMiss(ctx context.Context, e *Engine, limit time.Duration) error
}

// Engine is one engine process as the runner drives it, whatever its protocol.
type Engine struct {
	cfg      *spec.EngineConfig
	proc     *process
	drv      driver
	idName   string                    // what the engine calls itself
	idAuthor string                    // who it says wrote it (UCI only)
	threads  int                       // its declared Threads default; 0: none declared
	hash     int                       // its declared Hash default (MB); 0: none declared
	declared map[string]declaredOption // the options the engine declared, by name (at most maxDeclared)
	alert    func(string)              // what the user must see even under --quiet (Options.Alert)
	buf      []byte                    // reused for every command written
	failed   bool                      // it misbehaved: replace it before the next game
	played   bool                      // it has started a game (restart=on replaces it after)
}

// Options are what a start needs besides the engine's config.
type Options struct {
	Capture Capture      // what the decoder keeps beyond the score
	Log     *IOLog       // nil: no log
	Warn    func(string) // an engine that cannot ponder, and the like
	// Alert is told what the user must see even under --quiet: an option
	// the engine does not declare (a typo), a value it refuses that is not
	// sent. nil: Warn.
	Alert func(string)
	CPUs  *proc.CPUSet // where the engine may run; nil: anywhere
}

// Start starts an engine process and completes its protocol's handshake,
// setting every configured option; an option the engine does not declare
// is reported to Alert, not an error, and a value its declaration refuses
// is an error (see checkOption).
func Start(ctx context.Context, cfg *spec.EngineConfig, o Options) (*Engine, error) {
	var drv driver
	switch cfg.Proto {
	case spec.XBoard:
		drv = newXBoardDriver()
	default:
		drv = &uciDriver{}
	}
	proc, err := startProcess(cfg, drv.decoder(o.Capture), o.Log, o.CPUs)
	if err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, proc: proc, drv: drv, declared: map[string]declaredOption{}, buf: make([]byte, 0, firstCommandRoom)}
	warn := o.Warn
	if warn == nil {
		warn = func(string) {}
	}
	alert := o.Alert
	if alert == nil {
		alert = warn
	}
	e.alert = alert
	if err := drv.handshake(ctx, e, warn); err != nil {
		proc.kill()
		var refused *OptionValueError
		if errors.As(err, &refused) {
			return nil, fmt.Errorf("engine %s: %w", cfg.Name, err) // not the handshake's fault
		}
		return nil, fmt.Errorf("engine %s: handshake: %w", cfg.Name, err)
	}
	return e, nil
}

// Config is the engine's configuration: its limits, margins, variant.
func (e *Engine) Config() *spec.EngineConfig { return e.cfg }

// write sends one or more whole command lines.
func (e *Engine) write(b []byte) error {
	if err := e.proc.write(b); err != nil {
		return errDisconnected
	}
	return nil
}

// writeSearch sends commands that start a search (go, go ponder): the
// search is open until the reader reads its move. It is counted before the
// write, as a fast engine's move can be read before the write returns.
func (e *Engine) writeSearch(b []byte) error {
	e.proc.unanswered.Add(1)
	if err := e.write(b); err != nil {
		e.proc.unanswered.Add(-1)
		return err
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
		case ev, ok := <-e.Events():
			if !ok || ev.Kind == KindExit {
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

// stalledAfter is ErrStalled with how long the engine was given.
func stalledAfter(d time.Duration) error {
	return fmt.Errorf("%w (no answer in %v)", ErrStalled, d)
}

// awaitKind waits up to timeout for an event of one kind, ignoring others.
func (e *Engine) awaitKind(ctx context.Context, timeout time.Duration, want Kind) error {
	return e.await(ctx, timeout, func(ev Event) bool { return ev.Kind == want })
}

// NewGame gets the engine ready for a game from startFEN; stale output of
// the last game (a late move) is dropped on the way.
func (e *Engine) NewGame(ctx context.Context, startFEN string) error {
	e.played = true
	e.proc.unanswered.Store(0) // a move left over from the last game is dropped on the way
	return e.drv.newGame(ctx, e, startFEN)
}

// Think asks the engine for its move; it returns when the clock started.
// Then, while the engine thinks, the command buffer gets room for the next
// command, which is a move longer: writing it never allocates.
func (e *Engine) Think(hist *History, clocks Clocks, side record.Color) (time.Time, error) {
	sent, err := e.drv.think(e, hist, clocks, side)
	if len(e.buf) > cap(e.buf)/2 {
		e.buf = make([]byte, 0, 2*cap(e.buf))
	}
	return sent, err
}

// MoveOf is the move a KindMove event names (its Move and Text), read
// against the game's position where the engine wrote it in SAN; false
// when it names none. It takes the event's fields, not the event, so that
// the event stays on the game loop's stack.
func (e *Engine) MoveOf(move protocol.Move, text string) (protocol.Move, bool) {
	return e.drv.moveOf(move, text)
}

// Played tells the engine's driver that its move was legal and played.
func (e *Engine) Played(m protocol.Move) { e.drv.accepted(m) }

// Refuses says whether an "illegal move" reply (KindRejected, naming move)
// refuses one of the game's moves the engine was sent: engines say
// "Illegal move" of other things too.
func (e *Engine) Refuses(move string, moves []protocol.Move) bool { return e.drv.rejects(move, moves) }

// CanPonder says whether the runner has this engine think on its
// opponent's time: pondering was asked for and its protocol and the engine
// allow it.
func (e *Engine) CanPonder() bool {
	pd, ok := e.drv.(ponderer)
	return ok && pd.canPonder(e)
}

// Ponder has the engine think on its opponent's time: the position after
// the reply it expects (the history's last move) with the clocks.
func (e *Engine) Ponder(hist *History, clocks Clocks, side record.Color) error {
	return e.drv.(ponderer).ponder(e, hist, clocks, side)
}

// PonderHit: the expected reply came; the search goes on, on the clock
// from the returned time.
func (e *Engine) PonderHit() (time.Time, error) { return e.drv.(ponderer).ponderHit(e) }

// PonderMiss: another reply came; the search is stopped and its answer
// read and dropped, waiting at most limit (the mover's clock runs while it
// does: an engine that ignores stop loses on time, as any late engine).
func (e *Engine) PonderMiss(ctx context.Context, limit time.Duration) error {
	return e.drv.(ponderer).ponderMiss(ctx, e, limit)
}

// GameOver tells the engine, which played side, how the game ended. An
// ending that blames it and calls for a fresh process (end.Replace) has it
// replaced before its next game: the game says how it ended, the host
// decides what that means for the process.
func (e *Engine) GameOver(end record.End, side record.Color) {
	if end.Replace && end.Culprit == side {
		e.failed = true
	}
	if !e.exited() {
		e.drv.gameOver(e, end.Outcome.String(), end.Text)
	}
}

// Reusable says whether the engine may play another game as policy allows.
// A search its last game left open (the game ended while it thought or
// pondered) is stopped first, so that the engine is idle for the next; one
// that does not stop is not reusable. It runs between games, never while a
// result waits to be recorded.
func (e *Engine) Reusable(ctx context.Context, policy spec.Restart) bool {
	e.stopOpenSearch(ctx)
	return !e.needsRestart(policy)
}

// stopOpenSearch stops a search no move answered yet; an engine that does
// not answer is marked failed.
func (e *Engine) stopOpenSearch(ctx context.Context) {
	if e.proc.unanswered.Load() == 0 {
		return
	}
	e.proc.unanswered.Store(0)
	if e.exited() || e.failed {
		return
	}
	if err := e.drv.settle(ctx, e); err != nil {
		e.failed = true
	}
}

// needsRestart says whether the engine must be replaced before a game.
func (e *Engine) needsRestart(policy spec.Restart) bool {
	switch {
	case e.exited():
		return true
	case policy == spec.RestartOn || !e.drv.reusable():
		return e.played
	case policy == spec.RestartOff:
		return false
	}
	return e.failed
}

// Events is the engine's output, decoded by its driver; it is closed after
// KindExit.
func (e *Engine) Events() <-chan Event { return e.proc.events }

// linesRead counts the lines the engine wrote so far, events or not: a
// sign of life.
func (e *Engine) linesRead() int64 { return e.proc.lines.Load() }

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

// firstCommandRoom is the command buffer an engine starts with: a position
// with its moves since the last capture or pawn move and a go, in most
// games; Think doubles it while the engine thinks when half of it is used.
const firstCommandRoom = 1 << 10

// Identity is what the engine said of itself in its handshake.
func (e *Engine) Identity() record.Identity {
	return record.Identity{Name: e.idName, Author: e.idAuthor, Threads: e.threads, Hash: e.hash}
}

// noteSize keeps the declared defaults of the options that size an engine,
// which reports print when a run does not set them (fastchess's "1t, 16MB").
func (e *Engine) noteSize(option string, def int) {
	switch {
	case def <= 0:
	case strings.EqualFold(option, uci.OptThreads):
		e.threads = def
	case strings.EqualFold(option, uci.OptHash):
		e.hash = def
	}
}
