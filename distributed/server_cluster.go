package distributed

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
)

// defaultClusterName is the cluster an embedded server joins when none is
// named: the name the README's nats-server commands give theirs.
const defaultClusterName = "autoplay"

// Joins says whether the server is to be part of a cluster.
func (c ClusterOptions) Joins() bool { return c.Listen != "" || len(c.Routes) > 0 }

// apply sets the cluster part of the server's options, refusing in plain
// words what the NATS server would only log: a route that is no URL, a
// listen address without a port.
func (c ClusterOptions) apply(opts *server.Options) error {
	if !c.Joins() {
		return nil
	}
	listen := c.Listen
	if listen == "" {
		listen = opts.Host + ":-1" // routes out only; any free port for routes in
	}
	host, portText, err := net.SplitHostPort(listen)
	if err != nil {
		return fmt.Errorf("--serve-cluster %q: want host:port, where the cluster's other servers connect", c.Listen)
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return fmt.Errorf("--serve-cluster %q: the port is not a number", c.Listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	// One route per peer, as servers before 2.10 (Debian's nats-server is
	// 2.9) have it: with the newer pool, routes to them failed now and then
	// ("not possible to have a dedicated route for account $SYS") and the
	// cluster could not place a stream.
	opts.Cluster = server.ClusterOpts{Name: c.name(), Host: host, Port: port, PoolSize: -1}
	for _, r := range c.Routes {
		u, err := url.Parse(strings.TrimSpace(r))
		if err != nil || u.Host == "" || (u.Scheme != "nats" && u.Scheme != "nats-route") {
			return fmt.Errorf("--serve-routes %q: want a server's cluster URL such as nats-route://host:6222", r)
		}
		opts.Routes = append(opts.Routes, u)
	}
	return nil
}

func (c ClusterOptions) name() string {
	if c.Name == "" {
		return defaultClusterName
	}
	return c.Name
}

// serverName names the embedded server. Alone it is "autoplay"; in a
// cluster every server needs a name of its own, kept over restarts (its
// JetStream replicas are known by it), so the host and client port go in.
func serverName(host string, port int, c ClusterOptions) string {
	if !c.Joins() {
		return "autoplay"
	}
	machine, err := os.Hostname()
	if err != nil || machine == "" {
		machine = "host"
	}
	if port < 1 { // a free port, not known yet: the process tells servers on one host apart
		return fmt.Sprintf("autoplay-%s-%s-pid%d", machine, host, os.Getpid())
	}
	return fmt.Sprintf("autoplay-%s-%s-%d", machine, host, port)
}
