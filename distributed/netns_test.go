package distributed

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// A fleet across network namespaces, on one machine: three nats-server
// processes in a cluster (the run's streams kept on all three), the
// coordinator on a host of its own given every server's URL, and four
// workers on four more hosts, each starting the built-in engine from its
// own binary. In each scenario one fault strikes mid-run; after it the run
// ends, its PGN is a local run's game for game, no autoplay process (worker
// or engine) is left, and what each host printed says what happened in
// plain lines: no panic, no stack, no line said over and over.
//
// Root, ip (iproute2) and nats-server are needed, else the test skips.
// make test plays one scenario (a server the coordinator talks to killed
// for good); AUTOPLAY_NETNS=1 plays all five (about 5 minutes).
func TestFleetAcrossNamespaces(t *testing.T) {
	needNamespaces(t)
	bin := fleetAutoplay(t)
	local := filepath.Join(t.TempDir(), "local.pgn")
	if out, err := exec.Command(bin, append(fleetGameArgs(t), "--pgnout", local)...).CombinedOutput(); err != nil {
		t.Fatalf("the local run: %v\n%s", err, out)
	}
	want := proctest.GamesByRound(t, local)
	if len(want) != fleetGames {
		t.Fatalf("the local run played %d games, not %d", len(want), fleetGames)
	}
	// Links down 20 s and servers killed are played with the default ack
	// wait, 30 s, which a worker's lease outlasts (lease.go): no game is
	// begun twice. The worker killed as it reports takes 3 s, so that its
	// game, if it comes back, is played again soon.
	scenarios := []struct {
		name    string
		ackWait string
		fault   func(*fleet)
	}{
		{"CoordinatorsServerKilledForGood", "30s", (*fleet).killCoordinatorsServer},
		{"ServerKilledAndRestarted", "30s", (*fleet).killAndRestartServer},
		{"WorkerLinkDown20s", "30s", (*fleet).cutWorkerOff},
		{"CoordinatorLinkDown20s", "30s", (*fleet).cutCoordinatorOff},
		{"WorkerKilledAsItReports", "3s", (*fleet).killWorkerAsItReports},
	}
	for i, s := range scenarios {
		t.Run(s.name, func(t *testing.T) {
			if i > 0 && os.Getenv("AUTOPLAY_NETNS") == "" {
				t.Skip("AUTOPLAY_NETNS=1 plays every fault")
			}
			f := startFleet(t, bin, s.ackWait)
			s.fault(f)
			f.finish(want)
		})
	}
}

const fleetGames = 24

// fleetGameArgs are the run's: deterministic engines (the built-in engine
// at a depth), so that a game's moves follow from its opening.
func fleetGameArgs(t *testing.T) []string {
	book, err := filepath.Abs("../runner/testdata/uho4.epd")
	if err != nil {
		t.Fatal(err)
	}
	return []string{"match", "--engine", "cmd=builtin name=deep depth=6", "--engine", "cmd=builtin name=shallow depth=5",
		"--games", fmt.Sprint(fleetGames), "--maxmoves", "40", "--concurrency", "4", "--seed", "7",
		"--openings", "file=" + book + " order=random"}
}

// fleet is a scenario's hosts and processes.
type fleet struct {
	t              *testing.T
	net            *fleetNet
	bin, dir, urls string
	pgn            string
	serverHosts    []*nsHost
	servers        []*hostProc
	coordHost      *nsHost
	coord          *hostProc
	workerHosts    []*nsHost
	workers        []*hostProc
	restarted      []*hostProc // servers started again
	// killed says the fault killed a worker: its game then may rightly be
	// begun twice, never in a scenario that cuts links or kills servers.
	killed bool
}

// startFleet starts the cluster, four workers and the coordinator.
func startFleet(t *testing.T, bin, ackWait string) *fleet {
	f := &fleet{t: t, net: newFleetNet(t), bin: bin, dir: t.TempDir()}
	f.pgn = filepath.Join(f.dir, "fleet.pgn")
	for _, name := range []string{"s1", "s2", "s3"} {
		f.serverHosts = append(f.serverHosts, f.net.host(name))
	}
	f.coordHost = f.net.host("coord")
	for _, name := range []string{"w1", "w2", "w3", "w4"} {
		f.workerHosts = append(f.workerHosts, f.net.host(name))
	}
	f.urls, f.servers = f.net.natsCluster(f.dir, f.serverHosts...)
	proctest.WaitUntil(t, "the NATS cluster elects its JetStream leader", func() bool {
		for _, s := range f.servers {
			if strings.Contains(s.out.String(), "new metadata leader") {
				return true
			}
		}
		return false
	})
	// The coordinator first: it makes the streams on three servers. The
	// workers, started while it does, wait for them (joinStreams): made by
	// a worker on one server and grown to three by the coordinator,
	// nats-server 2.9.10 never made two of the copies, and the server
	// killed here held the only one.
	f.coord = f.net.start(f.coordHost, "coordinator", bin, append(fleetGameArgs(t),
		"--nats", f.urls, "--nats-replicas", "3", "--ack-wait", ackWait, "--pgnout", f.pgn)...)
	f.showOnFailure()
	f.serverOf(f.coord)
	for i, h := range f.workerHosts {
		f.workers = append(f.workers, f.net.start(h, fmt.Sprintf("worker w%d", i+1), bin, "worker", "--nats", f.urls, "--ack-wait", ackWait))
	}
	return f
}

// recorded counts the games in the coordinator's PGN.
func (f *fleet) recorded() int {
	data, _ := os.ReadFile(f.pgn)
	return strings.Count(string(data), "[Round ")
}

// afterGames waits until n games are recorded: the fault comes mid-run.
func (f *fleet) afterGames(n int) {
	f.waitFor(fmt.Sprintf("%d games recorded", n), func() bool { return f.recorded() >= n })
}

// waitFor waits until cond holds, failing at once if the run has ended.
func (f *fleet) waitFor(what string, cond func() bool) {
	f.t.Helper()
	proctest.WaitUntil(f.t, what, func() bool {
		select {
		case <-f.coord.exited:
			if !cond() {
				f.t.Fatalf("the coordinator ended (%v) before %s", f.coord.err, what)
			}
		default:
		}
		return cond()
	})
}

var playingOn = regexp.MustCompile(`NATS:? server (s\d) at `)

// serverOf is the host of the server p said it connected to.
func (f *fleet) serverOf(p *hostProc) *nsHost {
	var name string
	f.waitFor(p.name+" says which server it is on", func() bool {
		m := playingOn.FindStringSubmatch(p.out.String())
		if m != nil {
			name = m[1]
		}
		return m != nil
	})
	return f.net.hosts[name]
}

func (f *fleet) serverProc(h *nsHost) *hostProc {
	for i, s := range f.serverHosts {
		if s == h {
			return f.servers[i]
		}
	}
	f.t.Fatalf("no server on %s", h.name)
	return nil
}

// The server the coordinator plays on is SIGKILLed and never comes back:
// the coordinator goes on through another (the streams have copies there).
func (f *fleet) killCoordinatorsServer() {
	h := f.serverOf(f.coord)
	f.afterGames(3)
	f.serverProc(h).kill()
	f.mustSay(f.coord, "lost the connection to NATS", "connected to NATS again")
}

// The server worker w1 is on is SIGKILLed, and started again on its store
// 5 s later.
func (f *fleet) killAndRestartServer() {
	h := f.serverOf(f.workers[0])
	f.afterGames(3)
	f.serverProc(h).kill()
	time.Sleep(5 * time.Second)
	f.restarted = append(f.restarted, f.net.natsServer(f.dir, h, f.serverHosts))
	f.mustSay(f.workers[0], "lost the connection to NATS", "connected to NATS again")
}

// Worker w1's link goes down for 20 s in the middle of a game: it keeps
// the game (its lease outlasts the outage), finishes and publishes it.
func (f *fleet) cutWorkerOff() {
	w := f.workers[0]
	f.afterGames(3)
	f.waitFor("w1 in the middle of a game", func() bool {
		out := w.out.String()
		return len(fleetGameBegun.FindAllString(out, -1)) > strings.Count(out, "result published")
	})
	f.net.linkDown(f.workerHosts[0])
	time.Sleep(20 * time.Second)
	f.net.linkUp(f.workerHosts[0])
	f.talksAgain(w)
}

// The coordinator's link goes down for 20 s.
func (f *fleet) cutCoordinatorOff() {
	f.afterGames(3)
	f.net.linkDown(f.coordHost)
	time.Sleep(20 * time.Second)
	f.net.linkUp(f.coordHost)
	f.talksAgain(f.coord)
}

// talksAgain waits for p, whose link has just come up, to be connected to
// NATS again, and logs how long that took: a dead connection is noticed
// by the client's pings during the outage, and it then dials every second,
// so that it should talk again within seconds of the link, not after
// TCP's retransmission back-off.
func (f *fleet) talksAgain(p *hostProc) {
	up := time.Now()
	f.mustSay(p, "lost the connection to NATS")
	f.waitFor(p.name+" to be connected to NATS again", func() bool { return strings.Contains(p.out.String(), "connected to NATS again") })
	f.t.Logf("%s talks to NATS again %s after its link came up", p.name, time.Since(up).Round(100*time.Millisecond))
}

// Worker w1 is SIGKILLed as soon as it has published a result, before it
// may have acknowledged its job: the job comes back to another worker,
// whose result must not be recorded a second time.
func (f *fleet) killWorkerAsItReports() {
	w := f.workers[0]
	f.waitFor("w1 publishes a result", func() bool { return strings.Contains(w.out.String(), "result published") })
	f.killed = true
	w.kill()
}

// mustSay waits for each of lines in p's output (the run goes on meanwhile).
func (f *fleet) mustSay(p *hostProc, lines ...string) {
	for _, l := range lines {
		f.waitFor(fmt.Sprintf("%s to say %q", p.name, l), func() bool { return strings.Contains(p.out.String(), l) })
	}
}
