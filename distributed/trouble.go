package distributed

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// A worker that cannot store a result in JetStream says so on a core NATS
// subject, which needs no storage: when the store is full, that is the only
// way the coordinator can learn why no results come.
func troubleSubject(run string) string { return "autoplay.trouble." + run }

const headerGame = "Autoplay-Game"

// reportTrouble tells the run's coordinator that game's result could not be
// stored. Best effort: a lost report is followed by the next retry's.
func reportTrouble(nc *nats.Conn, run, worker string, game int, err error) {
	msg := nats.NewMsg(troubleSubject(run))
	msg.Header.Set(headerWorker, worker)
	msg.Header.Set(headerGame, strconv.Itoa(game))
	msg.Data = []byte(err.Error())
	nc.PublishMsg(msg)
}

// DefaultStoreGiveUp is how long a coordinator goes on while workers report
// that no result can be stored and none is recorded, before it ends the run
// with an error: the games recorded stay in the PGN, and the same command
// resumes once the store has room again.
const DefaultStoreGiveUp = 2 * time.Minute

// storeWatch is the coordinator's view of the workers' reports: since when
// results cannot be stored, with no result recorded since.
type storeWatch struct {
	giveUp  time.Duration
	since   time.Time // zero while results are stored
	senders []string
	last    string // the latest report's error
}

// recorded says a result came through: the store works.
func (s *storeWatch) recorded() { s.since, s.senders = time.Time{}, nil }

// report takes a worker's report and says whether the run must end.
func (s *storeWatch) report(sender, reason string, now time.Time) error {
	if s.since.IsZero() {
		s.since = now
	}
	if !contains(s.senders, sender) {
		s.senders = append(s.senders, sender)
	}
	s.last = reason
	if now.Sub(s.since) < s.giveUp {
		return nil
	}
	return fmt.Errorf("no result could be stored in NATS JetStream for %s (worker %s: %s): %s; "+
		"the games recorded are in the PGN, and the same command resumes the run once the store has room",
		now.Sub(s.since).Round(time.Second), strings.Join(s.senders, ", "), s.last, storeAdvice)
}

const storeAdvice = "the JetStream store is full or failing: free space where the NATS server keeps its store (with --serve: the directory PGN.nats beside the PGN), or raise its limit"

// insufficientResources is JetStream's error code for a store that is full.
const insufficientResources jetstream.ErrorCode = 10023

// storeHint adds what to do to an error of JetStream's that means its store
// cannot take more: out of resources, or JetStream switched off by the
// server after its disk filled.
func storeHint(err error) error {
	var api *jetstream.APIError
	if errors.As(err, &api) && api.ErrorCode == insufficientResources ||
		errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, nats.ErrNoResponders) ||
		strings.Contains(err.Error(), "insufficient resources") {
		return fmt.Errorf("%w (%s)", err, storeAdvice)
	}
	return err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
