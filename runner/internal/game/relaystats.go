package game

import (
	"sync"
	"time"
)

// relayBuckets: 1 µs buckets up to 1 ms, then 100 µs buckets up to 100 ms;
// slower relays land in the last bucket.
const (
	fineBuckets   = 1000
	coarseBuckets = 990
	relayBuckets  = fineBuckets + coarseBuckets + 1
)

// relayHistogram counts per-move relay latencies (an engine's move read →
// the opponent's go written) without allocating per move.
type relayHistogram struct {
	counts [relayBuckets]uint32
	n      uint64
}

func (h *relayHistogram) add(d time.Duration) {
	us := int(d / time.Microsecond)
	i := us
	if us >= fineBuckets {
		i = min(fineBuckets+(us-fineBuckets)/100, relayBuckets-1)
	}
	if i < 0 {
		i = 0
	}
	h.counts[i]++
	h.n++
}

// quantile returns the latency below which a fraction q of the relays fell,
// to the resolution of its bucket.
func (h *relayHistogram) quantile(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	target := uint64(q*float64(h.n) + 0.5)
	target = max(target, 1)
	var seen uint64
	for i, c := range h.counts {
		seen += uint64(c)
		if seen >= target {
			if i < fineBuckets {
				return time.Duration(i) * time.Microsecond
			}
			return time.Duration(fineBuckets+(i-fineBuckets)*100) * time.Microsecond
		}
	}
	return 0
}

// RelayStats gathers relay latencies over a whole match; each game keeps
// its own histogram and merges it once at its end.
type RelayStats struct {
	mu   sync.Mutex
	hist relayHistogram
}

func (r *RelayStats) merge(h *relayHistogram) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, c := range h.counts {
		r.hist.counts[i] += c
	}
	r.hist.n += h.n
}

// Moves is the number of relays measured.
func (r *RelayStats) Moves() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.hist.n
}

// Quantile returns the relay latency at quantile q (0.5 for the median).
func (r *RelayStats) Quantile(q float64) time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.hist.quantile(q)
}

// Buckets are the histogram's non-empty buckets as (index, count) pairs:
// its compact form for a slot process's report.
func (r *RelayStats) Buckets() [][2]uint32 {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out [][2]uint32
	for i, c := range r.hist.counts {
		if c > 0 {
			out = append(out, [2]uint32{uint32(i), c})
		}
	}
	return out
}

// AddBuckets merges buckets in the form Buckets gives; buckets out of range
// are dropped.
func (r *RelayStats) AddBuckets(buckets [][2]uint32) {
	var h relayHistogram
	for _, b := range buckets {
		if int(b[0]) < relayBuckets {
			h.counts[b[0]] += b[1]
			h.n += uint64(b[1])
		}
	}
	r.merge(&h)
}
