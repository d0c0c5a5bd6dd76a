package distributed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// feedResults passes the results consumer's messages to incoming until ctx
// ends, then closes it. An error of the consumer's message iterator (a
// missed heartbeat, a new consumer leader after a server died) does not
// end the run: the iterator is made again, with back-off, saying so once
// per kind of error. A run across a NATS cluster ended with "results: the
// subscription ended" when its coordinator's server went away.
func (f *Coordinator) feedResults(ctx context.Context, cons jetstream.Consumer, incoming chan<- jetstream.Msg) {
	defer close(incoming)
	said := map[string]bool{}
	wait := 250 * time.Millisecond
	for ctx.Err() == nil {
		iter, err := cons.Messages()
		if err == nil {
			stop := context.AfterFunc(ctx, iter.Stop)
			err = forward(ctx, iter, incoming)
			stop()
			iter.Stop()
			wait = 250 * time.Millisecond
		}
		if ctx.Err() != nil {
			return
		}
		if !said[err.Error()] {
			said[err.Error()] = true
			f.note(fmt.Sprintf("reading results: %v; reading them again", err))
		}
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Second)
	}
}

// forward passes iter's messages on until it fails or ctx ends.
func forward(ctx context.Context, iter jetstream.MessagesContext, incoming chan<- jetstream.Msg) error {
	for {
		m, err := iter.Next()
		if err != nil {
			if errors.Is(err, jetstream.ErrMsgIteratorClosed) && ctx.Err() == nil {
				return fmt.Errorf("the consumer's messages stopped")
			}
			return err
		}
		select {
		case incoming <- m:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
