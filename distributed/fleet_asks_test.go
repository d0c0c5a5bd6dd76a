package distributed

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// A fleet of more idle game slots than JetStream's default 512 waiting
// asks: every slot's ask for a job is held, none refused ("Exceeded
// MaxWaiting"; at 1024 slots the benchmark's workers were refused 40 000
// times in a run). And a workers' consumer made before, with the default,
// is taken as it is: JetStream cannot change it, and a worker that asked
// for the change could not start.
func TestWorkersConsumerHoldsEveryIdleSlotsAsk(t *testing.T) {
	_, _, js := serverAndClient(t)
	ctx := context.Background()
	_, _, _, cons, err := ensure(ctx, js, DefaultAckWait, 0)
	if err != nil {
		t.Fatal(err)
	}
	const slots = 700
	var mu sync.Mutex
	refused := 0
	var wg sync.WaitGroup
	for range slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			batch, err := cons.Fetch(1, jetstream.FetchMaxWait(2*time.Second))
			if err == nil {
				for range batch.Messages() {
				}
				err = batch.Error()
			}
			if err != nil && !errors.Is(err, nats.ErrTimeout) {
				mu.Lock()
				refused++
				mu.Unlock()
				t.Log(err)
			}
		}()
	}
	wg.Wait()
	if refused > 0 {
		t.Fatalf("%d of %d idle slots' asks for a job were refused", refused, slots)
	}

	// A store whose workers' consumer an older autoplay made.
	jobs, err := js.Stream(ctx, jobsStream)
	if err != nil {
		t.Fatal(err)
	}
	remakeWorkersConsumer(ctx, t, jobs, 0)
	if _, _, _, cons, err = ensure(ctx, js, DefaultAckWait, 0); err != nil {
		t.Fatalf("a workers' consumer made by an older autoplay: %v", err)
	}
	if got := cons.CachedInfo().Config.MaxWaiting; got != 512 {
		t.Errorf("the older consumer's waiting asks: %d, want JetStream's default it was made with, 512", got)
	}
}

// A worker whose ask for a job the server refused (its waiting asks full)
// waits before it asks again: it asked again at once, a slot spinning at
// thousands of asks a second, each refused. Here the consumer holds one
// ask (made so before the workers came), and two idle workers share it.
func TestRefusedAskIsNotAskedAgainAtOnce(t *testing.T) {
	srv, nc, js := serverAndClient(t)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	jobs, _, _, _, err := ensure(ctx, js, DefaultAckWait, 0)
	if err != nil {
		t.Fatal(err)
	}
	remakeWorkersConsumer(ctx, t, jobs, 1)
	asks, err := nc.SubscribeSync("$JS.API.CONSUMER.MSG.NEXT." + jobsStream + "." + workersName)
	if err != nil {
		t.Fatal(err)
	}
	asks.SetPendingLimits(-1, -1)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); Work(ctx, WorkerOptions{URL: srv.URL(), Concurrency: 1}) }()
	}
	time.Sleep(3 * time.Second)
	stop()
	wg.Wait()
	n, _, err := asks.Pending()
	if err != nil {
		t.Fatal(err)
	}
	// One ask a second from the slot the server holds, and one a second
	// from the refused one; the spinning slot made thousands.
	if n > 60 {
		t.Errorf("2 idle workers asked for a job %d times in 3 s", n)
	}
	t.Logf("2 idle workers asked for a job %d times in 3 s", n)
}

// remakeWorkersConsumer makes the workers' consumer again, holding
// maxWaiting asks (0: JetStream's default, 512, as an older autoplay made
// it).
func remakeWorkersConsumer(ctx context.Context, t *testing.T, jobs jetstream.Stream, maxWaiting int) {
	t.Helper()
	if err := jobs.DeleteConsumer(ctx, workersName); err != nil {
		t.Fatal(err)
	}
	if _, err := jobs.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: workersName, AckPolicy: jetstream.AckExplicitPolicy, AckWait: DefaultAckWait, MaxDeliver: -1, MaxAckPending: 10000, MaxWaiting: maxWaiting,
	}); err != nil {
		t.Fatal(err)
	}
}

// serverAndClient starts an embedded server and connects a client to it,
// both closed when the test ends.
func serverAndClient(t *testing.T) (*Server, *nats.Conn, jetstream.JetStream) {
	t.Helper()
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(t.TempDir(), "nats")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	nc, js, err := connect(srv.URL(), Auth{}, "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return srv, nc, js
}
