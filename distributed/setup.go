package distributed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
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
		// A server gone silent (its host's link down) is noticed in about
		// 15 s, not the client's default 4 minutes.
		nats.PingInterval(5 * time.Second), nats.MaxPingsOutstanding(3)}, connectionNotes(say)...)
	if auth.Token != "" {
		opts = append(opts, nats.Token(auth.Token))
	}
	if auth.User != "" {
		opts = append(opts, nats.UserInfo(auth.User, auth.Password))
	}
	if auth.CAFile != "" {
		opts = append(opts, nats.RootCAs(auth.CAFile))
	}
	nc, err := nats.Connect(url, opts...)
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
	jobs, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: jobsStream, Subjects: []string{jobSubject("*")}, Retention: jetstream.WorkQueuePolicy,
		Storage: jetstream.FileStorage, Duplicates: time.Hour, Replicas: replicasOf(ctx, js, jobsStream, replicas),
	})
	if err == nil {
		err = settle(ctx, jobs, replicas)
	}
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("jobs stream: %w", err)
	}
	results, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: resultsStream, Subjects: []string{resultSubject("*")}, Storage: jetstream.FileStorage,
		Duplicates: time.Hour, MaxAge: 7 * 24 * time.Hour, Replicas: replicasOf(ctx, js, resultsStream, replicas),
	})
	if err == nil {
		err = settle(ctx, results, replicas)
	}
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("results stream: %w", err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: runsBucket, Storage: jetstream.FileStorage, Replicas: replicasOf(ctx, js, "KV_"+runsBucket, replicas),
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
	workers, err := jobs.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: workersName, AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait,
		MaxDeliver: -1, MaxAckPending: 10000,
		Replicas: replicas, // 0: its stream's; else grown with it (a consumer made on one server stays there)
	})
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("workers consumer: %w", err)
	}
	return jobs, results, kv, workers, nil
}

// replicasOf is want when it is set, else the copies the stream named
// already keeps, else one.
func replicasOf(ctx context.Context, js jetstream.JetStream, stream string, want int) int {
	if want > 0 {
		return want
	}
	if s, err := js.Stream(ctx, stream); err == nil {
		return max(s.CachedInfo().Config.Replicas, 1)
	}
	return 1
}

// settle waits until a stream asked to keep copies on several servers
// has a leader and a majority of current copies: a stream just grown from
// one server to three (workers started first made it) answered nothing
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
			current := 1 // the leader
			for _, p := range info.Cluster.Replicas {
				if p.Current {
					current++
				}
			}
			if current > replicas/2 {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("its %d copies had no leader and majority after a minute (NATS: %v)", replicas, err)
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
