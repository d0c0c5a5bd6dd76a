package runner

import (
	"syscall"
	"time"

	"github.com/autoplay/autoplay/runner/internal/game"
)

// slotStats is what a slot process reports after each game when the run
// gathers runner stats: its relay histogram so far (non-empty buckets as
// index, count pairs) and its own CPU so far.
type slotStats struct {
	Buckets [][2]uint32   `json:"buckets"`
	Moves   uint64        `json:"moves"`
	CPU     time.Duration `json:"cpu"`
}

func slotStatsOf(r *game.RelayStats) slotStats {
	return slotStats{Buckets: r.Buckets(), Moves: r.Moves(), CPU: processCPU()}
}

// processCPU is the CPU time this process has used so far (user + system),
// children not included: the runner's own cost.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
