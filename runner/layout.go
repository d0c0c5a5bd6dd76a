package runner

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/spec"
)

// LayoutChoice is how the runner runs a run's games, and why.
type LayoutChoice struct {
	spec.Layout
	CPUs        int  // the CPUs autoplay may use
	Concurrency int  // games at a time
	Chosen      bool // by autoplay, not given by the user
	ProcsGiven  bool // GOMAXPROCS was set
}

func (c LayoutChoice) String() string {
	var why string
	switch {
	case !c.Chosen:
		why = "as given"
	case c.ProcsGiven:
		why = "GOMAXPROCS as given, the rest chosen"
	default:
		games := "games"
		if c.Concurrency == 1 {
			games = "game"
		}
		why = fmt.Sprintf("chosen for %d %s at a time on %d CPUs; --slot-processes, --affinity or GOMAXPROCS choose otherwise", c.Concurrency, games, c.CPUs)
	}
	return fmt.Sprintf("Runner: %s (%s)", c.Layout, why)
}

// ChooseLayout decides how the runner itself runs cfg's games, once,
// before the run: the layout the user gave (flags, YAML keys, GOMAXPROCS),
// or else spec.ChooseLayout's for the concurrency and the CPUs autoplay
// may use (its affinity mask and cgroup quota, as the Go runtime counts
// them). It sets the Go processors and cfg's SlotProcesses and Affinity.
// Slot processes are not chosen for games played on workers elsewhere
// (opt.Farm), where they do not apply, nor for a dashboard (opt.Live),
// whose live boards follow the games of this process.
func ChooseLayout(cfg *spec.Config, opt Options) LayoutChoice {
	c := LayoutChoice{CPUs: runtime.GOMAXPROCS(0), Concurrency: max(cfg.Concurrency, 1)} // the runtime's count, before any change
	if allowed, err := enginehost.AllowedCPUs(); err == nil {
		c.CPUs = min(c.CPUs, allowed.Count())
	}
	if cfg.LayoutGiven {
		c.Layout = spec.Layout{Procs: 1, SlotProcesses: cfg.SlotProcesses, Affinity: cfg.Affinity}
	} else {
		slotsAllowed := opt.Farm == nil && opt.Live == nil && cfg.LogFile == ""
		c.Layout, c.Chosen = spec.ChooseLayout(c.Concurrency, c.CPUs, slotsAllowed), true
		cfg.SlotProcesses, cfg.Affinity = c.SlotProcesses, c.Affinity
	}
	if os.Getenv("GOMAXPROCS") != "" {
		c.Procs, c.ProcsGiven = runtime.GOMAXPROCS(0), true // the user's
	} else {
		runtime.GOMAXPROCS(c.Procs)
	}
	if c.GCPercent != 0 && os.Getenv("GOGC") == "" { // GOGC, when set, is the user's
		debug.SetGCPercent(c.GCPercent)
	}
	return c
}
