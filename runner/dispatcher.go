package runner

import (
	"context"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Dispatcher plays a run's games outside this process's workers: in slot
// processes (slotPool, --slot-processes) or on NATS workers
// (distributed.Coordinator). Run hands it the games in schedule order and records what comes back exactly
// as it records its own workers' games. Play returns once jobs is closed
// and no game is outstanding, or ctx ends; a game sent twice is recorded
// once.
type Dispatcher interface {
	// stop closes when the run needs no more games (an SPRT decided, an
	// error): outstanding games are withdrawn and abandoned, not awaited.
	Play(ctx context.Context, cfg *spec.Config, jobs <-chan GameJob, results chan<- *record.GameRecord, stop <-chan struct{}) error
}
