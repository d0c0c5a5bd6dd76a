package distributed

import (
	"context"
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
)

// selfSigned writes a certificate for 127.0.0.1 and its key.
func selfSigned(t *testing.T, dir string) (cert, key string) {
	t.Helper()
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "autoplay test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &priv.PublicKey, priv)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(priv)
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
	os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600)
	return cert, key
}

// A server with a token and TLS takes only clients that present the token
// and trust its certificate.
func TestTokenAndTLS(t *testing.T) {
	dir := t.TempDir()
	cert, key := selfSigned(t, dir)
	srv, err := StartServer(ServerOptions{Addr: "127.0.0.1:0", StoreDir: filepath.Join(dir, "nats"),
		Auth: Auth{Token: "s3cret", CertFile: cert, KeyFile: key}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, c := range []struct {
		auth Auth
		ok   bool
	}{
		{Auth{Token: "s3cret", CAFile: cert}, true},
		{Auth{Token: "wrong", CAFile: cert}, false},
		{Auth{CAFile: cert}, false},
		{Auth{Token: "s3cret"}, false}, // does not trust the certificate
	} {
		nc, _, err := connect(srv.URL(), c.auth, "test", nil)
		if (err == nil) != c.ok {
			t.Errorf("%+v: connect error %v", c.auth, err)
		}
		if nc != nil {
			nc.Close()
		}
	}
	// A worker with the wrong token says so and stops.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = Work(ctx, WorkerOptions{URL: srv.URL(), Auth: Auth{Token: "wrong", CAFile: cert}})
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "authorization") {
		t.Errorf("worker with a wrong token: %v", err)
	}
}
