package distributed

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// fleetBook is the coordinator's book of its workers: who they said they are,
// what they do, when they were last heard of, and what it counted of their
// games. A worker that went silent is marked, never removed: an operator
// must see which machine stopped.
type fleetBook struct {
	nc   *nats.Conn
	note func(string) // a line per worker joined, silent, back, left

	mu      sync.Mutex
	show    func([]live.FleetWorker) // the dashboard's, or nil
	members map[string]*member
	order   []string // names in the order they joined: a stable list
	changed bool
	full    bool // maxFleet reached, said once
	// greeted: a run has begun and the lines are heard (greet); before,
	// a worker's joining is kept for the run's first line about it.
	greeted bool

	sub     *nats.Subscription
	closing sync.Once // a coordinator closed twice
	stop    chan struct{}
	done    chan struct{}
}

// member is one worker in the book.
type member struct {
	row    live.FleetWorker
	every  time.Duration // its heartbeat
	recent [64]time.Time // its latest recorded games (a ring), for its rate
	next   int
}

// maxFleet bounds the workers a coordinator keeps, whatever arrives on the
// fleet subject: past it, a new name replaces the one that left or went
// silent longest ago, or is not listed.
const maxFleet = 4096

// silentAfter is how many of a worker's heartbeats may be missed before
// it is marked silent.
const silentAfter = 3

// listenToFleet listens to the workers' presence; show gets the fleet at most
// once a second when it changed.
func listenToFleet(nc *nats.Conn, note func(string)) (*fleetBook, error) {
	fl := &fleetBook{nc: nc, note: note, members: map[string]*member{}, stop: make(chan struct{}), done: make(chan struct{})}
	sub, err := nc.Subscribe(fleetSubject, fl.heard)
	if err != nil {
		return nil, err
	}
	fl.sub = sub
	go fl.watch()
	return fl, nil
}

// showTo sets where the fleet is shown, and shows it there.
func (fl *fleetBook) showTo(show func([]live.FleetWorker)) {
	fl.mu.Lock()
	fl.show, fl.changed = show, true
	fl.mu.Unlock()
}

// close stops listening; the fleet as it was stays on the dashboard.
func (fl *fleetBook) close() {
	if fl == nil {
		return
	}
	fl.closing.Do(func() {
		fl.sub.Unsubscribe()
		close(fl.stop)
	})
	<-fl.done
}

// watch marks the workers gone silent and hands the fleet to the dashboard.
func (fl *fleetBook) watch() {
	defer close(fl.done)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-fl.stop:
			fl.publish(time.Now())
			return
		case now := <-tick.C:
			fl.publish(now)
		}
	}
}

// publish marks silence and shows the fleet if it changed.
func (fl *fleetBook) publish(now time.Time) {
	fl.mu.Lock()
	var lines []string
	for _, name := range fl.order {
		m := fl.members[name]
		r := &m.row
		if r.State == stateLeft {
			continue
		}
		if quiet := now.Sub(r.LastSeen); quiet > silentAfter*m.every {
			if r.State != stateSilent {
				lines = append(lines, fmt.Sprintf("worker %s went silent: no heartbeat since %s (every %s expected); it stays listed", name, r.LastSeen.Format("15:04:05"), m.every))
				r.State = stateSilent
			}
			r.SilentFor = quiet.Seconds()
			fl.changed = true
		}
	}
	var rows []live.FleetWorker
	show := fl.show
	if fl.changed && show != nil {
		rows = make([]live.FleetWorker, 0, len(fl.order))
		for _, name := range fl.order {
			m := fl.members[name]
			r := m.row
			r.GamesPerMin = m.rate(now)
			r.Engines = append([]live.FleetEngine(nil), r.Engines...)
			rows = append(rows, r)
		}
	}
	fl.changed = false
	fl.mu.Unlock()
	for _, l := range lines {
		fl.say(l)
	}
	if rows != nil {
		show(rows)
	}
}

func (fl *fleetBook) say(line string) {
	if fl.note != nil {
		fl.note(line)
	}
}

// The states a worker is listed in.
const (
	stateIdle    = "idle"
	statePlaying = "playing"
	stateSilent  = "silent"
	stateLeft    = "left"
)

// heard takes a worker's presence (on the connection's goroutine). A
// worker of another wire version is told, on its own inbox, that it cannot
// play this coordinator's runs.
func (fl *fleetBook) heard(msg *nats.Msg) {
	var p presence
	if err := json.Unmarshal(msg.Data, &p); err != nil || p.Name == "" {
		return
	}
	if p.Wire != spec.WireVersion && p.Kind == presenceBeat && msg.Reply != "" {
		answer := nats.NewMsg(msg.Reply)
		answer.Header.Set(headerKind, kindWrongVersion)
		answer.Data = fmt.Appendf(nil, "its runs are of wire version %d, this autoplay (%s) reads version %d: run the same autoplay on every machine of the fleet",
			spec.WireVersion, p.Version, p.Wire)
		fl.nc.PublishMsg(answer)
	}
	now := time.Now()
	fl.mu.Lock()
	m, line := fl.member(p.Name, now)
	if m == nil {
		fl.mu.Unlock()
		return
	}
	r := &m.row
	was, quiet := r.State, now.Sub(r.LastSeen)
	r.Host, r.CPUs, r.Slots, r.Playing = clip(p.Host), p.CPUs, p.Slots, p.Playing
	r.Version = fmt.Sprintf("%s (wire %d)", clip(p.Version), p.Wire)
	if len(p.Engines) > maxFleetEngines {
		p.Engines = p.Engines[:maxFleetEngines]
	}
	for i := range p.Engines {
		p.Engines[i].Name = clip(p.Engines[i].Name)
	}
	r.Engines = p.Engines
	if p.Every > 0 {
		m.every = p.Every
	}
	r.LastSeen, r.SilentFor = now, 0
	switch {
	case p.Kind == presenceLeave:
		r.State, r.Playing = stateLeft, 0
	case p.Playing > 0:
		r.State = statePlaying
	default:
		r.State = stateIdle
	}
	switch {
	case line != "" && !fl.greeted:
		line = "" // said by greet when the run begins
	case line != "":
		line += ": " + describe(r)
	case was == stateSilent && r.State != stateLeft:
		line = fmt.Sprintf("worker %s is back, after %s silent", p.Name, quiet.Round(time.Second))
	}
	if r.State == stateLeft && was != stateLeft {
		line = fmt.Sprintf("worker %s left", p.Name)
	}
	fl.changed = true
	fl.mu.Unlock()
	if line != "" {
		fl.say(line)
	}
}

// greet says, as a run begins, the workers that joined before it, whose
// joining nobody heard (the coordinator's lines start with its run): one
// line each, as a later worker gets, up to maxGreeted, then their count.
func (fl *fleetBook) greet() {
	fl.mu.Lock()
	if fl.greeted {
		fl.mu.Unlock()
		return
	}
	fl.greeted = true
	var lines []string
	waiting := 0
	for _, name := range fl.order {
		r := &fl.members[name].row
		if r.State != stateIdle && r.State != statePlaying {
			continue
		}
		if waiting++; waiting <= maxGreeted {
			lines = append(lines, fmt.Sprintf("worker %s joined before the run: %s", name, describe(r)))
		}
	}
	if waiting > maxGreeted {
		lines = append(lines, fmt.Sprintf("and %d more workers joined before the run (%d in all; the dashboard lists them)", waiting-maxGreeted, waiting))
	}
	fl.mu.Unlock()
	for _, l := range lines {
		fl.say(l)
	}
}

// maxGreeted bounds the lines greet says one by one: a fleet of hundreds
// gets a count.
const maxGreeted = 16

// describe is a worker as its joined line says it.
func describe(r *live.FleetWorker) string {
	return fmt.Sprintf("host %s, %d cores, autoplay %s, %d games at a time, engines %s", r.Host, r.CPUs, r.Version, r.Slots, engineList(r.Engines))
}

// member finds or adds a worker (under mu); joined is the line that says
// a new one joined. nil: the book is full of workers still there.
func (fl *fleetBook) member(name string, now time.Time) (m *member, joined string) {
	if m := fl.members[name]; m != nil {
		return m, ""
	}
	if len(fl.members) >= maxFleet && !fl.evict() {
		if !fl.full {
			fl.full = true
			go fl.say(fmt.Sprintf("the fleet has %d workers listed, all still there: more are not listed", maxFleet))
		}
		return nil, ""
	}
	m = &member{every: DefaultHeartbeat, row: live.FleetWorker{Name: clip(name), State: stateIdle, Joined: now, LastSeen: now}}
	fl.members[name] = m
	fl.order = append(fl.order, name)
	return m, "worker " + name + " joined"
}

// evict drops the worker that left or went silent longest ago, to make
// room (under mu).
func (fl *fleetBook) evict() bool {
	at := -1
	for i, name := range fl.order {
		r := fl.members[name].row
		if (r.State == stateLeft || r.State == stateSilent) && (at < 0 || r.LastSeen.Before(fl.members[fl.order[at]].row.LastSeen)) {
			at = i
		}
	}
	if at < 0 {
		return false
	}
	delete(fl.members, fl.order[at])
	fl.order = append(fl.order[:at], fl.order[at+1:]...)
	return true
}

// recorded counts a game recorded from a worker: one it played, and a
// forfeit when an engine lost it by a fault (on its machine).
func (fl *fleetBook) recorded(sender string, rec *record.GameRecord) {
	if fl == nil || sender == "" {
		return
	}
	now := time.Now()
	fl.mu.Lock()
	defer fl.mu.Unlock()
	m, _ := fl.member(sender, now)
	if m == nil {
		return
	}
	m.row.Played++
	if rec.Failure != record.NoFailure {
		m.row.Forfeits++
	}
	m.recent[m.next] = now
	m.next = (m.next + 1) % len(m.recent)
	fl.changed = true
}

// charge counts a failure of a worker's: a job it refused (refused) or a
// result the coordinator refused.
func (fl *fleetBook) charge(sender string, refused bool) {
	if fl == nil || sender == "" {
		return
	}
	fl.mu.Lock()
	defer fl.mu.Unlock()
	m, _ := fl.member(sender, time.Now())
	if m == nil {
		return
	}
	if refused {
		m.row.Refused++
	} else {
		m.row.Rejected++
	}
	fl.changed = true
}

// rate is a worker's recorded games per minute over the last five minutes,
// or since it joined (at least half a minute, so that its first game is
// not a rate).
func (m *member) rate(now time.Time) float64 {
	window := max(min(5*time.Minute, now.Sub(m.row.Joined)), 30*time.Second)
	n := 0
	oldest := now
	for _, t := range m.recent {
		if !t.IsZero() && now.Sub(t) <= window {
			n++
			if t.Before(oldest) {
				oldest = t
			}
		}
	}
	if n == len(m.recent) { // faster than the ring holds: its own span
		if span := now.Sub(oldest); span > 0 {
			return float64(n) / span.Minutes()
		}
	}
	return float64(n) / window.Minutes()
}

// clip bounds a name a worker gives itself.
func clip(s string) string {
	const most = 80
	if len(s) > most {
		return s[:most] + "…"
	}
	return s
}

// engineList is a worker's engines in words.
func engineList(es []live.FleetEngine) string {
	if len(es) == 0 {
		return "the built-in one and those runs give"
	}
	var words []string
	for _, e := range es {
		w := e.Name
		if e.NPS > 0 {
			w += fmt.Sprintf(" (%d knps)", e.NPS/1000)
		}
		words = append(words, w)
	}
	return strings.Join(words, ", ")
}
