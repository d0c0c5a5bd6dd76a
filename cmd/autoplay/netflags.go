package main

import (
	"time"

	"github.com/spf13/pflag"
)

// The flags of the NATS farm and the dashboard, registered alike in both
// builds: the lean one (lean.go) hands a command that sets them to
// autoplay-full, which holds their code.

// fullProgram is the name of the full build beside the lean one.
const fullProgram = "autoplay-full"

// defaultAckWait is distributed.DefaultAckWait (a test keeps them equal):
// the lean build does not link the distributed package.
const defaultAckWait = 30 * time.Second

// webHostUsage is --web-host's help, the same on match, run and view.
const webHostUsage = "another name the dashboard answers to (repeatable); it answers to its listen address, and localhost's names on loopback, and refuses other names a browser was sent to"

// workerShort is the worker command's line in the command list.
const workerShort = "Play games for coordinators (runs with --serve or --nats) over NATS"

// farmFlags are the flags that send a run's games to workers over NATS.
type farmFlags struct {
	serve, nats, token string
	user, password     string
	cert, key, ca      string
	client             clientCredentials
	ackWait            time.Duration
	ship               bool
	replicas           int
	cluster            string
	routes             []string
	clusterName        string
}

func (f *farmFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.serve, "serve", "", "play the games on workers: start an embedded NATS server on ADDR (a bare port listens on 127.0.0.1) for `autoplay worker --nats`")
	fs.StringVar(&f.nats, "nats", "", "play the games on workers of an existing NATS deployment at URL (JetStream enabled)")
	fs.StringVar(&f.token, "nats-token", "", "the token NATS clients present (with --serve: the one the server requires)")
	fs.StringVar(&f.user, "nats-user", "", "NATS user (with --serve: the one the server requires, with --nats-password)")
	fs.StringVar(&f.password, "nats-password", "", "NATS password")
	fs.StringVar(&f.cert, "nats-tls-cert", "", "with --serve: the embedded server's TLS certificate (PEM); clients then connect with TLS (a client's own certificate is --nats-client-cert)")
	fs.StringVar(&f.key, "nats-tls-key", "", "with --serve: the key of --nats-tls-cert")
	fs.StringVar(&f.ca, "nats-ca", "", "the CA (PEM) the server's certificate is checked against")
	f.client.add(fs)
	fs.BoolVar(&f.ship, "ship-engines", false, "send the engine programs to the workers (by SHA-256, in the JetStream object store); workers run them only with --accept-binaries")
	fs.IntVar(&f.replicas, "nats-replicas", 0, "with --nats on a NATS cluster, or --serve joined to one: how many of its servers keep the run's streams (3: any one server may fail); 0 keeps what the streams have, 1 for new ones")
	fs.StringVar(&f.cluster, "serve-cluster", "", "with --serve: join a NATS cluster, taking the other servers' routes on ADDR (host:port, e.g. 0.0.0.0:6222)")
	fs.StringSliceVar(&f.routes, "serve-routes", nil, "with --serve: the cluster's other servers (their cluster URLs, nats-route://host:6222), comma-separated or repeated")
	fs.StringVar(&f.clusterName, "serve-cluster-name", "", "with --serve-cluster or --serve-routes: the cluster's name, as its other servers have it (default \"autoplay\")")
	fs.DurationVar(&f.ackWait, "ack-wait", defaultAckWait, "how long a game may go without a worker's sign of life before another worker gets it")
}

// clientCredentials are a NATS client's own credentials files, the
// coordinator's with --nats and the worker's alike.
type clientCredentials struct {
	creds, nkey, cert, key string
}

func (c *clientCredentials) add(fs *pflag.FlagSet) {
	fs.StringVar(&c.creds, "nats-creds", "", "a NATS .creds file (a user JWT and its NKey seed, as nsc writes them) to log in with; read again at each reconnect")
	fs.StringVar(&c.nkey, "nats-nkey", "", "a file holding a NATS user's NKey seed (SU...) to log in with")
	fs.StringVar(&c.cert, "nats-client-cert", "", "this client's own TLS certificate (PEM), for a NATS server that verifies its clients' (verify: true)")
	fs.StringVar(&c.key, "nats-client-key", "", "the key of --nats-client-cert")
}
