package runner

import (
	"cmp"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/spec"
)

// LayoutChoice is how the runner runs a run's games, and why.
type LayoutChoice struct {
	spec.Layout
	CPUs        int    // the CPUs autoplay may use
	Concurrency int    // games at a time: the concurrency, or the games left to play when fewer
	Asked       int    // the concurrency the run was given
	Chosen      bool   // by autoplay, not given by the user
	Reason      string // why autoplay chose it (spec.ChooseLayout's words)
	ProcsGiven  bool   // GOMAXPROCS was set
}

func (c LayoutChoice) String() string {
	var why string
	switch {
	case !c.Chosen:
		why = "as given"
	case c.ProcsGiven:
		why = "GOMAXPROCS as given, the rest chosen"
	default:
		why = "chosen for " + plural(c.Concurrency, "game") + " at a time on " + plural(c.CPUs, "CPU")
		if c.Concurrency < c.Asked {
			verb := "are"
			if c.Concurrency == 1 {
				verb = "is"
			}
			why += fmt.Sprintf(", as only %d %s left to play at concurrency %d", c.Concurrency, verb, c.Asked)
		}
		why += ": " + c.Reason + "; --slot-processes, --affinity or GOMAXPROCS choose otherwise"
	}
	return fmt.Sprintf("Runner: %s (%s)", c.Layout, why)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// chooseLayout decides how the runner itself runs cfg's games, once the
// run knows how many it plays at a time (its concurrency, or fewer when
// fewer games are left to play): the layout the user gave (flags, YAML
// keys, GOMAXPROCS), or else spec.ChooseLayout's for those games and the
// CPUs autoplay may use (its affinity mask and cgroup quota, as the Go
// runtime counts them). It sets the Go processors and cfg's SlotProcesses
// and Affinity. Nothing is pinned for games played on workers elsewhere
// (opt.Dispatcher), which choose their own.
func chooseLayout(cfg *spec.Config, opt Options, games int) LayoutChoice {
	procsGiven := os.Getenv("GOMAXPROCS") != ""
	if !procsGiven {
		runtime.SetDefaultGOMAXPROCS() // the runtime's own count, whatever an earlier run in this process chose
	}
	c := LayoutChoice{CPUs: runtime.GOMAXPROCS(0), Concurrency: max(games, 1), Asked: max(cfg.Concurrency, 1)}
	if allowed, err := proc.AllowedCPUs(); err == nil {
		c.CPUs = min(c.CPUs, allowed.Count())
	}
	if cfg.LayoutGiven {
		c.Layout = spec.Layout{Procs: 1, SlotProcesses: cfg.SlotProcesses, Affinity: cfg.Affinity}
	} else {
		c.Layout, c.Reason = spec.ChooseLayout(c.Concurrency, c.CPUs, opt.Dispatcher == nil)
		c.Chosen = true
		cfg.SlotProcesses, cfg.Affinity = c.SlotProcesses, c.Affinity
	}
	if procsGiven {
		c.Procs, c.ProcsGiven = runtime.GOMAXPROCS(0), true // the user's
	} else {
		runtime.GOMAXPROCS(c.Procs)
	}
	if os.Getenv("GOGC") == "" { // GOGC, when set, is the user's
		debug.SetGCPercent(cmp.Or(c.GCPercent, 100))
	}
	return c
}
