// Package distributed spreads a run's games over workers on other machines
// through NATS JetStream: the coordinator (an ordinary run with --serve or
// --nats) publishes each game as a job to a work-queue stream and records
// the results workers publish, as its own workers' games are recorded.
package distributed

import (
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// ServerOptions configure the embedded NATS server of a coordinator.
type ServerOptions struct {
	Addr     string // host:port, or a bare port (then on 127.0.0.1); port 0 or -1 picks a free one
	StoreDir string // JetStream's file store
	Auth     Auth   // what clients must present, when set
	MaxStore int64  // bytes JetStream may keep on disk; 0: the server's own default
	Cluster  ClusterOptions
}

// ClusterOptions join the embedded server to a NATS cluster (Debian's
// nats-server or other autoplay coordinators' servers), so that the run's
// streams can be kept on several servers (--nats-replicas) and the run
// outlives any one of them.
type ClusterOptions struct {
	Listen string   // host:port where the cluster's other servers connect (their routes to this one)
	Routes []string // the other servers' cluster URLs, nats-route://host:6222 or nats://host:6222
	Name   string   // the cluster's name, the same on every server; empty: "autoplay"
}

// Auth is how a client proves itself (a token, a user and password, a
// .creds file or an NKey seed: credentials.go) and how the connection is
// secured: with TLS, the embedded server's certificate and key (CertFile,
// KeyFile), the CA clients check a server's against (CAFile), and the
// client's own certificate for a server that asks for one (ClientCert,
// ClientKey).
type Auth struct {
	Token                 string
	User, Password        string
	CredsFile, NKeyFile   string
	CertFile, KeyFile     string
	CAFile                string
	ClientCert, ClientKey string
}

// Server is an embedded NATS server with JetStream.
type Server struct {
	ns *server.Server
}

// StartServer starts the embedded server and waits until it takes clients.
func StartServer(o ServerOptions) (*Server, error) {
	host, portText, err := net.SplitHostPort(o.Addr)
	if err != nil {
		host, portText = "127.0.0.1", o.Addr // a bare port
	}
	if host == "" {
		host = "127.0.0.1"
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("serve %q: want host:port or a port", o.Addr)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	opts := &server.Options{
		ServerName: serverName(host, port, o.Cluster), Host: host, Port: port,
		JetStream: true, StoreDir: o.StoreDir, JetStreamMaxStore: o.MaxStore,
		Authorization: o.Auth.Token, Username: o.Auth.User, Password: o.Auth.Password,
		NoSigs: true, NoLog: true,
	}
	if o.Auth.CertFile != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: o.Auth.CertFile, KeyFile: o.Auth.KeyFile})
		if err != nil {
			return nil, fmt.Errorf("serve: TLS: %w", err)
		}
		opts.TLSConfig, opts.TLS, opts.TLSTimeout = tc, true, 2
	}
	if err := o.Cluster.apply(opts); err != nil {
		return nil, err
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("serve %s: the NATS server did not start", o.Addr)
	}
	return &Server{ns: ns}, nil
}

// URL is where clients connect.
func (s *Server) URL() string { return s.ns.ClientURL() }

// Loopback says whether the server listens on a loopback address only.
func (s *Server) Loopback() bool {
	addr, ok := s.ns.Addr().(*net.TCPAddr)
	return ok && addr.IP.IsLoopback()
}

// Close stops the server.
func (s *Server) Close() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}
