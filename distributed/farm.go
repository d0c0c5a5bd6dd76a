package distributed

import (
	"context"
	"fmt"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/runner"
)

// Farm is the coordinator's side: it implements runner.Farm over NATS.
type Farm struct {
	nc      *nats.Conn
	js      jetstream.JetStream
	ackWait time.Duration
}

// NewFarm connects the coordinator to NATS at url.
func NewFarm(url string, auth Auth, ackWait time.Duration) (*Farm, error) {
	nc, js, err := connect(url, auth, "autoplay coordinator")
	if err != nil {
		return nil, err
	}
	if ackWait <= 0 {
		ackWait = DefaultAckWait
	}
	return &Farm{nc: nc, js: js, ackWait: ackWait}, nil
}

// Close disconnects.
func (f *Farm) Close() { f.nc.Close() }

// Play publishes each job and hands back each result, until every job has
// its result, or the run stops (then its jobs are withdrawn and the workers
// told to drop its games), or ctx ends.
func (f *Farm) Play(ctx context.Context, cfg *spec.Config, jobs <-chan runner.GameJob, results chan<- *record.GameRecord, stop <-chan struct{}) error {
	run, cfgJSON, err := runID(cfg)
	if err != nil {
		return err
	}
	jobStream, resStream, kv, _, err := ensure(ctx, f.js, f.ackWait)
	if err != nil {
		return err
	}
	if err := upload(ctx, f.js, cfg); err != nil {
		return err
	}
	if _, err := kv.Put(ctx, run, cfgJSON); err != nil {
		return fmt.Errorf("runs bucket: %w", err)
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
	incoming := make(chan jetstream.Msg)
	iter, err := cons.Messages()
	if err != nil {
		return err
	}
	defer iter.Stop()
	go func() {
		defer close(incoming)
		for {
			m, err := iter.Next()
			if err != nil {
				return
			}
			select {
			case incoming <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	// Job ids carry this start's nonce: a restarted coordinator's jobs must
	// not be taken for duplicates of the ones it withdrew.
	nonce := strconv.FormatInt(time.Now().UnixNano(), 36)
	pending := map[int]bool{}
	jobsOpen := true
	for jobsOpen || len(pending) > 0 {
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
			data, err := jobJSON(job)
			if err != nil {
				return err
			}
			if _, err := f.js.Publish(ctx, jobSubject(run), data, jetstream.WithMsgID(run+"-"+nonce+"-"+strconv.Itoa(job.Number))); err != nil {
				return fmt.Errorf("publish job %d: %w", job.Number, err)
			}
			pending[job.Number] = true
		case m, ok := <-incoming:
			if !ok {
				return fmt.Errorf("results: the subscription ended")
			}
			rec, err := runner.UnmarshalRecord(m.Data())
			if err != nil {
				m.Term() // not ours to read: never again
				continue
			}
			select {
			case results <- rec: // recorded (whole, in the PGN) before the next one is read
			case <-ctx.Done():
				return ctx.Err()
			}
			m.Ack()
			delete(pending, rec.Number)
		case <-stop:
			f.withdraw(ctx, jobStream, kv, run)
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// withdraw takes the run's jobs back and tells the workers to drop its
// games.
func (f *Farm) withdraw(ctx context.Context, jobStream jetstream.Stream, kv jetstream.KeyValue, run string) {
	jobStream.Purge(ctx, jetstream.WithPurgeSubject(jobSubject(run)))
	kv.Put(ctx, run+".stop", []byte("stopped"))
	f.nc.Publish(stopSubject(run), nil)
	f.nc.Flush()
}
