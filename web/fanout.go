package web

import (
	"context"
	"encoding/json"
	"net/http"
	"sync/atomic"
	"time"
)

// The run's state reaches the event streams through a fanout. The run only
// counts its changes (Live's version); one publisher goroutine per
// dashboard looks at that count at most maxEventsPerSecond times a second,
// and only while someone watches. When it moved on, the publisher reads and
// encodes the state once and hands the one encoded event to every stream at
// once, by closing a channel. Each stream writes from its own goroutine
// and, back from a slow write, goes straight to the latest event, skipping
// those in between: a browser that does not read holds its own goroutine
// and nothing else, neither the publisher nor the run. So the run's moves
// cost the same with no browser or two hundred, and the dashboard's work
// per update is one read and one encoding, whatever the number of streams.

// stuckStream is how long one event may take to reach a browser before its
// stream is dropped (an EventSource connects again by itself).
const stuckStream = 30 * time.Second

// frame is one state event as every stream writes it.
type frame struct {
	data    []byte        // "event: state\ndata: {...}\n\n"; nil before the first
	state   []byte        // the {...}\n in data, for api/state
	version uint64        // the state's
	next    chan struct{} // closed when a newer frame replaces this one
}

type fanout struct {
	latest   atomic.Pointer[frame]
	watchers atomic.Int64
	joined   chan struct{} // a stream started (a value, dropped when one waits)
	encoded  atomic.Int64  // frames built: the tests count them
}

// versioned is a source that counts its changes without a lock (a
// *live.State); a source that does not is read at every interval while
// watched.
type versioned interface{ Version() uint64 }

func newFanout() *fanout {
	f := &fanout{joined: make(chan struct{}, 1)}
	f.latest.Store(&frame{next: make(chan struct{})})
	return f
}

// publish builds a frame whenever the state changed, while a stream is
// open, at least an interval after the one before (at most
// maxEventsPerSecond a second); until ctx ends. A stream that joins
// meanwhile writes the latest frame.
func (s *Server) publish(ctx context.Context) {
	const interval = time.Second / maxEventsPerSecond
	timer := time.NewTimer(interval)
	defer timer.Stop()
	sleep := func(d time.Duration) bool {
		timer.Reset(d)
		select {
		case <-ctx.Done():
			return false
		case <-timer.C:
			return true
		}
	}
	var (
		built   uint64
		builtAt time.Time // zero before the first frame
	)
	for {
		if s.fan.watchers.Load() == 0 {
			select { // nobody watches: nothing to do until someone does
			case <-ctx.Done():
				return
			case <-s.fan.joined:
			}
			continue
		}
		if wait := interval - time.Since(builtAt); !builtAt.IsZero() && wait > 0 {
			if !sleep(wait) {
				return
			}
			continue
		}
		if v, ok := s.live.(versioned); ok && !builtAt.IsZero() && v.Version() == built {
			if !sleep(interval) { // unchanged: look again an interval on
				return
			}
			continue
		}
		built, builtAt = s.build(), time.Now()
	}
}

// build reads and encodes the state once and hands it to every stream; it
// returns the state's version.
func (s *Server) build() uint64 {
	v := s.live.View()
	body, err := json.Marshal(v)
	if err != nil {
		return v.Version
	}
	const prefix = "event: state\ndata: "
	data := make([]byte, 0, len(prefix)+len(body)+2)
	data = append(data, prefix...)
	data = append(append(data, body...), "\n\n"...)
	f := &frame{data: data, state: data[len(prefix) : len(data)-1], version: v.Version, next: make(chan struct{})}
	old := s.fan.latest.Swap(f)
	close(old.next)
	s.fan.encoded.Add(1)
	return v.Version
}

// events pushes the state as Server-Sent Events: the latest frame at once,
// then each newer one. A slow browser gets fewer, later updates; the run
// and the other browsers never wait for it.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	// Not chunked (the body ends when the connection does, as the SSE
	// recommendation has it): an event is one write to the socket, not a
	// chunk's header, the event and its end written apart.
	w.Header().Set("Transfer-Encoding", "identity")
	w.WriteHeader(http.StatusOK)
	if rc.Flush() != nil {
		return
	}
	s.fan.watchers.Add(1)
	defer s.fan.watchers.Add(-1)
	select {
	case s.fan.joined <- struct{}{}:
	default:
	}
	// Closing the dashboard ends a stream stuck in a write at once.
	defer context.AfterFunc(s.closingCtx, func() { rc.SetWriteDeadline(time.Now()) })()
	f := s.fan.latest.Load()
	for {
		if f.data != nil {
			rc.SetWriteDeadline(time.Now().Add(stuckStream))
			if _, err := w.Write(f.data); err != nil {
				return
			}
			if rc.Flush() != nil {
				return
			}
		}
		select {
		case <-r.Context().Done():
			return
		case <-s.closingCtx.Done():
			return
		case <-f.next:
		}
		f = s.fan.latest.Load() // the newest: any in between are skipped
	}
}
