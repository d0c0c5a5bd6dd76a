package game

import (
	"sync/atomic"
	"time"
)

// relayBuckets: 1 µs buckets up to 1 ms, then 100 µs buckets up to 100 ms;
// slower relays land in the last bucket.
const (
	fineBuckets   = 1000
	coarseBuckets = 990
	relayBuckets  = fineBuckets + coarseBuckets + 1
)

// RelayStats counts per-move relay latencies (an engine's move read → the
// opponent's go written) over a whole match, without allocating or locking
// per move: every game adds to the one histogram with atomic counters.
// A histogram of its own in each game's state was 8 KB a game, and made
// each game's goroutine grow its stack to 16 KB.
type RelayStats struct {
	counts [relayBuckets]atomic.Uint32
	n      atomic.Uint64
}

func (r *RelayStats) add(d time.Duration) {
	us := int(d / time.Microsecond)
	i := us
	if us >= fineBuckets {
		i = min(fineBuckets+(us-fineBuckets)/100, relayBuckets-1)
	}
	if i < 0 {
		i = 0
	}
	r.counts[i].Add(1)
	r.n.Add(1)
}

// Moves is the number of relays measured.
func (r *RelayStats) Moves() uint64 { return r.n.Load() }

// Quantile returns the relay latency below which a fraction q of the relays
// fell (0.5 for the median), to the resolution of its bucket.
func (r *RelayStats) Quantile(q float64) time.Duration {
	n := r.n.Load()
	if n == 0 {
		return 0
	}
	target := max(uint64(q*float64(n)+0.5), 1)
	var seen uint64
	for i := range r.counts {
		seen += uint64(r.counts[i].Load())
		if seen >= target {
			if i < fineBuckets {
				return time.Duration(i) * time.Microsecond
			}
			return time.Duration(fineBuckets+(i-fineBuckets)*100) * time.Microsecond
		}
	}
	return 0
}

// Buckets are the histogram's non-empty buckets as (index, count) pairs:
// its compact form for a slot process's report.
func (r *RelayStats) Buckets() [][2]uint32 {
	var out [][2]uint32
	for i := range r.counts {
		if c := r.counts[i].Load(); c > 0 {
			out = append(out, [2]uint32{uint32(i), c})
		}
	}
	return out
}

// AddBuckets merges buckets in the form Buckets gives; buckets out of range
// are dropped.
func (r *RelayStats) AddBuckets(buckets [][2]uint32) {
	for _, b := range buckets {
		if int(b[0]) < relayBuckets {
			r.counts[b[0]].Add(b[1])
			r.n.Add(uint64(b[1]))
		}
	}
}
