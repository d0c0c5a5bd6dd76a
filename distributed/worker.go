package distributed

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
)

// WorkerOptions configure `autoplay worker`.
type WorkerOptions struct {
	URL         string
	Auth        Auth
	Concurrency int           // games at a time
	AckWait     time.Duration // see DefaultAckWait
	Log         func(string)  // what the worker does, a line at a time
	// Prepare adjusts a run's config for this machine before its first
	// game here (the built-in engine is this worker's own binary).
	Prepare func(*spec.Config) error
	// AcceptBinaries lets the worker run engine programs a coordinator
	// ships (checked against their SHA-256), cached in CacheDir.
	AcceptBinaries bool
	CacheDir       string
	// Engines are the engines this worker trusts, by name: a run's engine
	// of that name runs with the program, args and directory given here,
	// never the coordinator's (see trust).
	Engines []spec.EngineConfig
	// TrustCoordinatorCommands runs the command lines a run gives for
	// engines not in Engines, as given: anyone who can publish a run to
	// the server runs commands on this machine.
	TrustCoordinatorCommands bool
	// Waited, when set, learns how long each job waited from its publication
	// to its start here (for the coordinator benchmark).
	Waited func(time.Duration)
	// Name is how the worker names itself to coordinators (default
	// host:pid); Heartbeat how often it says it is there (DefaultHeartbeat).
	Name      string
	Heartbeat time.Duration
}

// Work pulls jobs of any run and plays them until ctx ends. A job is
// acknowledged only once its result is published: a worker that dies (or
// is stopped) mid-game leaves its job to be given to another worker when
// its heartbeats stop.
func Work(ctx context.Context, o WorkerOptions) error {
	if o.Concurrency < 1 {
		o.Concurrency = 1
	}
	if o.AckWait <= 0 {
		o.AckWait = DefaultAckWait
	}
	if o.Log == nil {
		o.Log = func(string) {}
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = DefaultHeartbeat
	}
	if o.Name == "" {
		o.Name = workerName()
	}
	nc, js, kv, cons, err := waitForServer(ctx, o)
	if err != nil {
		return err
	}
	defer nc.Close()
	w := &worker{o: o, nc: nc, js: js, kv: kv, name: o.Name, configs: map[string]*spec.Config{},
		running: map[string]map[*context.CancelFunc]bool{}, stopped: map[string]bool{}, refused: map[string]bool{}, commands: map[string]bool{}}
	o.Log(trustNote(o))
	sub, err := nc.Subscribe(stopSubject("*"), func(m *nats.Msg) { w.stop(strings.TrimPrefix(m.Subject, stopSubject(""))) })
	if err != nil {
		return err
	}
	defer sub.Unsubscribe()
	// A coordinator's refusal of this worker (another version) ends it:
	// its games go to the others, and it says why as it exits.
	verdict := make(chan error, 1)
	ctx, refused := context.WithCancelCause(ctx)
	defer refused(nil)
	endWhenClosed(nc, o.URL, o.Auth, refused)
	presence, leave, err := announce(ctx, nc, o, w.name, verdict)
	if err != nil {
		return err
	}
	defer leave()
	w.presence = presence
	go func() {
		select {
		case err := <-verdict:
			refused(err)
		case <-ctx.Done():
		}
	}()
	var wg sync.WaitGroup
	for slot := range o.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.serve(ctx, slot, cons)
		}()
	}
	wg.Wait()
	if err := context.Cause(ctx); errors.Is(err, errWrongVersion) {
		return fmt.Errorf("%w: %w", ErrCannotGoOn, err)
	} else if errors.Is(err, ErrCannotGoOn) || errors.Is(err, errConnectionClosed) {
		return err
	}
	return nil
}

type worker struct {
	o    WorkerOptions
	nc   *nats.Conn
	js   jetstream.JetStream
	kv   jetstream.KeyValue
	name string // how results name their sender: host:pid
	// presence is its heartbeats: what it plays, its engines' speed.
	presence *presenceLoop

	mu      sync.Mutex
	configs map[string]*spec.Config
	running map[string]map[*context.CancelFunc]bool // run -> its games' cancels
	stopped map[string]bool
	refused map[string]bool // runs this worker cannot play, said once
	// commands are the coordinators' command lines this worker has run
	// (--trust-coordinator-commands), each logged once.
	commands map[string]bool
}

// refusedDelay is how long a job this worker cannot play stays away from
// every worker.
const refusedDelay = 2 * time.Second

// refusedPause is how long a slot that refused a job waits before it asks
// for another: past the job's return, so that a worker that can play it is
// the one waiting for it then. JetStream hands a job to the longest-waiting
// request, and a slot that asked again at once was often that one: the job
// came back to it again and again while an idle worker that could play it
// waited (8-90 s seen for a 2-game run).
const refusedPause = refusedDelay + time.Second

// askRefusedPause is how long a slot whose ask for a job the server
// refused waits before it asks again.
const askRefusedPause = time.Second

// player prepares to play a run here: its config in this autoplay's wire
// version, and every engine of it started once. A run whose config or
// engines fail here is one this worker leaves to others.
func (w *worker) player(ctx context.Context, slot int, run string) (*runner.Player, error) {
	cfg, err := w.config(ctx, run)
	if err != nil {
		return nil, err
	}
	p, err := runner.NewPlayer(*cfg, func(msg string) { w.o.Log(fmt.Sprintf("slot %d: %s", slot+1, msg)) })
	if err != nil {
		return nil, err
	}
	all := make([]int, len(cfg.Engines))
	for i := range all {
		all[i] = i
	}
	if err := p.Warm(ctx, runner.WarmPlan{Check: all}); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// refuse says, once per run and loudly, why this worker leaves a run's
// jobs to other workers.
func (w *worker) refuse(run string, err error) {
	w.mu.Lock()
	said := w.refused[run]
	w.refused[run] = true
	w.mu.Unlock()
	if !said {
		w.o.Log(fmt.Sprintf("WARNING: run %s cannot be played by this worker (%s): %v; its games are left to other workers", run, w.name, err))
	}
}

// serve is one game slot: it fetches one job at a time.
func (w *worker) serve(ctx context.Context, slot int, cons jetstream.Consumer) {
	players := map[string]*runner.Player{}
	defer func() {
		for _, p := range players {
			p.Close()
		}
	}()
	for ctx.Err() == nil {
		m, err := askForJob(ctx, cons)
		var pause time.Duration
		switch {
		case m != nil:
			if w.handle(ctx, slot, m, players) {
				pause = refusedPause
			}
		case err != nil && ctx.Err() == nil:
			// The server refused the ask, or the connection is closed:
			// asking again at once spun (a long ask's heartbeats stop
			// instead when more slots ask than the server holds).
			pause = askRefusedPause
		}
		if pause > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(pause):
			}
		}
	}
}

// handle plays one job, or hands it back; refused says this worker cannot
// play its run.
func (w *worker) handle(ctx context.Context, slot int, m jetstream.Msg, players map[string]*runner.Player) (refused bool) {
	run := strings.TrimPrefix(m.Subject(), jobSubject(""))
	job, err := parseJob(m.Data())
	if err != nil {
		m.Term()
		return false
	}
	if w.isStopped(ctx, run) {
		m.Term()
		return false
	}
	p := players[run]
	if p == nil {
		var err error
		if p, err = w.player(ctx, slot, run); err != nil {
			if ctx.Err() != nil {
				m.Nak() // this worker stops: not a refusal
				return false
			}
			w.refuse(run, err)
			reportRefusal(w.nc, run, w.name, err)
			m.NakWithDelay(refusedDelay) // another worker takes it
			return true
		}
		players[run] = p
	}
	gameCtx, cancelCause := context.WithCancelCause(ctx)
	cancel := context.CancelFunc(func() { cancelCause(nil) })
	defer cancel()
	w.track(run, &cancel, true)
	defer w.track(run, &cancel, false)
	// The job stays this worker's while the game goes on, and the game
	// stops when the worker cannot be sure of that any more (lease.go).
	held := startLease(gameCtx, m, w.nc, w.o.AckWait, cancelCause)
	defer held.end()
	beat := time.NewTicker(w.o.AckWait / 3)
	defer beat.Stop()
	done := make(chan struct{})
	reportPlaying(w.nc, run, w.name)
	go func() {
		for {
			select {
			case <-beat.C:
				reportPlaying(w.nc, run, w.name)
			case <-done:
				return
			}
		}
	}()
	if meta, err := m.Metadata(); err == nil && w.o.Waited != nil {
		w.o.Waited(time.Since(meta.Timestamp))
	}
	w.o.Log(fmt.Sprintf("slot %d: run %s game %d", slot+1, run, job.Number))
	w.presence.playing.Add(1)
	stopLive := w.sendLive(m, run, p, job.Number)
	rec, err := p.Play(gameCtx, job)
	stopLive()
	w.presence.playing.Add(-1)
	defer close(done) // heartbeats go on while the result waits to be stored
	switch {
	case ctx.Err() != nil:
		return false // this worker stops: the job goes to another when its wait runs out
	case w.leaseLost(gameCtx, run, job.Number):
		return false // the job is another worker's now: nothing sent for it
	case gameCtx.Err() != nil:
		m.Term() // the run stopped: its game is not recorded anywhere
		return false
	case err != nil:
		w.o.Log(fmt.Sprintf("run %s game %d: %v", run, job.Number, err))
		m.NakWithDelay(5 * time.Second)
		return false
	}
	data, err := runner.MarshalRecord(rec)
	if err != nil {
		w.o.Log(fmt.Sprintf("run %s game %d: %v", run, job.Number, err))
		m.Nak()
		return false
	}
	msg := nats.NewMsg(resultSubject(run))
	msg.Data = data
	msg.Header.Set(headerWire, strconv.Itoa(spec.WireVersion))
	msg.Header.Set(headerWorker, w.name)
	if !held.confirmedSince(gameCtx, time.Now()) || !w.deliver(gameCtx, msg, resultID(m, run, job.Number), run, job.Number) {
		w.leaseLost(gameCtx, run, job.Number)
		return false // stopped: the job goes to another worker, or the run is over
	}
	w.o.Log(fmt.Sprintf("run %s game %d: result published: %s", run, job.Number, gameLine(rec)))
	w.presence.played(rec)
	m.Ack()
	return false
}

// leaseLost says whether a game was stopped because its lease was lost,
// saying so in a line.
func (w *worker) leaseLost(gameCtx context.Context, run string, number int) bool {
	var lost leaseLostError
	if !errors.As(context.Cause(gameCtx), &lost) {
		return false
	}
	w.o.Log(fmt.Sprintf("run %s game %d: %v", run, number, lost))
	return true
}

// deliver publishes a result until JetStream stores it, or ctx ends: a
// played game is not thrown away because the store is full for a while.
// Each failure is logged here and reported to the coordinator, which learns
// of it no other way when the store is full.
func (w *worker) deliver(ctx context.Context, msg *nats.Msg, id, run string, number int) bool {
	wait := 500 * time.Millisecond
	for {
		_, err := w.js.PublishMsg(ctx, msg, jetstream.WithMsgID(id))
		if err == nil {
			return true
		}
		if ctx.Err() != nil {
			return false
		}
		w.o.Log(fmt.Sprintf("run %s game %d: result not published: %v; trying again in %s", run, number, storeHint(err), wait))
		reportTrouble(w.nc, run, w.name, number, err)
		select {
		case <-ctx.Done():
			return false
		case <-time.After(wait):
		}
		wait = min(2*wait, maxDeliverWait)
	}
}

// maxDeliverWait bounds the back-off between tries to store a result.
const maxDeliverWait = 8 * time.Second

// config reads a run's config from the bucket, once.
func (w *worker) config(ctx context.Context, run string) (*spec.Config, error) {
	w.mu.Lock()
	cfg := w.configs[run]
	w.mu.Unlock()
	if cfg != nil {
		return cfg, nil
	}
	e, err := w.kv.Get(ctx, run)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	if cfg, err = spec.UnmarshalWire(e.Value()); err != nil {
		return nil, err
	}
	if err := w.trust(cfg); err != nil {
		return nil, err
	}
	if w.o.Prepare != nil {
		if err := w.o.Prepare(cfg); err != nil {
			return nil, fmt.Errorf("config: %w", err)
		}
	}
	if err := receive(ctx, w.js, cfg, w.o.AcceptBinaries, w.o.CacheDir); err != nil {
		return nil, err
	}
	w.mu.Lock()
	w.configs[run] = cfg
	w.mu.Unlock()
	return cfg, nil
}

// isStopped says whether a run's jobs are to be dropped. The run's ".stop"
// key decides: a coordinator that starts the run again deletes it, and
// then the mark this worker set when it was told of the stop is cleared.
func (w *worker) isStopped(ctx context.Context, run string) bool {
	_, err := w.kv.Get(ctx, run+".stop")
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		w.mu.Lock()
		delete(w.stopped, run)
		w.mu.Unlock()
		return false
	}
	if err == nil {
		return true
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stopped[run] // the bucket cannot be read: what we were told
}

func (w *worker) track(run string, cancel *context.CancelFunc, on bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.running[run] == nil {
		w.running[run] = map[*context.CancelFunc]bool{}
	}
	if on {
		w.running[run][cancel] = true
	} else {
		delete(w.running[run], cancel)
	}
}

// stop drops a run's running games: it was decided or withdrawn.
func (w *worker) stop(run string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped[run] = true
	for cancel := range w.running[run] {
		(*cancel)()
	}
	w.o.Log(fmt.Sprintf("run %s stopped: its games dropped", run))
}

// resultID is a result's identity for JetStream's duplicate window: the
// job's own message id, which holds the coordinator's start nonce and the
// job's attempt, so a worker's retry of a publish is one result, while the
// same game asked for by a later start of the run (its PGN deleted, the
// store kept) is a new one.
func resultID(job jetstream.Msg, run string, number int) string {
	if id := job.Headers().Get(jetstream.MsgIDHeader); id != "" {
		return "result-" + id
	}
	return run + "-" + strconv.Itoa(number)
}

// waitForServer connects to the server and its streams, waiting for them
// with back-off: a fleet starts in any order, so a worker started before
// its coordinator's server waits for it (saying so once) instead of
// exiting. Only ctx ends the wait.
func waitForServer(ctx context.Context, o WorkerOptions) (*nats.Conn, jetstream.JetStream, jetstream.KeyValue, jetstream.Consumer, error) {
	wait := 250 * time.Millisecond
	said := false
	for {
		nc, js, err := connect(o.URL, o.Auth, "autoplay worker", o.Log)
		if err == nil {
			var kv jetstream.KeyValue
			var cons jetstream.Consumer
			if kv, cons, err = joinStreams(ctx, nc, js, o.AckWait); err == nil {
				o.Log("connected to NATS: " + serverOf(nc))
				return nc, js, kv, cons, nil
			}
			nc.Close()
		}
		if !serverNotThereYet(err) {
			return nil, nil, nil, nil, cannotGoOn(o.URL, o.Auth, err) // a wrong token or certificate does not get better by waiting
		}
		if !said {
			o.Log(fmt.Sprintf("waiting for NATS at %s: %v", o.URL, err))
			said = true
		}
		select {
		case <-ctx.Done():
			return nil, nil, nil, nil, ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Second)
	}
}

// serverNotThereYet says whether a failure to reach the server is one that
// waiting may cure: no server listening yet, or one not ready to answer.
func serverNotThereYet(err error) bool {
	return errors.Is(err, nats.ErrNoServers) || errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrJetStreamNotEnabled) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrNoResponders) ||
		errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) || // made by another client at the same moment
		errors.Is(err, errStreamsNotMade) ||
		jetStreamUnavailable(err)
}

// jetStreamUnavailable says whether JetStream answered that it cannot
// serve now (its status 503, "JetStream system temporarily unavailable",
// err_code 10008): a cluster still electing its leaders, just after it
// started or lost a server. Workers that took it for a refusal exited
// while the cluster formed.
func jetStreamUnavailable(err error) bool {
	var api *jetstream.APIError
	return errors.As(err, &api) && (api.Code == 503 || api.ErrorCode == 10008)
}
