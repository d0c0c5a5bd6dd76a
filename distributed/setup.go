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

// connect opens a NATS connection and its JetStream context.
func connect(url string, auth Auth, name string) (*nats.Conn, jetstream.JetStream, error) {
	opts := []nats.Option{nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second)}
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
// finds them as they are).
func ensure(ctx context.Context, js jetstream.JetStream, ackWait time.Duration) (jetstream.Stream, jetstream.Stream, jetstream.KeyValue, jetstream.Consumer, error) {
	jobs, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: jobsStream, Subjects: []string{jobSubject("*")}, Retention: jetstream.WorkQueuePolicy,
		Storage: jetstream.FileStorage, Duplicates: time.Hour,
	})
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("jobs stream: %w", err)
	}
	results, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: resultsStream, Subjects: []string{resultSubject("*")}, Storage: jetstream.FileStorage,
		Duplicates: time.Hour, MaxAge: 7 * 24 * time.Hour,
	})
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("results stream: %w", err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: runsBucket, Storage: jetstream.FileStorage})
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("runs bucket: %w", err)
	}
	workers, err := jobs.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: workersName, AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait,
		MaxDeliver: -1, MaxAckPending: 10000,
	})
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("workers consumer: %w", err)
	}
	return jobs, results, kv, workers, nil
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
