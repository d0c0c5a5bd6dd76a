package distributed

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A fleet of hosts on one machine: a network namespace per host, each
// joined by a veth link to a bridge in a namespace of its own (never the
// root namespace's network), addressed in 10.254.0.0/24, which exists only
// inside these namespaces. Everything is torn down when the test ends,
// however it ends; namespaces a killed test run left behind are removed by
// the next (their names carry the pid that made them).

// netnsPrefix begins every namespace the harness makes.
const netnsPrefix = "apfleet"

var netnsCount atomic.Int32

// fleetNet is one test's namespaces and the processes it runs in them.
type fleetNet struct {
	t      *testing.T
	tag    string // this fleet's namespaces are tag + host name
	hosts  map[string]*nsHost
	mu     sync.Mutex
	procs  []*hostProc
	nextIP int
}

// nsHost is a host: its namespace, address, and the link's far end (in
// the bridge's namespace), which the faults take down.
type nsHost struct {
	name, ns, addr, link string
}

// needNamespaces skips the test where namespaces cannot be made, saying why.
func needNamespaces(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("network namespaces need root")
	}
	for _, tool := range []string{"ip", "nats-server"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("CI runs as root and must install %s (iproute2, nats-server): %v", tool, err)
			}
			t.Skipf("%s not installed", tool)
		}
	}
}

// newFleetNet makes the bridge's namespace; hosts are added with host.
func newFleetNet(t *testing.T) *fleetNet {
	t.Helper()
	needNamespaces(t)
	removeStaleNamespaces()
	n := &fleetNet{t: t, tag: fmt.Sprintf("%s%d-%d-", netnsPrefix, os.Getpid(), netnsCount.Add(1)), hosts: map[string]*nsHost{}, nextIP: 10}
	if out, err := exec.Command("ip", "netns", "add", n.tag+"br").CombinedOutput(); err != nil {
		t.Skipf("cannot make a network namespace here: %v: %s", err, out)
	}
	t.Cleanup(n.teardown)
	n.ip("-n", n.tag+"br", "link", "set", "lo", "up")
	n.ip("-n", n.tag+"br", "link", "add", "br0", "type", "bridge")
	n.ip("-n", n.tag+"br", "link", "set", "br0", "up")
	return n
}

// host adds a host named name (a namespace with one link to the bridge).
func (n *fleetNet) host(name string) *nsHost {
	h := &nsHost{name: name, ns: n.tag + name, addr: "10.254.0." + strconv.Itoa(n.nextIP), link: "v" + name}
	n.nextIP++
	n.ip("netns", "add", h.ns)
	n.hosts[name] = h
	n.ip("-n", n.tag+"br", "link", "add", h.link, "type", "veth", "peer", "name", "eth0", "netns", h.ns)
	n.ip("-n", n.tag+"br", "link", "set", h.link, "master", "br0", "up")
	n.ip("-n", h.ns, "addr", "add", h.addr+"/24", "dev", "eth0")
	n.ip("-n", h.ns, "link", "set", "eth0", "up")
	n.ip("-n", h.ns, "link", "set", "lo", "up")
	return h
}

// linkDown cuts a host off the bridge; linkUp joins it again.
func (n *fleetNet) linkDown(h *nsHost) { n.ip("-n", n.tag+"br", "link", "set", h.link, "down") }
func (n *fleetNet) linkUp(h *nsHost)   { n.ip("-n", n.tag+"br", "link", "set", h.link, "up") }

func (n *fleetNet) ip(args ...string) {
	n.t.Helper()
	if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
		n.t.Fatalf("ip %s: %v: %s", strings.Join(args, " "), err, out)
	}
}

// teardown kills what still runs in the namespaces and deletes them.
func (n *fleetNet) teardown() {
	n.mu.Lock()
	procs := n.procs
	n.mu.Unlock()
	for _, p := range procs {
		p.kill()
	}
	for _, h := range n.hosts {
		exec.Command("ip", "netns", "del", h.ns).Run()
	}
	exec.Command("ip", "netns", "del", n.tag+"br").Run()
}

// removeStaleNamespaces deletes the namespaces of harness runs whose
// process is gone (a test killed before its cleanup, as by go test's
// -timeout), and kills what still runs in them.
func removeStaleNamespaces() {
	out, _ := exec.Command("ip", "netns", "list").Output()
	for _, line := range strings.Split(string(out), "\n") {
		name, _, _ := strings.Cut(line, " ")
		pid, _, ok := strings.Cut(strings.TrimPrefix(name, netnsPrefix), "-")
		if !strings.HasPrefix(name, netnsPrefix) || !ok {
			continue
		}
		if _, err := os.Stat("/proc/" + pid); err != nil {
			pids, _ := exec.Command("ip", "netns", "pids", name).Output()
			for _, p := range strings.Fields(string(pids)) {
				if n, err := strconv.Atoi(p); err == nil {
					syscall.Kill(n, syscall.SIGKILL) // a server or worker the killed run left
				}
			}
			exec.Command("ip", "netns", "del", name).Run()
		}
	}
}

// hostProc is a process on a host: its output (both streams), and a
// channel closed once it has exited.
type hostProc struct {
	name   string
	cmd    *exec.Cmd
	out    *syncBuffer
	exited chan struct{}
	err    error
}

// start runs program on h; it is killed, if still running, at teardown.
func (n *fleetNet) start(h *nsHost, name, program string, args ...string) *hostProc {
	n.t.Helper()
	p := &hostProc{name: name, cmd: exec.Command("ip", append([]string{"netns", "exec", h.ns, program}, args...)...), out: &syncBuffer{}, exited: make(chan struct{})}
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil { // ip netns exec execs program: the pid is program's
		n.t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.exited) }()
	n.mu.Lock()
	n.procs = append(n.procs, p)
	n.mu.Unlock()
	return p
}

func (p *hostProc) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
}

// wait waits up to limit for the process to exit by itself.
func (p *hostProc) wait(limit time.Duration) bool {
	select {
	case <-p.exited:
		return true
	case <-time.After(limit):
		return false
	}
}

// syncBuffer collects a process's output while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// natsCluster starts a nats-server with JetStream on each host, routed to
// the others, each with its store under dir; it returns the comma-
// separated client URLs of all.
func (n *fleetNet) natsCluster(dir string, hosts ...*nsHost) (urls string, servers []*hostProc) {
	var list []string
	for _, h := range hosts {
		list = append(list, "nats://"+h.addr+":4222")
	}
	for _, h := range hosts {
		servers = append(servers, n.natsServer(dir, h, hosts))
	}
	return strings.Join(list, ","), servers
}

// natsServer starts (or starts again, on its kept store) h's server.
func (n *fleetNet) natsServer(dir string, h *nsHost, cluster []*nsHost) *hostProc {
	var routes []string
	for _, o := range cluster {
		if o != h {
			routes = append(routes, "nats://"+o.addr+":6222")
		}
	}
	return n.start(h, "nats-server "+h.name, "nats-server", "-js", "-sd", filepath.Join(dir, h.name), "-n", h.name,
		"-a", h.addr, "-p", "4222", "--cluster_name", "autoplay", "--cluster", "nats://"+h.addr+":6222",
		"--routes", strings.Join(routes, ","))
}

// fleetAutoplay is the autoplay the hosts run (coordinator, workers, and
// the built-in engine the workers start from it).
func fleetAutoplay(t *testing.T) string {
	return proctest.Build(t, "autoplay", "github.com/autoplay/autoplay/cmd/autoplay")
}
