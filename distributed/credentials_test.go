package distributed

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"
)

// writeSeed writes a new NATS user's NKey seed to a file; it returns the
// file and the user's public key.
func writeSeed(t *testing.T, dir, name string) (string, string) {
	t.Helper()
	user, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := user.Seed()
	pub, _ := user.PublicKey()
	file := filepath.Join(dir, name+".nk")
	if err := os.WriteFile(file, append(seed, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
	return file, pub
}

// A server whose users are NKeys takes a client whose --nats-nkey seed is
// a user's, refuses another's in words, and a file that holds no seed is
// named before any connection.
func TestNKeyFile(t *testing.T) {
	dir := t.TempDir()
	known, pub := writeSeed(t, dir, "known")
	stranger, _ := writeSeed(t, dir, "stranger")
	garbled := filepath.Join(dir, "garbled.nk")
	os.WriteFile(garbled, []byte("not a seed\n"), 0o600)
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, Nkeys: []*server.NkeyUser{{Nkey: pub}}, NoSigs: true, NoLog: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("server did not start")
	}
	defer func() { ns.Shutdown(); ns.WaitForShutdown() }()
	url := ns.ClientURL()

	nc, _, err := connect(url, Auth{NKeyFile: known}, "test", nil)
	if err != nil {
		t.Fatalf("the known user's seed: %v", err)
	}
	nc.Close()
	_, _, err = connect(url, Auth{NKeyFile: stranger}, "test", nil)
	if err == nil || !strings.Contains(cannotGoOn(url, Auth{NKeyFile: stranger}, err).Error(), "refused this worker's credentials (--nats-nkey "+stranger+")") {
		t.Errorf("a stranger's seed: %v", err)
	}
	_, _, err = connect(url, Auth{NKeyFile: garbled}, "test", nil)
	if !errors.Is(err, errCredentialFile) || !strings.Contains(cannotGoOn(url, Auth{NKeyFile: garbled}, err).Error(), "this worker cannot go on: --nats-nkey "+garbled+": not a NATS user's NKey seed") {
		t.Errorf("a file without a seed: %v", err)
	}
}

// Two ways of logging in at once are refused before any connection, and a
// client certificate without its key.
func TestClientCredentialsGivenOnce(t *testing.T) {
	for _, c := range []struct {
		auth Auth
		want string
	}{
		{Auth{Token: "t", CredsFile: "x.creds"}, "--nats-token and --nats-creds: give one way to log in to NATS"},
		{Auth{User: "u", NKeyFile: "x.nk"}, "--nats-user and --nats-nkey: give one way"},
		{Auth{ClientKey: "k.pem"}, "--nats-client-cert and --nats-client-key go together"},
		{Auth{CredsFile: filepath.Join(t.TempDir(), "none.creds")}, "--nats-creds: open "},
	} {
		_, _, err := connect("nats://127.0.0.1:1", c.auth, "test", nil)
		if !errors.Is(err, errCredentialFile) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.auth, err, c.want)
		}
	}
}
