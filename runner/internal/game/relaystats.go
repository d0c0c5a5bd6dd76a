package game

import (
	"math/bits"
	"sync/atomic"
	"time"
)

// The relay histogram is log-linear (as HdrHistogram): each doubling of
// latency, from 128 ns up, is cut into relaySub buckets of equal width, so
// a bucket is at most 1/relaySub of its lower bound wide whatever the
// latency; below 128 ns a bucket is 1 ns. A latency is reported as its
// bucket's middle, within RelayPrecision of the true one.
const (
	relaySubBits = 6
	relaySub     = 1 << relaySubBits // buckets per doubling
	// relayMaxExp: latencies from 2^37 ns (137 s: a relay that long is a
	// stalled game) land in the last bucket.
	relayMaxExp  = 36
	relayBuckets = 2*relaySub + (relayMaxExp-relaySubBits)*relaySub
)

// RelayPrecision is the largest error of a latency RelayStats reports,
// relative to it: half a bucket's width, 1/(2·relaySub) of its lower
// bound (±0.8%).
const RelayPrecision = 1.0 / (2 * relaySub)

// RelayStats counts per-move relay latencies (an engine's move read → the
// opponent's go written) over a whole match, without allocating or locking
// per move: every game adds to the one histogram with atomic counters.
// A histogram of its own in each game's state was 8 KB a game, and made
// each game's goroutine grow its stack to 16 KB.
type RelayStats struct {
	counts [relayBuckets]atomic.Uint32
	n      atomic.Uint64
}

// relayBucket is the bucket of a latency of ns nanoseconds.
func relayBucket(ns uint64) int {
	if ns < 2*relaySub {
		return int(ns)
	}
	exp := bits.Len64(ns) - 1 // ns in [2^exp, 2^(exp+1))
	if exp > relayMaxExp {
		return relayBuckets - 1
	}
	shift := exp - relaySubBits // the bucket's width is 2^shift
	return 2*relaySub + (exp-relaySubBits-1)*relaySub + int(ns>>shift) - relaySub
}

// relayBucketBounds are the latencies bucket i holds: [low, high).
func relayBucketBounds(i int) (low, high time.Duration) {
	if i < 2*relaySub {
		return time.Duration(i), time.Duration(i + 1)
	}
	k, j := (i-2*relaySub)/relaySub, (i-2*relaySub)%relaySub
	shift := k + 1
	low = time.Duration(relaySub+j) << shift
	return low, low + 1<<shift
}

func (r *RelayStats) add(d time.Duration) {
	r.counts[relayBucket(uint64(max(d, 0)))].Add(1)
	r.n.Add(1)
}

// Moves is the number of relays measured.
func (r *RelayStats) Moves() uint64 { return r.n.Load() }

// Quantile returns the relay latency below which a fraction q of the relays
// fell (0.5 for the median): the middle of its bucket, within
// RelayPrecision of it.
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
			low, high := relayBucketBounds(i)
			return low + (high-low)/2
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
