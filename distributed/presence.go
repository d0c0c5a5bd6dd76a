package distributed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// A worker says who it is on the fleet subject: at once when it joins,
// then every heartbeat, and a last time when it leaves. Each message says
// everything (host, cores, version, engines and their speed, games being
// played), so a coordinator started after its workers knows each within
// one heartbeat, and nothing is kept in JetStream: presence needs no store
// and is lost with no harm.
const fleetSubject = "autoplay.fleet.workers"

// DefaultHeartbeat is how often a worker says it is there. A coordinator
// marks a worker silent after three of its heartbeats did not come.
const DefaultHeartbeat = 5 * time.Second

const (
	presenceBeat  = "beat"
	presenceLeave = "leave"
	// kindWrongVersion marks a coordinator's answer to a worker of another
	// wire version.
	kindWrongVersion = "wrong-version"
)

// presence is a worker's message on the fleet subject.
type presence struct {
	Kind    string             `json:"kind"`
	Name    string             `json:"name"`
	Host    string             `json:"host"`
	CPUs    int                `json:"cpus"`
	Version string             `json:"version"`
	Wire    int                `json:"wire"`
	Engines []live.FleetEngine `json:"engines"`
	Playing int                `json:"playing"`
	Slots   int                `json:"slots"`
	Every   time.Duration      `json:"every_ns"`
}

// errWrongVersion is a coordinator's answer to a worker of another wire
// version: the worker cannot play its runs and exits (see announce).
var errWrongVersion = errors.New("the coordinator runs another version of autoplay")

// presenceLoop is a worker's side of the fleet: its heartbeats, the speed
// of its engines as its games report it, and the coordinators' answers.
type presenceLoop struct {
	nc      *nats.Conn
	self    presence
	inbox   string
	playing atomic.Int32

	mu     sync.Mutex
	speeds map[string]*engineSpeed
}

// engineSpeed is an engine's nodes per second as its searches in this
// worker's first games reported them: measured under the games' own load
// and at no cost, where a bench at start would cost every start seconds,
// need an engine that has one, and run without the load of the games.
type engineSpeed struct {
	sum, n uint64
}

// maxSpeedSamples is how many searches of an engine its speed averages:
// its first games'.
const maxSpeedSamples = 2000

// announce starts a worker's heartbeats; verdict receives a coordinator's
// refusal of this worker. stop says goodbye and ends them.
func announce(ctx context.Context, nc *nats.Conn, o WorkerOptions, name string, verdict chan<- error) (*presenceLoop, func(), error) {
	host, _ := os.Hostname()
	p := &presenceLoop{nc: nc, inbox: nc.NewInbox(), speeds: map[string]*engineSpeed{}, self: presence{
		Name: name, Host: host, CPUs: runtime.NumCPU(), Version: BuildVersion(), Wire: spec.WireVersion,
		Slots: o.Concurrency, Every: o.Heartbeat,
	}}
	for _, e := range o.Engines {
		p.speeds[e.Name] = &engineSpeed{}
	}
	sub, err := nc.Subscribe(p.inbox, func(m *nats.Msg) {
		if m.Header.Get(headerKind) != kindWrongVersion {
			return // the server's "no responders" while no coordinator listens
		}
		select {
		case verdict <- fmt.Errorf("%w: %s", errWrongVersion, m.Data):
		default:
		}
	})
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(o.Heartbeat)
		defer tick.Stop()
		for {
			p.send(presenceBeat)
			select {
			case <-ctx.Done():
				// Leaving: said as the worker stops taking jobs, not once
				// its engines have quit.
				p.send(presenceLeave)
				nc.FlushTimeout(time.Second)
				return
			case <-tick.C:
			}
		}
	}()
	stop := func() {
		cancel()
		<-done
		sub.Unsubscribe()
	}
	return p, stop, nil
}

// send publishes the worker's presence. Best effort: the next beat says
// it again.
func (p *presenceLoop) send(kind string) {
	msg := p.self
	msg.Kind = kind
	msg.Playing = int(p.playing.Load())
	msg.Engines = p.engines()
	data, err := json.Marshal(msg)
	if err != nil {
		return
	}
	p.nc.PublishMsg(&nats.Msg{Subject: fleetSubject, Reply: p.inbox, Data: data})
}

// engines lists the worker's engines, its own and those of the runs it
// played, by name, with their speed.
func (p *presenceLoop) engines() []live.FleetEngine {
	p.mu.Lock()
	defer p.mu.Unlock()
	list := make([]live.FleetEngine, 0, len(p.speeds))
	for name, s := range p.speeds {
		e := live.FleetEngine{Name: name}
		if s.n > 0 {
			e.NPS = s.sum / s.n
		}
		list = append(list, e)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list
}

// maxFleetEngines bounds the engines a worker lists (a worker serving
// many runs meets many names).
const maxFleetEngines = 32

// played takes a game's searches into its engines' speeds.
func (p *presenceLoop) played(rec *record.GameRecord) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, ply := range rec.Plies {
		name := rec.White
		if i%2 == 1 {
			name = rec.Black
		}
		s := p.speeds[name]
		if s == nil {
			if len(p.speeds) >= maxFleetEngines {
				continue
			}
			s = &engineSpeed{}
			p.speeds[name] = s
		}
		if nps := npsOf(ply.Info); nps > 0 && s.n < maxSpeedSamples {
			s.sum += nps
			s.n++
		}
	}
}

// npsOf is a search's nodes per second: as the engine reported it, or
// from its nodes and time (XBoard engines report no nps); 0 when it
// reported neither, or a search too short to say.
func npsOf(info record.MoveInfo) uint64 {
	if info.Sent.Has(protocol.FieldNPS) && info.NPS > 0 {
		return info.NPS
	}
	if info.Sent.Has(protocol.FieldNodes|protocol.FieldTime) && info.Time >= 10*time.Millisecond {
		return uint64(float64(info.Nodes) / info.Time.Seconds())
	}
	return 0
}

// BuildVersion names this autoplay's build: its module version, else the
// commit it was built from (with "+dirty" for uncommitted changes), else
// "devel".
func BuildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}

// gameLine is a played game as a worker's log says it: its engines, its
// result and how it ended, its length and how long it took.
func gameLine(rec *record.GameRecord) string {
	return fmt.Sprintf("%s vs %s, %s (%s), %d plies in %s", rec.White, rec.Black, rec.Outcome, rec.Ending, len(rec.Plies), rec.Duration.Round(100*time.Millisecond))
}
