package distributed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/runner/spec"
)

// connect opens a NATS connection and its JetStream context; url may list
// several servers of a cluster, comma-separated. say, when set, hears of
// the connection lost and found again (connectionNotes).
func connect(url string, auth Auth, name string, say func(string)) (*nats.Conn, jetstream.JetStream, error) {
	opts := append([]nats.Option{nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second),
		// A server gone silent (its host's link down) is noticed in 10 to
		// 15 s, not the client's default 4 minutes.
		nats.PingInterval(5 * time.Second), nats.MaxPingsOutstanding(2)}, connectionNotes(say)...)
	creds, err := clientOptions(auth)
	if err != nil {
		return nil, nil, err
	}
	nc, err := nats.Connect(url, append(opts, creds...)...)
	if err != nil {
		return nil, nil, fmt.Errorf("nats %s: %w", url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	return nc, js, nil
}

// ensure creates the streams, the bucket and the workers' consumer (or
// finds them as they are). replicas is how many servers of a cluster keep
// each stream (the coordinator's --nats-replicas); 0 keeps what a stream
// has (one server for a new one), so that a worker never shrinks the
// copies a coordinator asked for. Consumers keep their stream's.
func ensure(ctx context.Context, js jetstream.JetStream, ackWait time.Duration, replicas int) (jetstream.Stream, jetstream.Stream, jetstream.KeyValue, jetstream.Consumer, error) {
	copies := map[string]int{}
	for _, name := range []string{jobsStream, resultsStream, "KV_" + runsBucket} {
		n, err := replicasOf(ctx, js, name, replicas)
		if err != nil {
			return nil, nil, nil, nil, fmt.Errorf("stream %s: %w", name, err)
		}
		copies[name] = n
	}
	jobs, err := createOrUpdateStream(ctx, js, jetstream.StreamConfig{
		Name: jobsStream, Subjects: []string{jobSubject("*")}, Retention: jetstream.WorkQueuePolicy,
		Storage: jetstream.FileStorage, Duplicates: time.Hour, Replicas: copies[jobsStream],
	})
	if err == nil {
		err = settle(ctx, jobs, replicas)
	}
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("jobs stream: %w", err)
	}
	results, err := createOrUpdateStream(ctx, js, jetstream.StreamConfig{
		Name: resultsStream, Subjects: []string{resultSubject("*")}, Storage: jetstream.FileStorage,
		Duplicates: time.Hour, MaxAge: 7 * 24 * time.Hour, Replicas: copies[resultsStream],
	})
	if err == nil {
		err = settle(ctx, results, replicas)
	}
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("results stream: %w", err)
	}
	kv, err := createOrUpdateKeyValue(ctx, js, jetstream.KeyValueConfig{
		Bucket: runsBucket, Storage: jetstream.FileStorage, Replicas: copies["KV_"+runsBucket],
	})
	if err == nil {
		var s jetstream.Stream
		if s, err = js.Stream(ctx, "KV_"+runsBucket); err == nil {
			err = settle(ctx, s, replicas)
		}
	}
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("runs bucket: %w", err)
	}
	asks, err := maxWaitingOf(ctx, jobs)
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("workers consumer: %w", err)
	}
	workers, err := jobs.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: workersName, AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait,
		MaxDeliver: -1, MaxAckPending: 10000, MaxWaiting: asks,
		Replicas: replicas, // 0: its stream's; else grown with it (a consumer made on one server stays there)
	})
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("workers consumer: %w", err)
	}
	return jobs, results, kv, workers, nil
}

// maxWaitingAsks is how many workers' asks for a job the workers' consumer
// holds at once: one per idle game slot of the fleet. JetStream's default,
// 512, refused the rest ("Exceeded MaxWaiting"): in the fleet benchmark,
// 1024 slots made 40 000 refused asks in one run and 25 games a second
// where 256 slots recorded 450.
const maxWaitingAsks = 16384

// maxWaitingOf is maxWaitingAsks for a new workers' consumer, and the one
// it has for a consumer made before (by an older autoplay): JetStream
// refuses to change it ("max waiting can not be updated"). A consumer
// that does not answer is an error, never a new one.
func maxWaitingOf(ctx context.Context, jobs jetstream.Stream) (int, error) {
	c, err := jobs.Consumer(ctx, workersName)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		return maxWaitingAsks, nil
	}
	if err != nil {
		return 0, err
	}
	return c.CachedInfo().Config.MaxWaiting, nil
}

// createOrUpdateStream makes the stream, or updates it only where it is
// not as asked. nats.go's CreateOrUpdateStream sends an update first, and
// every worker's start then rewrote the stream's config while others made
// their consumer: a data race inside nats-server 2.15.2 itself (its file
// store's UpdateConfig against ConsumerStore), which -race caught in
// TestSPRTStopsTheFleet. A create of a stream as it is changes nothing.
func createOrUpdateStream(ctx context.Context, js jetstream.JetStream, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	s, err := js.CreateStream(ctx, cfg)
	if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
		return js.UpdateStream(ctx, cfg)
	}
	return s, err
}

// createOrUpdateKeyValue is createOrUpdateStream for a bucket.
func createOrUpdateKeyValue(ctx context.Context, js jetstream.JetStream, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	kv, err := js.CreateKeyValue(ctx, cfg)
	if errors.Is(err, jetstream.ErrBucketExists) {
		return js.UpdateKeyValue(ctx, cfg)
	}
	return kv, err
}

// ensureWaiting is ensure, tried again for up to a minute while the
// cluster is not ready for it: a stream still growing to its servers, or
// made by a worker at the same moment ("stream name already in use").
// Each try has ensureAttempt: a caller's context with a far deadline
// replaces the client's own 5 s for each request, and a request the
// cluster never answered (growing a worker's one-copy stream to three on
// a cluster of nats-server 2.9 and this server) waited for it whole.
const ensureAttempt = 15 * time.Second

func ensureWaiting(ctx context.Context, js jetstream.JetStream, ackWait time.Duration, replicas int, say func(string)) (jetstream.Stream, jetstream.Stream, jetstream.KeyValue, jetstream.Consumer, error) {
	deadline := time.Now().Add(time.Minute)
	for wait, said := 250*time.Millisecond, false; ; wait = min(2*wait, 5*time.Second) {
		actx, cancel := context.WithTimeout(ctx, ensureAttempt)
		jobs, results, kv, cons, err := ensure(actx, js, ackWait, replicas)
		cancel()
		if ctx.Err() != nil {
			return nil, nil, nil, nil, ctx.Err()
		}
		if err == nil || !(serverNotThereYet(err) || noPeersYet(err)) || time.Now().After(deadline) {
			return jobs, results, kv, cons, err
		}
		if !said {
			say(fmt.Sprintf("waiting for the NATS cluster to make the run's streams: %v", err))
			said = true
		}
		select {
		case <-ctx.Done():
			return nil, nil, nil, nil, ctx.Err()
		case <-time.After(wait):
		}
	}
}

// noPeersYet says whether JetStream could not place a stream's copies
// because the cluster's servers have not all joined yet (its error 10005,
// "no suitable peers for placement", seen just after the cluster started).
func noPeersYet(err error) bool {
	var api *jetstream.APIError
	return errors.As(err, &api) && api.ErrorCode == 10005
}

// replicasOf is want when it is set, else the copies the stream named
// already keeps, else (no such stream yet) one. A stream that does not
// answer is an error, never one copy: a worker that took it for one
// shrank the coordinator's three copies to one while a server was away.
func replicasOf(ctx context.Context, js jetstream.JetStream, stream string, want int) (int, error) {
	if want > 0 {
		return want, nil
	}
	s, err := js.Stream(ctx, stream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return 1, nil
	}
	if err != nil {
		return 0, err
	}
	return max(s.CachedInfo().Config.Replicas, 1), nil
}

// settle waits until a stream asked to keep copies on several servers
// has a leader: a stream just made or grown on a cluster answered nothing
// until then, and the coordinator's first purge ended the run with
// "jobs: context deadline exceeded".
func settle(ctx context.Context, s jetstream.Stream, replicas int) error {
	if replicas <= 1 {
		return nil
	}
	deadline := time.Now().Add(time.Minute)
	for {
		info, err := s.Info(ctx)
		if err == nil && info.Cluster != nil && info.Cluster.Leader != "" {
			return nil
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = errors.New("no leader")
			}
			return fmt.Errorf("its %d copies are not ready after a minute: %w", replicas, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// runID names a run in subjects and keys: the same config and PGN give the
// same id, so a restarted coordinator finds its run again.
func runID(cfg *spec.Config) (string, []byte, error) {
	data, err := spec.MarshalWire(cfg)
	if err != nil {
		return "", nil, err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8]), data, nil
}
