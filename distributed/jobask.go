package distributed

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// An idle game slot waits for a job in one long ask: JetStream holds the
// ask (a pull request) until a job comes or it expires. An ask of a second,
// asked again and again, made the server's cost grow with the idle slots,
// not the games: each second a subscription, the ask, its expiry and an
// unsubscription per slot (2048 workers: the server 2.2 ms of CPU a game).
// The server's heartbeat on a waiting ask tells a slot that its server is
// gone (two missed: nats.go's ErrNoHeartbeat), so a longer ask does not
// leave a slot waiting on a lost server for the whole of it; nor on a
// server that holds no more asks (past MaxWaiting it answers an ask that
// has heartbeats with none, not with "Exceeded MaxWaiting").
const (
	jobAskWait      = 30 * time.Second
	jobAskHeartbeat = 5 * time.Second
)

// askForJob waits for one job of the workers' consumer, until jobAskWait
// passes or ctx ends: m is nil when none came. The ask ends with ctx: its
// subscription goes, and the server drops a waiting ask nobody listens to
// when a job comes (TestStoppedAskTakesNoJob), so a stopping worker is not
// handed a job it will never play; one that came as it stopped is handed
// back at once, not left to its ack wait.
func askForJob(ctx context.Context, cons jetstream.Consumer) (m jetstream.Msg, err error) {
	askCtx, cancel := context.WithTimeout(ctx, jobAskWait)
	defer cancel()
	batch, err := cons.Fetch(1, jetstream.FetchContext(askCtx), jetstream.FetchHeartbeat(jobAskHeartbeat))
	if err != nil {
		return nil, err
	}
	for msg := range batch.Messages() {
		m = msg
	}
	if m != nil && ctx.Err() != nil {
		m.Nak()
		return nil, ctx.Err()
	}
	if m != nil {
		return m, nil
	}
	if err := batch.Error(); err != nil && !quietAskEnd(err) {
		return nil, err
	}
	return nil, ctx.Err()
}

// quietAskEnd says whether an ask ended with no job and nothing wrong: it
// expired (the server's answer, or its own deadline), or the server's
// heartbeats stopped (a lost server: the slot asks again, of the server its
// connection finds).
func quietAskEnd(err error) bool {
	return errors.Is(err, nats.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, context.Canceled) || errors.Is(err, jetstream.ErrNoHeartbeat)
}
