package distributed

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
)

// freePorts finds n TCP ports free on loopback now.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// The coordinator's embedded server joins a cluster of two of Debian's
// nats-server: the run's streams are kept on all three, a worker on each
// nats-server plays, one nats-server is killed mid-run and its worker goes
// on through the other, and the games are a local run's, each recorded
// once.
func TestEmbeddedServerJoinsACluster(t *testing.T) {
	needStockfish(t)
	natsServer, err := exec.LookPath("nats-server")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must install nats-server")
		}
		t.Skip("nats-server not installed (apt-get install nats-server)")
	}
	dir := t.TempDir()
	ctx := context.Background()
	local := testConfig(t, filepath.Join(dir, "local.pgn"))
	if _, err := runner.Run(ctx, local, runner.Options{Out: io.Discard}); err != nil {
		t.Fatal(err)
	}

	t.Logf("%s: the local run ended", time.Now().Format("15:04:05.000"))
	p := freePorts(t, 5) // clients of A, B; cluster ports of A, B and the embedded server
	route := func(port int) string { return fmt.Sprintf("nats-route://127.0.0.1:%d", port) }
	servers := map[string]*exec.Cmd{}
	logs := map[string]*proctest.Output{}
	defer func() {
		if t.Failed() {
			for name, out := range logs {
				t.Logf("nats-server %s:\n%s", name, tail(out.String(), 30))
			}
		}
	}()
	for i, name := range []string{"A", "B"} {
		cmd := exec.Command(natsServer, "-n", name, "-js", "-sd", filepath.Join(dir, name), "-a", "127.0.0.1", "-p", fmt.Sprint(p[i]),
			"--cluster_name", "autoplay", "--cluster", fmt.Sprintf("nats://127.0.0.1:%d", p[2+i]),
			"--routes", route(p[3-i])+","+route(p[4]))
		logs[name] = &proctest.Output{}
		cmd.Stdout, cmd.Stderr = logs[name], logs[name]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		servers[name] = cmd
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
	}
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(dir, "embedded"),
		Cluster: ClusterOptions{Listen: fmt.Sprintf("127.0.0.1:%d", p[4]), Routes: []string{route(p[2]), route(p[3])}}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()

	const ackWait = 3 * time.Second
	wctx, stopWorkers := context.WithCancel(ctx)
	defer stopWorkers()
	var wg sync.WaitGroup
	var killOnce sync.Once
	killed := make(chan struct{})
	killB := func() { servers["B"].Process.Kill(); close(killed) }
	for i := range 2 {
		// Each worker knows both nats-servers, its own first.
		urls := fmt.Sprintf("nats://127.0.0.1:%d,nats://127.0.0.1:%d", p[i], p[1-i])
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := Work(wctx, WorkerOptions{URL: urls, Concurrency: 1, AckWait: ackWait, Engines: ownStockfish("a", "b"), Log: func(line string) {
				if strings.Contains(line, ": result published") {
					killOnce.Do(func() { time.AfterFunc(100*time.Millisecond, killB) })
				}
			}})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	coord, err := NewCoordinator(srv.URL(), Auth{}, ackWait)
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	coord.Replicas = 3
	coord.Note = func(line string) { t.Logf("%s coordinator: %s", time.Now().Format("15:04:05.000"), line) }
	coord.Warn = func(line string) { t.Logf("%s coordinator: WARNING: %s", time.Now().Format("15:04:05.000"), line) }
	dist := testConfig(t, filepath.Join(dir, "dist.pgn"))
	t.Logf("%s: the cluster is up, the distributed run starts", time.Now().Format("15:04:05.000"))
	rctx, cancel := context.WithTimeout(ctx, 3*time.Minute) // without the cluster, no three copies could be placed: the run would wait
	defer cancel()
	res, err := runner.Run(rctx, dist, runner.Options{Out: io.Discard, Dispatcher: coord})
	t.Logf("%s: the distributed run ended", time.Now().Format("15:04:05.000"))
	if err != nil {
		t.Fatal(err)
	}
	stopWorkers()
	wg.Wait()
	if res.Played != 8 {
		t.Fatalf("%d games played", res.Played)
	}
	select {
	case <-killed:
	default:
		t.Error("nats-server B was never killed: no worker published a result")
	}
	proctest.SameGames(t, proctest.GamesByRound(t, filepath.Join(dir, "local.pgn")), proctest.GamesByRound(t, filepath.Join(dir, "dist.pgn")))

	// The results stream is kept on three servers, the embedded one among them.
	nc, err := nats.Connect(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := js.Stream(ctx, resultsStream)
	if err != nil {
		t.Fatal(err)
	}
	info := s.CachedInfo()
	if info.Config.Replicas != 3 || info.Cluster == nil {
		t.Fatalf("results stream: %d replicas, cluster %+v", info.Config.Replicas, info.Cluster)
	}
	peers := []string{info.Cluster.Leader}
	for _, r := range info.Cluster.Replicas {
		peers = append(peers, r.Name)
	}
	if !strings.Contains(strings.Join(peers, " "), "autoplay-") {
		t.Errorf("the embedded server keeps no copy of the results: %v", peers)
	}
}
