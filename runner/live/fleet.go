package live

import "time"

// FleetWorker is one worker of a distributed run's fleet as the dashboard
// lists it: who it is (as it said when it joined), what it does now, and
// what the coordinator counted of its games.
type FleetWorker struct {
	Name    string `json:"name"` // host:pid, as its results name it
	Host    string `json:"host"`
	CPUs    int    `json:"cpus"`
	Version string `json:"version"` // autoplay's build, and its wire version
	// Engines are the engines it plays, with the nodes per second their
	// searches reported in its games (0 before one reported any).
	Engines []FleetEngine `json:"engines"`
	// State is "idle", "playing", "silent" (no heartbeat for three of its
	// intervals: marked, kept) or "left" (it said goodbye).
	State   string `json:"state"`
	Playing int    `json:"playing"` // games it plays now
	Slots   int    `json:"slots"`   // games it plays at a time
	Played  int    `json:"played"`  // its games recorded by this coordinator
	// GamesPerMin is its recorded games per minute over the last five
	// minutes (or since it joined, when later).
	GamesPerMin float64 `json:"games_per_min"`
	// Failures charged to it: jobs it refused, results the coordinator
	// refused, and recorded games an engine lost by a fault on its machine
	// (time, crash, illegal move).
	Refused   int       `json:"refused"`
	Rejected  int       `json:"rejected"`
	Forfeits  int       `json:"forfeits"`
	Joined    time.Time `json:"joined"`
	LastSeen  time.Time `json:"last_seen"`
	SilentFor float64   `json:"silent_for_s,omitempty"` // seconds since its last heartbeat, once silent
}

// FleetEngine is an engine of a worker, with its measured speed.
type FleetEngine struct {
	Name string `json:"name"`
	NPS  uint64 `json:"nps,omitempty"`
}

// SetFleet takes the fleet as the coordinator knows it now (a distributed
// run's; a local run has none).
func (l *State) SetFleet(workers []FleetWorker) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fleet = workers
	l.touch()
}
