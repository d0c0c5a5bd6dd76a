package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// testCA is a certificate authority made for a test.
type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	file string // its certificate, PEM
	dir  string
}

func newTestCA(t *testing.T, name string) *testCA {
	t.Helper()
	ca := &testCA{dir: t.TempDir()}
	ca.key = newKey(t)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &ca.key.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	if ca.cert, err = x509.ParseCertificate(der); err != nil {
		t.Fatal(err)
	}
	ca.file = writePEM(t, filepath.Join(ca.dir, name+"-ca.pem"), "CERTIFICATE", der)
	return ca
}

// issue writes a certificate the CA signs, for a server on 127.0.0.1 or a
// client, and its key.
func (ca *testCA) issue(t *testing.T, name string, usage x509.ExtKeyUsage) (cert, key string) {
	t.Helper()
	priv := newKey(t)
	serial, _ := rand.Int(rand.Reader, big.NewInt(1<<62))
	tmpl := &x509.Certificate{SerialNumber: serial, Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{usage}}
	if usage == x509.ExtKeyUsageServerAuth {
		tmpl.IPAddresses = []net.IP{net.ParseIP("127.0.0.1")}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &priv.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return writePEM(t, filepath.Join(ca.dir, name+".pem"), "CERTIFICATE", der),
		writePEM(t, filepath.Join(ca.dir, name+"-key.pem"), "EC PRIVATE KEY", keyDER)
}

func newKey(t *testing.T) *ecdsa.PrivateKey {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

func writePEM(t *testing.T, file, kind string, der []byte) string {
	t.Helper()
	if err := os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// startVerifyingServer starts a real NATS server with JetStream that
// requires TLS and a client certificate its CA signed (verify: true).
func startVerifyingServer(t *testing.T, ca *testCA) string {
	t.Helper()
	cert, key := ca.issue(t, "nats-server", x509.ExtKeyUsageServerAuth)
	tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: cert, KeyFile: key, CaFile: ca.file, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, JetStream: true,
		StoreDir: filepath.Join(t.TempDir(), "store"), TLS: true, TLSVerify: true, TLSConfig: tc, TLSTimeout: 5,
		NoSigs: true, NoLog: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("the TLS NATS server did not start")
	}
	t.Cleanup(func() { ns.Shutdown(); ns.WaitForShutdown() })
	return strings.Replace(ns.ClientURL(), "nats://", "tls://", 1)
}

// A NATS server that verifies its clients' certificates: a worker without
// one, or with one another CA signed, exits with status 5 and says which;
// the coordinator (--nats) and a worker with certificates the server's CA
// signed play the run.
func TestWorkerPresentsItsOwnCertificate(t *testing.T) {
	t.Parallel()
	bin := buildAutoplay(t)
	ca := newTestCA(t, "fleet")
	url := startVerifyingServer(t, ca)
	strangerCert, strangerKey := newTestCA(t, "stranger").issue(t, "stranger", x509.ExtKeyUsageClientAuth)
	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		{"no certificate", nil, "autoplay: this worker cannot go on: the NATS server at " + url + " asks for this worker's own TLS certificate: give --nats-client-cert and --nats-client-key"},
		{"a certificate of another CA", []string{"--nats-client-cert", strangerCert, "--nats-client-key", strangerKey},
			"autoplay: this worker cannot go on: the NATS server at " + url + " refused this worker's TLS certificate (--nats-client-cert " + strangerCert + ": is it signed by the CA"},
		{"a certificate without its key", []string{"--nats-client-cert", strangerCert}, "--nats-client-cert and --nats-client-key go together"},
	} {
		code, said := runWorker(t, bin, append([]string{"--nats", url, "--nats-ca", ca.file}, c.args...)...)
		wantCannotGoOn(t, c.what, code, said, c.want)
	}

	coordCert, coordKey := ca.issue(t, "coordinator", x509.ExtKeyUsageClientAuth)
	workerCert, workerKey := ca.issue(t, "worker", x509.ExtKeyUsageClientAuth)
	coord := natsRun(t, bin, url, "--nats-ca", ca.file, "--nats-client-cert", coordCert, "--nats-client-key", coordKey,
		"--engine", "cmd=builtin name=deep depth=2", "--engine", "cmd=builtin name=shallow depth=1",
		"--games", "2", "--maxmoves", "12", "--pgnout", filepath.Join(t.TempDir(), "games.pgn"))
	w := workerWith(t, bin, url, "--nats-ca", ca.file, "--nats-client-cert", workerCert, "--nats-client-key", workerKey)
	coord.finished(t, w.log)
	w.stop()
	if n := strings.Count(w.log.String(), "result published"); n != 2 {
		t.Errorf("the worker published %d results, want 2:\n%s", n, w.log.String())
	}
}
