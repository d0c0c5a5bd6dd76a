package distributed

import (
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
)

// A coordinator with a dashboard shows the games being played on its
// workers. Each job it publishes then says how often its worker is to send
// the game so far (headerLiveEvery); the worker sends the whole game each
// time (its moves, clocks and last evals: a few hundred bytes to a few kB
// a game every 2 s), on core NATS, where one lost costs nothing and the
// next says all again. A coordinator without a dashboard asks for none, and
// its workers send none and keep no moves.
const (
	headerLiveEvery = "Autoplay-Live-Every"
	// DefaultLiveEvery is how often a worker sends a game it plays to a
	// coordinator's dashboard.
	DefaultLiveEvery = 2 * time.Second
	// minLiveEvery bounds what a job may ask of a worker.
	minLiveEvery = 200 * time.Millisecond
)

func liveSubject(run string) string { return "autoplay.live." + run }

// liveReport is a game in progress as a worker sends it: no PVs, no eval
// graph (the board, the clocks and each side's last score and depth).
type liveReport struct {
	Number   int              `json:"n"`
	StartFEN string           `json:"fen,omitempty"`
	Moves    []string         `json:"moves"`
	Clocks   [2]time.Duration `json:"clocks"`
	Evals    [2]live.Eval     `json:"evals"`
	worker   string           // who sent it (its header)
}

// Bounds on what a coordinator takes of a report.
const (
	maxLivePlies   = 2000
	maxLiveFENText = 120 // a FEN with a pocket
	maxLiveScore   = 12
)

// sendLive sends, while game number of run is played here, the game so far
// every interval the job asks for, until the returned stop is called; it
// sends nothing for a job that asks for none.
func (w *worker) sendLive(job jetstream.Msg, run string, p *runner.Player, number int) (stop func()) {
	every, err := time.ParseDuration(job.Headers().Get(headerLiveEvery))
	if err != nil || every <= 0 {
		return func() {}
	}
	every = max(every, minLiveEvery)
	state := p.Watched()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if g, ok := state.Game(number); ok {
					w.publishLive(run, g)
				}
			}
		}
	})
	return func() { close(done); wg.Wait() }
}

func (w *worker) publishLive(run string, g live.Game) {
	r := liveReport{Number: g.Number, StartFEN: g.StartFEN, Moves: g.Moves, Clocks: g.Clocks, Evals: g.Evals}
	for i := range r.Evals {
		r.Evals[i].PV = ""
	}
	data, err := json.Marshal(r)
	if err != nil {
		return
	}
	msg := nats.NewMsg(liveSubject(run))
	msg.Header.Set(headerWorker, w.name)
	msg.Data = data
	w.nc.PublishMsg(msg) // best effort: the next one says it all again
}

// remoteGames is a coordinator's side: the games its workers said they
// play, shown on its dashboard until recorded or no longer reported.
type remoteGames struct {
	state *live.State
	every time.Duration
	heard map[int]time.Time // the latest report of each game shown
}

// staleAfter is how long a game shown may go without a report before it
// is taken off the board (its worker died, was cut off, or stopped it).
func (r *remoteGames) staleAfter() time.Duration { return max(3*r.every, 10*time.Second) }

// readLive reads a worker's report (on the connection's goroutine) and
// hands it on if it is in the form the page draws and within bounds; when
// the coordinator is busy it is dropped: the next one says it all again,
// and reports never overflow the connection ("slow consumer").
func readLive(m *nats.Msg, to chan<- liveReport) {
	var rep liveReport
	if json.Unmarshal(m.Data, &rep) != nil || len(rep.Moves) > maxLivePlies || len(rep.StartFEN) > maxLiveFENText {
		return
	}
	for _, mv := range rep.Moves {
		if !liveMoveText(mv) {
			return // the page would draw nonsense, or none
		}
	}
	for i := range rep.Evals {
		e := &rep.Evals[i]
		if len(e.Score) > maxLiveScore {
			e.Score = ""
		}
		e.PV = ""
	}
	rep.worker = clip(m.Header.Get(headerWorker))
	select {
	case to <- rep:
	default:
	}
}

// take shows a report of a game still to be recorded (a late report of a
// recorded game is not), with the names of the run's own engines.
func (r *remoteGames) take(rep liveReport, q *jobBook) {
	sj, pending := q.sent[rep.Number]
	if !pending {
		return
	}
	names := q.names
	g := live.Game{Number: rep.Number, StartFEN: rep.StartFEN, Moves: rep.Moves, Clocks: rep.Clocks, Evals: rep.Evals,
		Worker: rep.worker}
	if sj.job.White < len(names) && sj.job.Black < len(names) {
		g.White, g.Black = names[sj.job.White], names[sj.job.Black]
	}
	r.state.Remote(g)
	r.heard[rep.Number] = time.Now()
}

// liveMoveText says whether a move is in the form the dashboard's games
// give it (live.Game's Moves: UCI, castling with its rook's file in
// Chess960).
func liveMoveText(mv string) bool {
	var m protocol.Move
	return len(mv) <= 8 && m.UnmarshalText([]byte(mv)) == nil
}

// prune forgets the games recorded, and takes off the board those whose
// reports stopped.
func (r *remoteGames) prune(q *jobBook, now time.Time) {
	for n, at := range r.heard {
		_, pending := q.sent[n]
		if pending && now.Sub(at) <= r.staleAfter() {
			continue
		}
		if pending {
			r.state.Ended(n)
		}
		delete(r.heard, n)
	}
}

// clear takes every game shown off the board: the run is over or stopped.
func (r *remoteGames) clear() {
	for n := range r.heard {
		r.state.Ended(n)
	}
	clear(r.heard)
}

// liveEveryHeader is a job's header value asking for reports every d.
func liveEveryHeader(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) + "ms" }
