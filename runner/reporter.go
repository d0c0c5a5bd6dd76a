package runner

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/autoplay/autoplay/runner/stats"
)

// reporter prints what the user sees, one whole line at a time.
type reporter struct {
	mu sync.Mutex
	w  io.Writer
}

func (r *reporter) printf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(r.w, format, args...)
}

func (r *reporter) warn(msg string) { r.printf("Warning: %s\n", msg) }

func (r *reporter) started(number, total int, white, black string) {
	r.printf("Started game %d of %d (%s vs %s)\n", number, total, white, black)
}

func (r *reporter) finished(rec *GameRecord) {
	r.printf("Finished game %d (%s vs %s): %s {%s}\n", rec.Number, rec.White, rec.Black, rec.Outcome, rec.Ending)
}

func (r *reporter) score(res *MatchResult) {
	est := res.Score.Estimate()
	line := stats.ScoreLine(res.Names[0], res.Names[1], res.Score) + "\n" + stats.EloLine(est) + "\n"
	if res.Pairs.Pairs() > 0 {
		line += stats.PentanomialLine(res.Pairs) + "\n"
	}
	if res.Interrupted {
		line = "Match interrupted after " + fmt.Sprint(res.Played) + " games\n" + line
	}
	r.printf("%s", line)
}

// relay reports the runner's own cost: relay latency and CPU per move.
func (r *reporter) relay(rs *RelayStats, cpu time.Duration) {
	moves := rs.Moves()
	if moves == 0 {
		return
	}
	r.printf("Runner: %d moves relayed, latency p50 %.1f µs, p99 %.1f µs; runner CPU %.1f µs per move\n",
		moves, micros(rs.Quantile(0.5)), micros(rs.Quantile(0.99)), micros(cpu)/float64(moves))
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
