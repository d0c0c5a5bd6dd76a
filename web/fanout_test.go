package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/live"
)

// countingSource is a run whose state changes at every look, counting the
// looks: each is a take of the run's lock in a real run.
type countingSource struct{ views atomic.Int64 }

func (c *countingSource) View() live.View {
	return live.View{Version: uint64(c.views.Add(1))}
}

func (c *countingSource) Finished(int) (live.FinishedGame, bool) {
	return live.FinishedGame{}, false
}

func (c *countingSource) Review(int) (live.GameReview, bool) {
	return live.GameReview{}, false
}

// Two hundred browsers watching cost the run what one does: the state is
// read and encoded at most maxEventsPerSecond times a second and shared,
// and every browser still gets the updates.
func TestManyWatchersShareOneSnapshot(t *testing.T) {
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	src := &countingSource{}
	srv := serve(ln, src)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	const watchers, watch = 200, 2 * time.Second
	var events atomic.Int64
	var wg sync.WaitGroup
	for range watchers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL()+"api/events", nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return
			}
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "event: state") {
					events.Add(1)
				}
			}
		}()
	}
	start := time.Now()
	time.Sleep(watch)
	cancel()
	wg.Wait()
	elapsed := time.Since(start)
	maxViews := int64(elapsed.Seconds()*maxEventsPerSecond) + 2
	if v := src.views.Load(); v > maxViews {
		t.Errorf("%d watchers made %d reads of the run's state in %v; at most %d", watchers, v, elapsed, maxViews)
	}
	if e := events.Load(); e < watchers*2 {
		t.Errorf("%d events reached %d watchers in %v", e, watchers, elapsed)
	}
}

// bigSource is a run of 64 live games of 200 moves whose state changes
// only when the test says so: its event is some 100 kB, as a run of 64
// games has; pad adds as many bytes (cheap to encode) to the event.
type bigSource struct {
	countingSource
	version atomic.Uint64
	pad     int
	once    sync.Once
	games   []live.Game // read only once built
	padding string
}

func (b *bigSource) Version() uint64 { return b.version.Load() }

func (b *bigSource) View() live.View {
	b.views.Add(1)
	b.once.Do(func() {
		for n := range 64 {
			g := live.Game{Number: n + 1, White: "a", Black: "b"}
			for range 200 {
				g.Moves = append(g.Moves, "e2e4")
			}
			b.games = append(b.games, g)
		}
		b.padding = strings.Repeat("x", b.pad)
	})
	return live.View{Version: b.version.Load(), Games: b.games, Run: live.Run{Openings: b.padding}}
}

// watch opens n event streams on srv and counts the events each has read
// (an event ends with a blank line; a fixed buffer, so reading allocates
// nothing per event). cancel ends them.
func watch(t *testing.T, srv *Server, n int) (events []atomic.Int64, cancel func()) {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	events = make([]atomic.Int64, n)
	var wg sync.WaitGroup
	for i := range n {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL()+"api/events", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			defer resp.Body.Close()
			buf := make([]byte, 32<<10)
			last := byte(0)
			for {
				k, err := resp.Body.Read(buf)
				if k > 0 {
					n := bytes.Count(buf[:k], []byte("\n\n"))
					if last == '\n' && buf[0] == '\n' {
						n++ // the blank line across two reads
					}
					events[i].Add(int64(n))
					last = buf[k-1]
				}
				if err != nil {
					return
				}
			}
		})
	}
	return events, func() { stop(); wg.Wait() }
}

// bytesPerUpdate is what the dashboard process allocates to bring each of
// updates changes of the state to n watchers, and how many times it read
// the state to do it.
func bytesPerUpdate(t *testing.T, n, updates int) (perUpdate, frame uint64, views int64) {
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	src := &bigSource{}
	src.version.Store(1) // as a Live's after its run began
	srv := serve(ln, src)
	defer srv.Close()
	events, stop := watch(t, srv, n)
	defer stop()
	every := func(k int64) func() bool {
		return func() bool {
			for i := range events {
				if events[i].Load() < k {
					return false
				}
			}
			return true
		}
	}
	proctest.WaitUntil(t, "the first event on every stream", every(1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	viewsBefore := src.views.Load()
	for k := range updates {
		src.version.Add(1)
		proctest.WaitUntil(t, "an update on every stream", every(int64(k+2)))
	}
	runtime.ReadMemStats(&after)
	views = src.views.Load() - viewsBefore
	state, _ := json.Marshal(src.View())
	return (after.TotalAlloc - before.TotalAlloc) / uint64(updates), uint64(len(state)), views
}

// An update costs the dashboard one read and one encoding of the state,
// whatever the number of event streams: with 48 streams it allocates about
// what it does with 2 (each stream writes the one shared event; it copied
// it once each), and it reads the state once per change.
func TestWatchersAddNoWorkPerUpdate(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const updates = 3
	few, frame, fewViews := bytesPerUpdate(t, 2, updates)
	many, _, manyViews := bytesPerUpdate(t, 48, updates)
	t.Logf("event of %d bytes; allocated per update: %d bytes with 2 streams, %d with 48", frame, few, many)
	if many > few+10*frame {
		t.Errorf("an update of a %d-byte event allocated %d bytes with 2 streams and %d with 48: the work grows with the watchers", frame, few, many)
	}
	if fewViews != updates || manyViews != updates {
		t.Errorf("%d changes read the state %d times with 2 streams, %d with 48", updates, fewViews, manyViews)
	}
}

// A browser that stops reading holds nothing: with its stream stuck on an
// event the size of its socket buffers many times over, the state is still
// encoded once per change and another browser gets every update; closing
// the dashboard ends the stuck stream's goroutine.
func TestStuckWatcherHoldsNothing(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	src := &bigSource{pad: 1 << 20} // about 1 MB an event
	src.version.Store(1)
	srv := serve(ln, src)
	stuck, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer stuck.Close()
	stuck.(*net.TCPConn).SetReadBuffer(4096)
	fmt.Fprintf(stuck, "GET /api/events HTTP/1.1\r\nHost: %s\r\n\r\n", ln.Addr())
	proctest.WaitUntil(t, "the stuck stream", func() bool { return srv.fan.watchers.Load() == 1 })
	events, stop := watch(t, srv, 1)
	proctest.WaitUntil(t, "the first event", func() bool { return events[0].Load() == 1 })
	const updates = 6 // 6 MB: more than the kernel buffers between the two ends
	for k := range updates {
		src.version.Add(1)
		proctest.WaitUntil(t, "an update on the reading stream", func() bool { return events[0].Load() >= int64(k+2) })
	}
	if n := srv.fan.encoded.Load(); n != updates+1 {
		t.Errorf("%d changes made %d events, want %d", updates, n, updates+1)
	}
	buf := make([]byte, 1<<20)
	dump := string(buf[:runtime.Stack(buf, true)])
	if !strings.Contains(dump, "internal/poll.(*FD).Write") {
		t.Error("no stream was stuck in a write: the test saw nothing")
	}
	stop()
	srv.Close()
}
