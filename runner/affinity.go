package runner

import (
	"fmt"

	"github.com/autoplay/autoplay/runner/internal/proc"
)

// pinWorkers shares the CPUs among the workers (or gives each one of
// AffinityCPUs) and says so.
func (r *run) pinWorkers(workers int) ([]proc.CPUSet, error) {
	allowed, err := proc.AllowedCPUs()
	if err != nil {
		return nil, fmt.Errorf("affinity: %w", err)
	}
	sets := proc.ShareCPUs(allowed, workers)
	if len(r.cfg.AffinityCPUs) > 0 {
		if sets, err = proc.PickCPUs(allowed, r.cfg.AffinityCPUs, workers); err != nil {
			return nil, err
		}
	}
	if r.cfg.Verbose {
		for w, s := range sets {
			r.out.note(fmt.Sprintf("Affinity: game slot %d on CPUs %s", w+1, &s))
		}
	}
	if workers > allowed.Count() && r.cfg.LayoutGiven && len(r.cfg.AffinityCPUs) == 0 { // chosen by autoplay: sharing was measured to pay

		r.out.warn(fmt.Sprintf("affinity: %d games at a time on %d CPUs: games share CPUs", workers, allowed.Count()))
	}
	return sets, nil
}
