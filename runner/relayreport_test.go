package runner

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// Relay latencies are printed in three significant digits, the precision
// their histogram holds (±0.8%), and the line says so: it printed bucket
// bounds as "50.0 µs, 1200.0 µs, 5000.0 µs", as if to a tenth of a µs.
func TestRunnerStatsLineSaysItsPrecision(t *testing.T) {
	for d, want := range map[time.Duration]string{
		870 * time.Nanosecond:     "870 ns",
		50 * time.Microsecond:     "50.0 µs",
		1234567 * time.Nanosecond: "1.23 ms",
		999600 * time.Nanosecond:  "1.00 ms",
		5 * time.Millisecond:      "5.00 ms",
		250 * time.Millisecond:    "250 ms",
		2 * time.Second:           "2.00 s",
	} {
		if got := latency(d); got != want {
			t.Errorf("%v: %q, want %q", d, got, want)
		}
	}
	var rs RelayStats
	rs.AddBuckets([][2]uint32{{1200, 10}})
	var out bytes.Buffer
	cfg := &spec.Config{Reporting: spec.Reporting{Quiet: true}}
	newReporter(cfg, &Result{}, &out, nil).relay(&rs, 10*time.Millisecond)
	if line := out.String(); !strings.Contains(line, "(each within ±0.8%)") || !strings.Contains(line, "10 moves relayed") {
		t.Errorf("runner stats: %q", line)
	}
}
