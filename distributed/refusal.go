package distributed

import (
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
)

// Workers tell the run's coordinator, on its trouble subject, when they
// refuse its games (an engine they do not trust, a program they may not
// run) and, while they play one, that they do: the coordinator then says
// why workers refuse, and ends a run that no worker plays instead of
// waiting for ever while its jobs go round.
const (
	headerKind  = "Autoplay-Kind"
	kindRefused = "refused"
	kindPlaying = "playing"
)

// DefaultRefusedGiveUp is how long workers may refuse a run, with none of
// them playing it or sending a result, before its coordinator ends it (or
// --ack-wait when longer: a playing worker says so every third of it).
const DefaultRefusedGiveUp = 2 * time.Minute

// reportRefusal tells the coordinator why this worker leaves the run's
// games to others. Best effort: the next refusal says it again.
func reportRefusal(nc *nats.Conn, run, worker string, err error) {
	msg := nats.NewMsg(troubleSubject(run))
	msg.Header.Set(headerWorker, worker)
	msg.Header.Set(headerKind, kindRefused)
	msg.Data = []byte(err.Error())
	nc.PublishMsg(msg)
}

// reportPlaying tells the coordinator this worker is playing one of the
// run's games: a refusal elsewhere is then no reason to end the run.
func reportPlaying(nc *nats.Conn, run, worker string) {
	msg := nats.NewMsg(troubleSubject(run))
	msg.Header.Set(headerWorker, worker)
	msg.Header.Set(headerKind, kindPlaying)
	nc.PublishMsg(msg)
}

// refusalWatch is the coordinator's view of refusals: since when workers
// refuse the run with none playing it.
type refusalWatch struct {
	giveUp time.Duration
	since  time.Time // zero while some worker plays the run
	// reasons are the latest refusal of each worker that refused.
	reasons map[string]string
	order   []string
}

// played says a worker plays the run, or a result came.
func (r *refusalWatch) played() { r.since, r.reasons, r.order = time.Time{}, nil, nil }

// report takes a refusal and says whether the run must end.
func (r *refusalWatch) report(sender, reason string, now time.Time) error {
	if r.since.IsZero() {
		r.since = now
	}
	if r.reasons == nil {
		r.reasons = map[string]string{}
	}
	if _, ok := r.reasons[sender]; !ok {
		r.order = append(r.order, sender)
	}
	r.reasons[sender] = reason
	if now.Sub(r.since) < r.giveUp {
		return nil
	}
	var said []string
	for _, w := range r.order {
		said = append(said, fmt.Sprintf("worker %s: %s", w, r.reasons[w]))
	}
	return fmt.Errorf("no worker plays this run: for %s every worker that asked for its games refused them (%s); "+
		"the games recorded are in the PGN, and the same command resumes the run once a worker can play it",
		now.Sub(r.since).Round(time.Second), strings.Join(said, "; "))
}
