package enginehost

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

func needProgram(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install %s", path)
		}
		t.Skipf("%s not installed", path)
	}
}

// A program that is not a UCI engine is named for what it is, at once
// where its answer is unmistakable, not after the handshake timeout: an
// XBoard engine started as UCI, a program that copies its input back, one
// that answers with something else and then nothing. A UCI engine that
// prints a banner first still starts.
func TestNotAUCIEngineIsToldApart(t *testing.T) {
	script := func(s string) []string { return []string{"-c", s} }
	cases := []struct {
		name, cmd string
		args      []string
		want      string
		quick     bool // told before the timeout
	}{
		{"cat", "/bin/cat", nil, "not a UCI engine: it wrote back the command it was sent", true},
		{"xboard", "/bin/sh", script(`read l; echo "feature done=0"; echo "feature myname=\"x\" done=1"; sleep 30`), "looks like an XBoard engine", true},
		{"unknown-command", "/bin/sh", script(`read l; echo "Error (unknown command): uci"; sleep 30`), "add proto=xboard", true},
		{"babble", "/bin/sh", script(`read l; echo "hello there"; sleep 30`), `never answered uciok, and wrote "hello there"`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := spec.DefaultEngineConfig()
			cfg.Name, cfg.Cmd, cfg.Args, cfg.Timeout = tc.name, tc.cmd, tc.args, 2*time.Second
			if tc.quick {
				// A timeout no loaded machine comes near: an answer told
				// before half of it did not wait the timeout out.
				cfg.Timeout = time.Minute
			}
			start := time.Now()
			e, err := Start(context.Background(), &cfg, Options{})
			if err == nil {
				e.Close()
				t.Fatal("started as a UCI engine")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to say %q", err, tc.want)
			}
			if took := time.Since(start); tc.quick && took > cfg.Timeout/2 {
				t.Errorf("told after %v: an unmistakable answer need not wait out the timeout", took)
			}
		})
	}
	t.Run("fairymax", func(t *testing.T) {
		needProgram(t, "/usr/games/fairymax")
		cfg := spec.DefaultEngineConfig()
		// Told apart by what Fairy-Max writes (in 2 s on an idle
		// machine); under load 28 it wrote nothing in 5 s.
		cfg.Name, cfg.Cmd, cfg.Timeout = "fairymax", "/usr/games/fairymax", 30*time.Second
		_, err := Start(context.Background(), &cfg, Options{})
		if err == nil || !strings.Contains(err.Error(), "proto=xboard") && !strings.Contains(err.Error(), "UCI") {
			t.Errorf("fairymax as UCI: %v", err)
		}
	})
	t.Run("banner", func(t *testing.T) {
		cfg := spec.DefaultEngineConfig()
		cfg.Name, cfg.Cmd, cfg.Args = "banner", "/bin/sh", script(`echo "MyEngine 1.0 by someone"; read l; echo "id name MyEngine"; echo uciok; read l; sleep 5`)
		e, err := Start(context.Background(), &cfg, Options{})
		if err != nil {
			t.Fatalf("a UCI engine with a banner: %v", err)
		}
		e.Close()
	})
}
