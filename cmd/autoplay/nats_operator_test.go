package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"

	"github.com/autoplay/autoplay/internal/proctest"
)

// operatorServer is a real NATS server in operator mode, as a deployment
// run with nsc has it: an operator, a system account, and one account with
// JetStream whose users log in with .creds files. Its accounts are kept in
// the server's memory resolver, where the test revokes a user.
type operatorServer struct {
	ns       *server.Server
	resolver *server.MemAccResolver
	operator nkeys.KeyPair
	account  nkeys.KeyPair
	claims   *jwt.AccountClaims
	dir      string
}

func startOperatorServer(t *testing.T) *operatorServer {
	t.Helper()
	s := &operatorServer{resolver: &server.MemAccResolver{}, dir: t.TempDir()}
	s.operator = mustKey(t, nkeys.CreateOperator)
	_, sysPub := keyAndPublic(t, nkeys.CreateAccount)
	oc := jwt.NewOperatorClaims(publicOf(t, s.operator))
	oc.Name, oc.SystemAccount = "autoplay test", sysPub
	opJWT := encode(t, oc, s.operator)
	operatorClaims, err := jwt.DecodeOperatorClaims(opJWT)
	if err != nil {
		t.Fatal(err)
	}
	sc := jwt.NewAccountClaims(sysPub)
	sc.Name = "SYS"
	s.resolver.Store(sysPub, encode(t, sc, s.operator))

	s.account = mustKey(t, nkeys.CreateAccount)
	s.claims = jwt.NewAccountClaims(publicOf(t, s.account))
	s.claims.Name = "autoplay"
	s.claims.Limits.JetStreamLimits = jwt.JetStreamLimits{MemoryStorage: -1, DiskStorage: -1, Streams: -1, Consumer: -1}
	s.resolver.Store(s.claims.Subject, encode(t, s.claims, s.operator))

	s.ns, err = server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, JetStream: true,
		StoreDir: filepath.Join(s.dir, "store"), TrustedOperators: []*jwt.OperatorClaims{operatorClaims},
		AccountResolver: s.resolver, SystemAccount: sysPub, NoSigs: true, NoLog: true})
	if err != nil {
		t.Fatal(err)
	}
	go s.ns.Start()
	if !s.ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("the operator-mode NATS server did not start")
	}
	t.Cleanup(func() { s.ns.Shutdown(); s.ns.WaitForShutdown() })
	return s
}

func (s *operatorServer) URL() string { return s.ns.ClientURL() }

// user writes a .creds file for a new user of the account (signed by
// signer, the account's key unless another is given), expiring at expires
// unless it is zero; it returns the file and the user's public key.
func (s *operatorServer) user(t *testing.T, name string, expires time.Time, signer nkeys.KeyPair) (string, string) {
	t.Helper()
	if signer == nil {
		signer = s.account
	}
	user, pub := keyAndPublic(t, nkeys.CreateUser)
	uc := jwt.NewUserClaims(pub)
	uc.Name = name
	if !expires.IsZero() {
		uc.Expires = expires.Unix()
	}
	seed, err := user.Seed()
	if err != nil {
		t.Fatal(err)
	}
	creds, err := jwt.FormatUserConfig(encode(t, uc, signer), seed)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(s.dir, name+".creds")
	if err := os.WriteFile(file, creds, 0o600); err != nil {
		t.Fatal(err)
	}
	return file, pub
}

// revoke revokes a user's JWTs in the account, as `nsc revocations
// add-user` and a push to the resolver do: the server closes its
// connections and refuses it from then on.
func (s *operatorServer) revoke(t *testing.T, userPub string) {
	t.Helper()
	s.claims.RevokeAt(userPub, time.Now().Add(time.Second)) // JWTs are stamped in whole seconds
	s.resolver.Store(s.claims.Subject, encode(t, s.claims, s.operator))
	acc, err := s.ns.LookupAccount(s.claims.Subject)
	if err != nil {
		t.Fatal(err)
	}
	s.ns.UpdateAccountClaims(acc, s.claims)
}

func mustKey(t *testing.T, create func() (nkeys.KeyPair, error)) nkeys.KeyPair {
	t.Helper()
	kp, err := create()
	if err != nil {
		t.Fatal(err)
	}
	return kp
}

func keyAndPublic(t *testing.T, create func() (nkeys.KeyPair, error)) (nkeys.KeyPair, string) {
	kp := mustKey(t, create)
	return kp, publicOf(t, kp)
}

func publicOf(t *testing.T, kp nkeys.KeyPair) string {
	t.Helper()
	pub, err := kp.PublicKey()
	if err != nil {
		t.Fatal(err)
	}
	return pub
}

func encode(t *testing.T, c interface {
	Encode(nkeys.KeyPair) (string, error)
}, kp nkeys.KeyPair) string {
	t.Helper()
	token, err := c.Encode(kp)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// natsRun starts bin as the coordinator of a run (args) on an existing
// NATS server (--nats url); it is killed, if still running, when the test
// ends.
func natsRun(t *testing.T, bin, url string, args ...string) *fleetCoordinator {
	t.Helper()
	c := &fleetCoordinator{cmd: exec.Command(bin, append([]string{"match", "--nats", url, "--ack-wait", "3s"}, args...)...),
		out: &proctest.Output{}, stderr: &proctest.Output{}, done: make(chan error, 1)}
	c.cmd.Stdout, c.cmd.Stderr = c.out, c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.done <- c.cmd.Wait() }()
	t.Cleanup(func() { c.cmd.Process.Kill() })
	return c
}

// finished waits for the coordinator's run to end well.
func (c *fleetCoordinator) finished(t *testing.T, workerLogs ...*proctest.Output) {
	t.Helper()
	select {
	case err := <-c.done:
		if err != nil {
			t.Fatalf("coordinator: %v\n%s\n%s", err, c.out.String(), c.stderr.String())
		}
	case <-time.After(90 * time.Second): // not a measure of speed: a run that never ends
		var logs []string
		for _, l := range workerLogs {
			logs = append(logs, l.String())
		}
		t.Fatalf("the coordinator did not finish:\n%s\n%s\nworkers:\n%s", c.out.String(), c.stderr.String(), strings.Join(logs, "\n--\n"))
	}
}
