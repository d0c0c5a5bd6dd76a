package distributed

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Coordinator is the coordinator's side of a distributed run: the
// runner.Dispatcher that publishes the run's games to NATS workers and
// takes their records back.
type Coordinator struct {
	nc      *nats.Conn
	js      jetstream.JetStream
	ackWait time.Duration
	// Warn receives what the coordinator refuses: results of workers of
	// another version, results that do not check out.
	Warn func(string)
	// StoreGiveUp is how long results may fail to be stored, with none
	// recorded, before the run ends with an error (DefaultStoreGiveUp).
	StoreGiveUp time.Duration
	// RefusedGiveUp is how long workers may refuse the run, none playing
	// it, before it ends with an error (DefaultRefusedGiveUp).
	RefusedGiveUp time.Duration
	// Note receives what the coordinator's connection goes through: the
	// server it plays the run on, a server lost, another found. Set it
	// before Play.
	Note func(string)
	// Replicas is how many servers of a NATS cluster keep the run's
	// streams; 0 keeps what they have (see ensure).
	Replicas int
	// Fleet, when set, gets the workers as the coordinator knows them, at
	// most once a second while they change (fleet.go). Set it before Play.
	Fleet func([]live.FleetWorker)
	// Live, when set, shows the games being played on the workers, as
	// they send them every LiveEvery (DefaultLiveEvery; livegames.go).
	// Set both before Play.
	Live      *live.State
	LiveEvery time.Duration

	fleet  *fleetBook
	mu     sync.Mutex
	warned map[string]bool
	noteTo func(string) // Note, once Play has begun
}

// NewCoordinator connects the coordinator to NATS at url.
func NewCoordinator(url string, auth Auth, ackWait time.Duration) (*Coordinator, error) {
	if ackWait <= 0 {
		ackWait = DefaultAckWait
	}
	f := &Coordinator{ackWait: ackWait}
	nc, js, err := connect(url, auth, "autoplay coordinator", f.note)
	if err != nil {
		return nil, err
	}
	f.nc, f.js = nc, js
	// The fleet is known from the start, runs or no runs.
	if f.fleet, err = listenToFleet(nc, f.note); err != nil {
		nc.Close()
		return nil, err
	}
	return f, nil
}

// note passes a line to Note (read under the lock: the connection's
// handlers run on its own goroutine).
func (f *Coordinator) note(line string) {
	f.mu.Lock()
	say := f.noteTo
	f.mu.Unlock()
	if say != nil {
		say(line)
	}
}

// Close disconnects.
func (f *Coordinator) Close() {
	f.fleet.close()
	f.nc.Close()
}

// Play publishes each job and hands back each result, until every job has
// its result, or the run stops (then its jobs are withdrawn and the workers
// told to drop its games), or ctx ends.
func (f *Coordinator) Play(ctx context.Context, cfg *spec.Config, jobs <-chan runner.GameJob, results chan<- *record.GameRecord, stop <-chan struct{}) error {
	run, cfgJSON, err := runID(cfg)
	if err != nil {
		return err
	}
	f.mu.Lock()
	f.noteTo = f.Note
	f.mu.Unlock()
	f.note("playing on NATS " + serverOf(f.nc))
	f.fleet.greet()
	jobStream, resStream, kv, _, err := ensureWaiting(ctx, f.js, f.ackWait, f.Replicas, f.note)
	if err != nil {
		return err
	}
	if err := upload(ctx, f.js, cfg, f.Replicas); err != nil {
		return err
	}
	if _, err := kv.Put(ctx, run, cfgJSON); err != nil {
		return fmt.Errorf("runs bucket: %w", storeHint(err))
	}
	kv.Delete(ctx, run+".stop")
	// A restarted coordinator publishes again what is still to play.
	if err := jobStream.Purge(ctx, jetstream.WithPurgeSubject(jobSubject(run))); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	cons, err := resStream.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: "coordinator-" + run, FilterSubject: resultSubject(run),
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: time.Minute, MaxDeliver: -1,
	})
	if err != nil {
		return fmt.Errorf("results consumer: %w", err)
	}
	// Every game's start is reported here: with 64 places, 256 workers'
	// reports overflowed it while a result was recorded (nats.go's "slow
	// consumer, messages dropped" on the coordinator's terminal).
	troubles := make(chan *nats.Msg, 4096)
	troubleSub, err := f.nc.ChanSubscribe(troubleSubject(run), troubles)
	if err != nil {
		return err
	}
	defer troubleSub.Unsubscribe()
	f.fleet.showTo(f.Fleet)
	var remote *remoteGames
	var reports chan liveReport
	var pruneTick <-chan time.Time
	if f.Live != nil {
		remote = &remoteGames{state: f.Live, every: cmp.Or(f.LiveEvery, DefaultLiveEvery), heard: map[int]time.Time{}}
		reports = make(chan liveReport, 1024)
		liveSub, err := f.nc.Subscribe(liveSubject(run), func(m *nats.Msg) { readLive(m, reports) })
		if err != nil {
			return err
		}
		defer liveSub.Unsubscribe()
		defer remote.clear()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		pruneTick = t.C
	}
	store := &storeWatch{giveUp: f.StoreGiveUp}
	if store.giveUp <= 0 {
		store.giveUp = DefaultStoreGiveUp
	}
	refusals := &refusalWatch{giveUp: f.RefusedGiveUp}
	if refusals.giveUp <= 0 {
		// At least three of a playing worker's signs of life.
		refusals.giveUp = max(DefaultRefusedGiveUp, f.ackWait)
	}
	incoming := make(chan jetstream.Msg)
	feedCtx, stopFeed := context.WithCancel(ctx)
	fed := make(chan struct{})
	go func() { f.feedResults(feedCtx, cons, incoming); close(fed) }()
	defer func() { stopFeed(); <-fed }()
	// Job ids carry this start's nonce: a restarted coordinator's jobs must
	// not be taken for duplicates of the ones it withdrew.
	q := &jobBook{f: f, js: f.js, stream: jobStream, run: run, nonce: strconv.FormatInt(time.Now().UnixNano(), 36), sent: map[int]sentJob{}}
	if remote != nil {
		q.liveEvery = remote.every
		for _, e := range cfg.Engines {
			q.names = append(q.names, e.Name)
		}
	}
	jobsOpen := true
	var sweep <-chan time.Time // set when a refused result may have taken a job with it
	for jobsOpen || len(q.sent) > 0 {
		var jobCh <-chan runner.GameJob
		if jobsOpen {
			jobCh = jobs
		}
		select {
		case job, ok := <-jobCh:
			if !ok {
				jobsOpen = false
				continue
			}
			if err := q.publish(ctx, job); err != nil {
				return err
			}
		case m, ok := <-incoming:
			if !ok {
				return fmt.Errorf("results: the subscription ended")
			}
			rec, lost := f.accept(ctx, cfg, q, m)
			if q.err != nil {
				return q.err
			}
			if lost && sweep == nil {
				sweep = time.After(sweepGrace)
			}
			if rec == nil {
				continue
			}
			select {
			case results <- rec: // recorded (whole, in the PGN) before the next one is read
			case <-ctx.Done():
				return ctx.Err()
			}
			m.Ack()
			f.fleet.recorded(m.Headers().Get(headerWorker), rec)
			q.recorded(rec.Number)
			store.recorded()
			refusals.played()
		case m := <-troubles:
			sender, game := m.Header.Get(headerWorker), m.Header.Get(headerGame)
			switch m.Header.Get(headerKind) {
			case kindPlaying:
				refusals.played()
				continue
			case kindRefused:
				f.fleet.charge(sender, true)
				f.warnOnce(sender+"|refused|"+string(m.Data), fmt.Sprintf("worker %s refuses this run's games: %s", sender, m.Data))
				if err := refusals.report(sender, string(m.Data), time.Now()); err != nil {
					f.withdraw(ctx, jobStream, kv, run) // no worker is left going round its jobs
					return err
				}
				continue
			}
			f.warnOnce(sender+"|store|"+string(m.Data), fmt.Sprintf("worker %s cannot store the result of game %s: %s", sender, game, m.Data))
			if err := store.report(sender, string(m.Data), time.Now()); err != nil {
				return err
			}
		case rep := <-reports:
			remote.take(rep, q)
		case now := <-pruneTick:
			remote.prune(q, now)
		case <-sweep:
			sweep = nil
			if info, err := cons.Info(ctx); err != nil || info.NumPending > 0 || info.NumAckPending > 0 {
				sweep = time.After(sweepGrace) // results still to read: they may be the jobs' own
				continue
			}
			if err := q.requeueLost(ctx); err != nil {
				return err
			}
		case <-stop:
			f.withdraw(ctx, jobStream, kv, run)
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// sweepGrace is how long after a refused result the coordinator looks for
// jobs that left the queue without a result it could take.
const sweepGrace = 2 * time.Second

// accept reads a result and checks it: the sender's wire version, a record
// it can decode, and the pending job's own game. A result refused is never
// recorded (it is terminated, and its sender named once); its job goes back
// to the queue if the sender took it from there. lost says a refused result
// could not be tied to a job, which the caller then looks for.
func (f *Coordinator) accept(ctx context.Context, cfg *spec.Config, q *jobBook, m jetstream.Msg) (rec *record.GameRecord, lost bool) {
	sender := m.Headers().Get(headerWorker)
	if sender == "" {
		sender = "an unnamed worker (an older autoplay?)"
	}
	if v := m.Headers().Get(headerWire); v != strconv.Itoa(spec.WireVersion) {
		if v == "" {
			v = "none"
		}
		f.warnOnce(sender+"|wire", fmt.Sprintf("refusing the results of worker %s: wire version %s, this run's is %d: run the same autoplay on every machine of the fleet; its games go back to the queue", sender, v, spec.WireVersion))
		f.fleet.charge(sender, false)
		m.Term()
		return nil, true
	}
	rec, err := runner.UnmarshalRecord(m.Data())
	if err != nil {
		f.warnOnce(sender+"|decode", fmt.Sprintf("refusing a result of worker %s: %v; its game goes back to the queue", sender, err))
		f.fleet.charge(sender, false)
		m.Term()
		return nil, true
	}
	sj, pending := q.sent[rec.Number]
	if !pending {
		m.Term() // a game recorded already (played twice), or never asked for
		return nil, false
	}
	if err := runner.CheckRecord(cfg, sj.job, rec); err != nil {
		f.warnOnce(sender+"|"+err.Error(), fmt.Sprintf("refusing a result of worker %s: %v; the game goes back to the queue", sender, err))
		f.fleet.charge(sender, false)
		m.Term()
		if err := q.requeueIfGone(ctx, rec.Number); err != nil {
			q.err = err
		}
		return nil, false
	}
	return rec, false
}

// warnOnce passes a warning on the first time its key comes.
func (f *Coordinator) warnOnce(key, msg string) {
	f.mu.Lock()
	warned := f.warned[key]
	if f.warned == nil {
		f.warned = map[string]bool{}
	}
	f.warned[key] = true
	f.mu.Unlock()
	if !warned {
		f.warn(msg)
	}
}

func (f *Coordinator) warn(msg string) {
	if f.Warn != nil {
		f.Warn(msg)
	}
}

// jobBook is what the coordinator has asked for and not yet recorded: each
// pending job with the stream sequence of its message.
type jobBook struct {
	f      *Coordinator
	js     jetstream.JetStream
	stream jetstream.Stream
	run    string
	nonce  string
	sent   map[int]sentJob
	err    error // a game that can be put in the queue no more: the run's error
	// liveEvery, when set, asks each job's worker to send its game so far
	// that often, for the dashboard; names are the run's engines.
	liveEvery time.Duration
	names     []string
}

type sentJob struct {
	job     runner.GameJob
	seq     uint64 // its message in the jobs stream
	attempt int    // how many times it was published
}

// maxJobAttempts bounds how often one game is put in the queue: a game
// whose every result is refused (a fleet that cannot play it right) ends
// the run with an error rather than being played for ever.
const maxJobAttempts = 5

// publish puts a job in the queue (again).
func (q *jobBook) publish(ctx context.Context, job runner.GameJob) error {
	data, err := jobJSON(job)
	if err != nil {
		return err
	}
	attempt := q.sent[job.Number].attempt + 1
	if attempt > maxJobAttempts {
		return fmt.Errorf("game %d: its result was refused %d times (see the warnings): no worker plays it so that it can be recorded", job.Number, maxJobAttempts)
	}
	id := q.run + "-" + q.nonce + "-" + strconv.Itoa(job.Number)
	if attempt > 1 {
		id += "-" + strconv.Itoa(attempt)
	}
	msg := nats.NewMsg(jobSubject(q.run))
	msg.Data = data
	if q.liveEvery > 0 {
		msg.Header.Set(headerLiveEvery, liveEveryHeader(q.liveEvery))
	}
	ack, err := q.js.PublishMsg(ctx, msg, jetstream.WithMsgID(id))
	if err != nil {
		return fmt.Errorf("publish job %d: %w", job.Number, storeHint(err))
	}
	q.sent[job.Number] = sentJob{job: job, seq: ack.Sequence, attempt: attempt}
	return nil
}

// recorded forgets game n's job, and takes its message out of the queue
// if it is still there: its worker died or was cut off after its result
// was stored and before its acknowledgement reached the server, and the
// job would be given to another worker to play again (a worker killed as
// it reported: its game played twice). Fire and forget, no wait in the
// coordinator's loop: a delete lost only lets the game be played again,
// its result then refused as a game recorded already.
func (q *jobBook) recorded(n int) {
	if sj, ok := q.sent[n]; ok {
		q.f.nc.Publish(jetstream.DefaultAPIPrefix+"STREAM.MSG.DELETE."+jobsStream, []byte(`{"seq":`+strconv.FormatUint(sj.seq, 10)+`,"no_erase":true}`))
	}
	delete(q.sent, n)
}

// requeueIfGone publishes game n's job again if its message left the queue
// (a worker took it and acknowledged it) without a result recorded.
func (q *jobBook) requeueIfGone(ctx context.Context, n int) error {
	sj, ok := q.sent[n]
	if !ok {
		return nil
	}
	if _, err := q.stream.GetMsg(ctx, sj.seq); !errors.Is(err, jetstream.ErrMsgNotFound) {
		return err // still queued or being played: its result is still to come
	}
	return q.publish(ctx, sj.job)
}

// requeueLost publishes again every pending job whose message left the
// queue without a result: a refused result took it.
func (q *jobBook) requeueLost(ctx context.Context) error {
	for n := range q.sent {
		if err := q.requeueIfGone(ctx, n); err != nil {
			return err
		}
	}
	return nil
}

// withdraw takes the run's jobs back and tells the workers to drop its
// games.
func (f *Coordinator) withdraw(ctx context.Context, jobStream jetstream.Stream, kv jetstream.KeyValue, run string) {
	jobStream.Purge(ctx, jetstream.WithPurgeSubject(jobSubject(run)))
	kv.Put(ctx, run+".stop", []byte("stopped"))
	f.nc.Publish(stopSubject(run), nil)
	f.nc.Flush()
}
