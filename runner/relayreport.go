package runner

import (
	"strconv"
	"time"

	"github.com/autoplay/autoplay/runner/internal/game"
)

// relay reports the runner's own cost: relay latency and CPU per move. The
// latencies are given to the precision their histogram holds (game.
// RelayPrecision), in three significant digits, and the line says it.
func (r *reporter) relay(rs *RelayStats, cpu time.Duration) {
	moves := rs.Moves()
	if moves == 0 {
		return
	}
	r.printf("Runner: %d moves relayed, latency p50 %s, p90 %s, p99 %s (each within ±%.1f%%); runner CPU %.1f µs per move\n",
		moves, latency(rs.Quantile(0.5)), latency(rs.Quantile(0.9)), latency(rs.Quantile(0.99)), 100*game.RelayPrecision, micros(cpu)/float64(moves))
}

// latency writes d in three significant digits, in ns, µs, ms or s.
func latency(d time.Duration) string {
	v, unit := float64(d), "ns"
	for _, u := range []string{"µs", "ms", "s"} {
		if v < 999.5 {
			break
		}
		v, unit = v/1000, u
	}
	decimals := 0
	switch {
	case unit == "ns":
	case v < 9.995:
		decimals = 2
	case v < 99.95:
		decimals = 1
	}
	return strconv.FormatFloat(v, 'f', decimals, 64) + " " + unit
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
