package distributed

import (
	"os"
	"strconv"
	"time"
)

// The JetStream names autoplay uses. Jobs and results carry the run's id in
// their subjects, so one NATS deployment serves any number of runs.
const (
	jobsStream    = "AUTOPLAY_JOBS"    // work queue: each job to one worker
	resultsStream = "AUTOPLAY_RESULTS" // finished games, until the coordinator has them
	runsBucket    = "autoplay_runs"    // run id -> the run's config; run id + ".stop" once it is over
	workersName   = "autoplay-workers" // the one pull consumer all workers share
)

func jobSubject(run string) string    { return "autoplay.jobs." + run }
func resultSubject(run string) string { return "autoplay.results." + run }
func stopSubject(run string) string   { return "autoplay.stop." + run }

// DefaultAckWait is how long a job may go without a worker's sign of life
// (it sends one every third of it while a game goes on) before it is given
// to another worker.
const DefaultAckWait = 30 * time.Second

// Headers of a result: the sender's wire version and its name.
const (
	headerWire   = "Autoplay-Wire"
	headerWorker = "Autoplay-Worker"
)

// workerName names this worker in a coordinator's warnings: host and pid.
func workerName() string {
	host, err := os.Hostname()
	if err != nil {
		host = "?"
	}
	return host + ":" + strconv.Itoa(os.Getpid())
}
