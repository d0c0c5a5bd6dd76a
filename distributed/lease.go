package distributed

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// A lease is a worker's hold on the job it plays. JetStream gives a job to
// another worker once the ack wait passes without a sign of life from the
// one that has it; a worker cut off from NATS for longer still played its
// game to the end and published it, so the game was played twice. Now the
// worker renews its lease often, knows which renewals reached the server
// (each is followed by a round trip on the same connection), and stops its
// game when it can no longer be sure the job is still its own.

// leaseParts is how finely a lease cuts the ack wait: a renewal every
// tenth of it (3 s of the default 30 s), each given a tenth to be
// confirmed, and a tenth kept as a margin: the game is stopped once no
// renewal sent in the last nine tenths of the ack wait (27 s) is confirmed.
// A server resets a job's ack wait when a renewal arrives, which is after
// it was sent, so a game stopped then is stopped before the server can
// give its job to another worker. An outage of up to about 8 tenths of the
// ack wait (24 s), less the time to reconnect, keeps the game.
const leaseParts = 10

// lease renews one job's hold and says when it is lost.
type lease struct {
	msg     jetstream.Msg
	nc      *nats.Conn
	ackWait time.Duration
	every   time.Duration // ackWait/leaseParts: cadence, confirmation wait and margin
	lost    func(error)   // called once, from the renewing goroutine
	kick    chan struct{} // asks for a renewal now

	mu        sync.Mutex
	sent      time.Time     // when the last confirmed renewal was sent
	confirmed chan struct{} // closed, and replaced, at each confirmation

	stop context.CancelFunc
	done chan struct{}
}

// startLease renews m's hold until end is called, calling lost (once) with
// a leaseLostError when no renewal was confirmed for too long. The job was
// delivered just before: the lease counts from now.
func startLease(ctx context.Context, m jetstream.Msg, nc *nats.Conn, ackWait time.Duration, lost func(error)) *lease {
	l := &lease{msg: m, nc: nc, ackWait: ackWait, every: ackWait / leaseParts, lost: lost,
		kick: make(chan struct{}, 1), sent: time.Now(), confirmed: make(chan struct{}), done: make(chan struct{})}
	ctx, l.stop = context.WithCancel(ctx)
	go l.keep(ctx)
	return l
}

// end stops the renewals and waits for them to stop.
func (l *lease) end() {
	l.stop()
	<-l.done
}

func (l *lease) keep(ctx context.Context) {
	defer close(l.done)
	last := time.Now() // the delivery: the first renewal is a tenth of the ack wait later
	for {
		l.mu.Lock()
		expiry := l.sent.Add(l.ackWait - l.every)
		cutOff := time.Since(l.sent)
		l.mu.Unlock()
		if !time.Now().Before(expiry) {
			l.lost(leaseLostError{cutOff: cutOff, ackWait: l.ackWait})
			return
		}
		wait := time.NewTimer(min(time.Until(last.Add(l.every)), time.Until(expiry)))
		select {
		case <-ctx.Done():
			wait.Stop()
			return
		case <-l.kick:
			wait.Stop()
		case <-wait.C:
			if time.Now().Before(last.Add(l.every)) {
				continue // woken to look at the expiry
			}
		}
		last = time.Now()
		l.renew(last)
	}
}

// renew sends a renewal and waits (a tenth of the ack wait at most) for a
// round trip behind it: its answer says the renewal reached the server.
// A renewal not confirmed in time may still arrive; it is only not counted.
func (l *lease) renew(sent time.Time) {
	l.msg.InProgress()
	if l.nc.FlushTimeout(l.every) != nil {
		return
	}
	l.mu.Lock()
	if sent.After(l.sent) {
		l.sent = sent
	}
	close(l.confirmed)
	l.confirmed = make(chan struct{})
	l.mu.Unlock()
}

// confirmedSince waits until a renewal sent at or after t is confirmed,
// and says whether one was (false: ctx ended, as it does when the lease
// is lost). A result is published only then: the connection is known to
// work and the job to be this worker's for most of an ack wait more.
func (l *lease) confirmedSince(ctx context.Context, t time.Time) bool {
	select {
	case l.kick <- struct{}{}:
	default:
	}
	for {
		l.mu.Lock()
		ok, next := !l.sent.Before(t), l.confirmed
		l.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-next:
		}
	}
}

// leaseLostError is why a game was stopped: its worker was cut off from
// NATS for too long to be sure its job was still its own.
type leaseLostError struct{ cutOff, ackWait time.Duration }

func (e leaseLostError) Error() string {
	return fmt.Sprintf("cut off from NATS for %s, too near the ack wait (%s) to be sure the game is still this worker's: another worker plays it; stopped here, its result not published",
		e.cutOff.Round(100*time.Millisecond), e.ackWait)
}
