package distributed

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

// A server's configuration reloaded with the worker's password changed
// (the operator rotated it) closes the worker's connection; nats.go gives
// it up after the same refusal twice, and the worker ends saying its
// credentials are no longer accepted, where it fetched in vain forever.
func TestWorkerEndsWhenItsPasswordIsChangedOnTheServer(t *testing.T) {
	opts := &server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, JetStream: true, StoreDir: filepath.Join(t.TempDir(), "nats"),
		Username: "worker", Password: "old", NoSigs: true, NoLog: true}
	ns, err := server.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("server did not start")
	}
	defer func() { ns.Shutdown(); ns.WaitForShutdown() }()
	url := ns.ClientURL()

	var lines []string
	var mu sync.Mutex
	connected := make(chan struct{})
	var once sync.Once
	log := func(line string) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, line)
		if strings.HasPrefix(line, "connected to NATS") {
			once.Do(func() { close(connected) })
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // not a measure: a worker that never gives up
	defer cancel()
	ended := make(chan error, 1)
	go func() {
		ended <- Work(ctx, WorkerOptions{URL: url, Auth: Auth{User: "worker", Password: "old"}, Log: log})
	}()
	select {
	case <-connected:
	case err := <-ended:
		t.Fatalf("the worker ended before it connected: %v", err)
	}
	changed := *opts
	changed.Password, changed.Port = "new", ns.Addr().(*net.TCPAddr).Port
	if err := ns.ReloadOptions(&changed); err != nil {
		t.Fatal(err)
	}
	err = <-ended
	mu.Lock()
	defer mu.Unlock()
	if ctx.Err() != nil || !errors.Is(err, ErrCannotGoOn) || !strings.Contains(err.Error(), "no longer accepts this worker's credentials (--nats-user worker with its --nats-password") {
		t.Errorf("the worker whose password changed ended with %v, having said:\n%s", err, strings.Join(lines, "\n"))
	}
}
