package game

import (
	"testing"
	"time"
)

func TestRelayHistogramQuantiles(t *testing.T) {
	var h RelayStats
	for i := 1; i <= 100; i++ {
		h.add(time.Duration(i) * time.Microsecond)
	}
	h.add(5 * time.Millisecond)
	if got := h.Quantile(0.5); got != 51*time.Microsecond {
		t.Errorf("p50 = %v, want 51µs", got)
	}
	if got := h.Quantile(1); got != 5*time.Millisecond {
		t.Errorf("p100 = %v, want 5ms", got)
	}
	var r RelayStats
	r.AddBuckets(h.Buckets())
	r.AddBuckets(h.Buckets())
	if r.Moves() != 202 || r.Quantile(0.5) != 51*time.Microsecond {
		t.Errorf("merged: %d moves, p50 %v", r.Moves(), r.Quantile(0.5))
	}
}
