package distributed

import (
	"fmt"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// A cluster electing its leaders answers "JetStream system temporarily
// unavailable": a worker waits for it, as for a server not up yet; a
// refused token it does not wait for.
func TestWorkerWaitsForJetStreamTemporarilyUnavailable(t *testing.T) {
	unavailable := fmt.Errorf("stream %s: %w", jobsStream, &jetstream.APIError{Code: 503, ErrorCode: 10008, Description: "JetStream system temporarily unavailable"})
	if !serverNotThereYet(unavailable) {
		t.Errorf("%v: not waited for", unavailable)
	}
	for _, err := range []error{nats.ErrAuthorization, &jetstream.APIError{Code: 400, ErrorCode: 10003, Description: "bad request"}} {
		if serverNotThereYet(err) {
			t.Errorf("%v: waited for", err)
		}
	}
}
