package live

import "github.com/autoplay/autoplay/runner/stats"

// Point is the standing after a finished game, for the plots. Elo is
// a figure: a number, or "inf"/"-inf" while one side has every point, or
// null before there is one.
type Point struct {
	Played int          `json:"played"`
	Elo    stats.Figure `json:"elo"`
	Elo95  stats.Figure `json:"elo95"`
	LLR    float64      `json:"llr"`
}

// maxHistory bounds the points a plot gets: a run of any length sends a
// few kilobytes of them to each browser.
const maxHistory = 512

// history is the plots' points, thinned as the run grows: past maxHistory
// every other point goes and only every stride-th game adds one, so the
// points stay spread over the whole run.
type history struct {
	points []Point
	stride int
}

// add takes the point after a game; the last point is always the latest.
func (h *history) add(p Point) {
	if h.stride == 0 {
		h.stride = 1
	}
	if n := len(h.points); n > 0 && h.points[n-1].Played%h.stride != 0 {
		h.points = h.points[:n-1] // the newest stands in for its stride
	}
	h.points = append(h.points, p)
	if len(h.points) > maxHistory {
		h.stride *= 2
		kept := h.points[:0]
		for _, q := range h.points {
			if q.Played%h.stride == 0 {
				kept = append(kept, q)
			}
		}
		if last := h.points[len(h.points)-1]; len(kept) == 0 || kept[len(kept)-1] != last {
			kept = append(kept, last)
		}
		h.points = kept
	}
}
