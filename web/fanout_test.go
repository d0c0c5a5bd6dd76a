package web

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner"
)

// countingSource is a run whose state changes at every look, counting the
// looks: each is a take of the run's lock in a real run.
type countingSource struct{ views atomic.Int64 }

func (c *countingSource) View() runner.LiveView {
	return runner.LiveView{Version: uint64(c.views.Add(1))}
}

func (c *countingSource) Finished(int) (runner.FinishedGame, bool) {
	return runner.FinishedGame{}, false
}

func (c *countingSource) Review(int) (runner.GameReview, bool) {
	return runner.GameReview{}, false
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
