package distributed

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// An idle slot waits for a job in one long ask, not an ask a second: the
// server's cost grew with the idle slots (2048 workers: 2.2 ms of its CPU
// a game). Two idle slots for 5 s ask twice in all, where they asked ten
// times; and a stopped worker exits at once, its asks not waited out.
func TestIdleSlotsAskOnceNotEverySecond(t *testing.T) {
	srv, nc, js := serverAndClient(t)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	if _, _, _, _, err := ensure(ctx, js, DefaultAckWait, 0); err != nil {
		t.Fatal(err)
	}
	asks, err := nc.SubscribeSync("$JS.API.CONSUMER.MSG.NEXT." + jobsStream + "." + workersName)
	if err != nil {
		t.Fatal(err)
	}
	asks.SetPendingLimits(-1, -1)
	nc.Flush()
	const slots = 2
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		Work(ctx, WorkerOptions{URL: srv.URL(), Concurrency: slots})
	}()
	time.Sleep(5 * time.Second)
	stop()
	select {
	case <-exited:
	case <-time.After(jobAskWait / 3):
		t.Fatalf("an idle worker stopped did not exit within %s: it waited for its asks to expire", jobAskWait/3)
	}
	n, _, err := asks.Pending()
	if err != nil {
		t.Fatal(err)
	}
	if n > 2*slots {
		t.Errorf("%d idle slots asked for a job %d times in 5 s, want one ask each", slots, n)
	}
	t.Logf("%d idle slots asked for a job %d times in 5 s", slots, n)
}

// A slot's ask ended by its worker's stop takes no job: its subscription
// goes with it, and JetStream drops a waiting ask nobody listens to (it
// checks the ask's reply subject before it hands a job over, and when it
// counts its waiting asks), so the job goes to a slot still there at once,
// delivered once, instead of waiting out the ack wait on a worker that
// will never play it. The connection stays open: a worker's slots stop
// before it closes its connection.
func TestStoppedAskTakesNoJob(t *testing.T) {
	srv, _, js := serverAndClient(t)
	ctx := context.Background()
	jobs, _, _, cons, err := ensure(ctx, js, time.Minute, 0)
	if err != nil {
		t.Fatal(err)
	}
	askCtx, stopAsk := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		if m, _ := askForJob(askCtx, cons); m != nil {
			t.Errorf("the ask about to stop got job %s", m.Data())
		}
	})
	waiting := func() int {
		info, err := jobs.Consumer(ctx, workersName)
		if err != nil {
			t.Fatal(err)
		}
		i, err := info.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return i.NumWaiting
	}
	proctest.WaitUntil(t, "the ask waiting on the server", func() bool { return waiting() == 1 })
	stopAsk()
	returned := make(chan struct{})
	go func() { wg.Wait(); close(returned) }()
	select {
	case <-returned:
	case <-time.After(jobAskWait / 3):
		t.Fatal("a stopped ask did not return: it waits for its expiry")
	}
	proctest.WaitUntil(t, "the stopped ask dropped by the server", func() bool { return waiting() == 0 })

	if _, err := js.Publish(ctx, jobSubject("r"), []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	other, otherJS, err := connect(srv.URL(), Auth{}, "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, _, _, otherCons, err := ensure(ctx, otherJS, time.Minute, 0)
	if err != nil {
		t.Fatal(err)
	}
	within, cancel := context.WithTimeout(ctx, 20*time.Second) // the ack wait is a minute
	defer cancel()
	m, err := askForJob(within, otherCons)
	if m == nil {
		t.Fatalf("the job did not come to the slot still asking (%v): the stopped ask holds it until its ack wait", err)
	}
	meta, err := m.Metadata()
	if err != nil {
		t.Fatal(err)
	}
	if meta.NumDelivered != 1 {
		t.Errorf("the job was delivered %d times, want once: a stopped ask took it", meta.NumDelivered)
	}
	m.Ack()
}
