package distributed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// errStreamsNotMade is a worker's wait on a NATS cluster whose run
// streams no coordinator has made yet.
var errStreamsNotMade = errors.New("no coordinator has made the run's streams on this NATS cluster yet; a worker waits for them rather than make them with one copy")

// joinStreams is ensure for a worker: on a NATS cluster it makes none of
// the run's streams, waiting (errStreamsNotMade) until a coordinator has
// made them with the copies it asks for. A worker that made one first kept
// it on one server, and the coordinator then grew it to three: on
// nats-server 2.9.10 the new copies never appeared on two of the servers,
// and killing the one that held the stream lost the results and the
// workers' consumer (its games played again), which the namespace test
// CoordinatorsServerKilledForGood found under load, where the coordinator
// was slower than its workers to make the streams. A lone server keeps one
// copy whoever makes it: there a worker makes them as before.
func joinStreams(ctx context.Context, nc *nats.Conn, js jetstream.JetStream, ackWait time.Duration) (jetstream.KeyValue, jetstream.Consumer, error) {
	if nc.ConnectedClusterName() != "" {
		for _, name := range []string{jobsStream, resultsStream, "KV_" + runsBucket} {
			_, err := js.Stream(ctx, name)
			if errors.Is(err, jetstream.ErrStreamNotFound) {
				return nil, nil, errStreamsNotMade
			}
			if err != nil {
				return nil, nil, fmt.Errorf("stream %s: %w", name, err)
			}
		}
	}
	_, _, kv, cons, err := ensure(ctx, js, ackWait, 0)
	return kv, cons, err
}
