package distributed

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A worker on a NATS cluster makes none of the run's streams: it waits,
// saying why, until a coordinator has made them with the copies it asks
// for, then joins. (One made by a worker kept one copy, and nats-server
// 2.9.10 never made the others when the coordinator grew it.)
func TestWorkerOnAClusterWaitsForTheCoordinatorsStreams(t *testing.T) {
	natsServer, err := exec.LookPath("nats-server")
	if err != nil {
		t.Skip("a cluster needs Debian's nats-server:", err)
	}
	// A cluster of three, as TestEmbeddedServerJoinsACluster makes it: two
	// nats-server and an embedded server, routed to each other.
	dir := t.TempDir()
	p := freePorts(t, 5) // clients of A, B; cluster ports of A, B and the embedded server
	route := func(port int) string { return fmt.Sprintf("nats-route://127.0.0.1:%d", port) }
	for i, name := range []string{"A", "B"} {
		cmd := exec.Command(natsServer, "-n", name, "-js", "-sd", filepath.Join(dir, name), "-a", "127.0.0.1", "-p", fmt.Sprint(p[i]),
			"--cluster_name", "autoplay", "--cluster", fmt.Sprintf("nats://127.0.0.1:%d", p[2+i]), "--routes", route(p[3-i])+","+route(p[4]))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
	}
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(dir, "embedded"),
		Cluster: ClusterOptions{Listen: fmt.Sprintf("127.0.0.1:%d", p[4]), Routes: []string{route(p[2]), route(p[3])}}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, stop := context.WithCancel(context.Background())
	nc, js, err := connect(srv.URL(), Auth{}, "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	proctest.WaitUntil(t, "the cluster's JetStream to answer", func() bool {
		_, err := js.Stream(ctx, jobsStream)
		return errors.Is(err, jetstream.ErrStreamNotFound)
	})
	var mu sync.Mutex
	var said []string
	worked := make(chan error, 1)
	go func() {
		worked <- Work(ctx, WorkerOptions{URL: srv.URL(), Engines: ownStockfish("a", "b"), Log: func(l string) {
			mu.Lock()
			said = append(said, l)
			mu.Unlock()
		}})
	}()
	lines := func() string {
		mu.Lock()
		defer mu.Unlock()
		return strings.Join(said, "\n")
	}
	defer func() {
		stop()
		if err := <-worked; err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("the worker: %v", err)
		}
	}()
	proctest.WaitUntil(t, "the worker to wait or join", func() bool {
		return strings.Contains(lines(), "waiting for NATS") || strings.Contains(lines(), "connected to NATS")
	})
	if !strings.Contains(lines(), "no coordinator has made the run's streams") {
		t.Errorf("the worker did not say it waits for a coordinator's streams:\n%s", lines())
	}
	time.Sleep(time.Second) // the worker asks again meanwhile
	for _, name := range []string{jobsStream, resultsStream, "KV_" + runsBucket} {
		if _, err := js.Stream(ctx, name); !errors.Is(err, jetstream.ErrStreamNotFound) {
			t.Errorf("stream %s: %v, want none made by the worker", name, err)
		}
	}
	if _, _, _, _, err := ensureWaiting(ctx, js, DefaultAckWait, 1, func(string) {}); err != nil {
		t.Fatal(err)
	}
	proctest.WaitUntil(t, "the worker to join once the streams are made", func() bool { return strings.Contains(lines(), "connected to NATS") })
}
