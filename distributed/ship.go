package distributed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/autoplay/autoplay/runner/spec"
)

// enginesBucket is the object store shipped engine programs live in, each
// under its SHA-256.
const enginesBucket = "autoplay_engines"

// fileSHA256 hashes a file.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// enginePath is where an engine's program is, as it would be started.
func enginePath(e *spec.EngineConfig) (string, error) {
	cmd := e.Cmd
	if filepath.Base(cmd) == cmd {
		return exec.LookPath(cmd)
	}
	if !filepath.IsAbs(cmd) && e.Dir != "" {
		cmd = filepath.Join(e.Dir, cmd)
	}
	return cmd, nil
}

// ShipEngines hashes every engine program of cfg (the built-in engine
// aside) and notes the hash in the config; Coordinator.Play uploads them.
func ShipEngines(cfg *spec.Config) error {
	for i := range cfg.Engines {
		e := &cfg.Engines[i]
		if e.Cmd == spec.BuiltinCmd {
			continue
		}
		path, err := enginePath(e)
		if err == nil {
			e.SHA256, err = fileSHA256(path)
		}
		if err != nil {
			return fmt.Errorf("ship engine %s: %w", e.Name, err)
		}
	}
	return nil
}

// upload puts each shipped program into the object store, once per hash.
func upload(ctx context.Context, js jetstream.JetStream, cfg *spec.Config, replicas int) error {
	var store jetstream.ObjectStore
	for _, e := range cfg.Engines {
		if e.SHA256 == "" {
			continue
		}
		if store == nil {
			copies, err := replicasOf(ctx, js, "OBJ_"+enginesBucket, replicas)
			if err == nil {
				store, err = js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: enginesBucket, Storage: jetstream.FileStorage, Replicas: copies})
			}
			if err != nil {
				return fmt.Errorf("engines store: %w", err)
			}
		}
		if _, err := store.GetInfo(ctx, e.SHA256); err == nil {
			continue
		}
		path, err := enginePath(&e)
		if err != nil {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("ship engine %s: %w", e.Name, err)
		}
		_, err = store.Put(ctx, jetstream.ObjectMeta{Name: e.SHA256, Description: e.Name}, f)
		f.Close()
		if err != nil {
			return fmt.Errorf("ship engine %s: %w", e.Name, err)
		}
	}
	return nil
}

// errNotAccepted: a run ships a program this worker may not take.
var errNotAccepted = errors.New("the run ships its engine programs: start the worker with --accept-binaries, or give it an --engine of that name with the same program")

// receive makes each shipped engine of cfg a program whose hash is the one
// the coordinator gave: fetched into cacheDir (with accept), or the local
// one when it is the same program. Anything else is an error: a worker
// never runs a program whose hash does not match.
func receive(ctx context.Context, js jetstream.JetStream, cfg *spec.Config, accept bool, cacheDir string) error {
	for i := range cfg.Engines {
		e := &cfg.Engines[i]
		if e.SHA256 == "" {
			continue
		}
		if local, err := enginePath(e); err == nil {
			if sum, err := fileSHA256(local); err == nil && sum == e.SHA256 {
				continue // the same program is here already
			}
		}
		if !accept {
			return fmt.Errorf("engine %s: %w", e.Name, errNotAccepted)
		}
		path := filepath.Join(cacheDir, e.SHA256)
		if sum, err := fileSHA256(path); err != nil || sum != e.SHA256 {
			if err := fetch(ctx, js, e.SHA256, path); err != nil {
				return fmt.Errorf("engine %s: %w", e.Name, err)
			}
		}
		e.Cmd = path
	}
	return nil
}

// fetch downloads a program and checks its hash before it may be run.
func fetch(ctx context.Context, js jetstream.JetStream, sha, path string) error {
	store, err := js.ObjectStore(ctx, enginesBucket)
	if err != nil {
		return fmt.Errorf("engines store: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".part"
	defer os.Remove(tmp)
	if err := store.GetFile(ctx, sha, tmp); err != nil {
		return fmt.Errorf("fetch %s: %w", sha, err)
	}
	if sum, err := fileSHA256(tmp); err != nil || sum != sha {
		return fmt.Errorf("fetched program's SHA-256 is %s, not %s: refused", sum, sha)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
