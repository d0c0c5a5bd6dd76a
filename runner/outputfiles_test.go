package runner

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// markedMatch is quickMatch with engines that leave a line in marker when
// they start, so a test can see that none did.
func markedMatch(t *testing.T, dir string) (spec.Config, string) {
	marker := filepath.Join(dir, "engines-started")
	script := filepath.Join(dir, "engine.sh")
	os.WriteFile(script, []byte("#!/bin/sh\necho started >> "+marker+"\nexec "+stockfishPath+"\n"), 0o755)
	cfg := quickMatch(t)
	for i := range cfg.Engines {
		cfg.Engines[i].Cmd = script
	}
	return cfg, marker
}

// Two outputs that are one file are refused before any engine starts,
// naming both, whether they share a path (written alike or not), a
// symbolic link or a hard link; the PGN's state file counts as an output.
// Nothing is written to either.
func TestOutputsThatAreOneFileAreRefused(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "g.pgn")
	precious := "[Event \"kept\"]\n"
	other := filepath.Join(dir, "other.txt")
	os.WriteFile(other, []byte("other\n"), 0o644)
	os.Symlink(pgnPath, filepath.Join(dir, "link.pgn"))
	os.Symlink(other, filepath.Join(dir, "link.txt"))
	os.Link(other, filepath.Join(dir, "hard.txt"))
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	for _, c := range []struct {
		name string
		set  func(*spec.Config)
		want string
	}{
		{"json on the PGN", func(c *spec.Config) { c.JSONOut = pgnPath }, "--pgnout and --json are both"},
		{"json on the state file", func(c *spec.Config) { c.JSONOut = pgnPath + ".state" }, "the state file of --pgnout"},
		{"sample on the PGN, spelled otherwise", func(c *spec.Config) {
			c.Sample = &spec.SampleConfig{File: filepath.Join(dir, "sub", "..", "g.pgn"), Freq: 1, Format: spec.SampleCSV}
		}, "--sample file="},
		{"log through a link to the PGN", func(c *spec.Config) { c.LogFile = filepath.Join(dir, "link.pgn") }, "--log " + filepath.Join(dir, "link.pgn")},
		{"epdout and games-jsonl through a link", func(c *spec.Config) {
			c.EPDOut, c.GamesJSONL = other, filepath.Join(dir, "link.txt")
		}, "--epdout " + other + " and --games-jsonl"},
		{"games-jsonl and log through a hard link", func(c *spec.Config) {
			c.GamesJSONL, c.LogFile = other, filepath.Join(dir, "hard.txt")
		}, "--games-jsonl " + other + " and --log " + filepath.Join(dir, "hard.txt") + " are the same file"},
		{"an engine's stderr on the log", func(c *spec.Config) {
			c.LogFile, c.Engines[1].StderrFile = other, other
		}, "--log and engine b stderr= are both"},
	} {
		t.Run(c.name, func(t *testing.T) {
			os.WriteFile(pgnPath, []byte(precious), 0o644)
			os.Remove(pgnPath + ".state")
			cfg, marker := markedMatch(t, dir)
			cfg.PGNOut = pgnPath
			c.set(&cfg)
			run := runMatch(t, cfg)
			if run.err == nil || !strings.Contains(run.err.Error(), c.want) {
				t.Fatalf("want an error with %q, got %v", c.want, run.err)
			}
			if _, err := os.Stat(marker); err == nil {
				t.Errorf("an engine was started before the refusal")
			}
			if run.pgn != precious {
				t.Errorf("the PGN was written: %q", run.pgn)
			}
			if b, _ := os.ReadFile(other); string(b) != "other\n" {
				t.Errorf("%s was written: %q", other, b)
			}
		})
	}
	// Engines may share a stderr file, and outputs /dev/null.
	cfg := quickMatch(t)
	cfg.PGNOut = filepath.Join(dir, "shared.pgn")
	cfg.Engines[0].StderrFile, cfg.Engines[1].StderrFile = other, other
	cfg.JSONOut, cfg.EPDOut = os.DevNull, os.DevNull
	if run := runMatch(t, cfg); run.err != nil {
		t.Fatal(run.err)
	}
}

// Every output's kind is judged before any engine starts: a --log FIFO
// that nobody reads is refused at once (its open does not wait for a
// reader), and the outputs that must be files (the JSON report, the
// records a resume cuts back) are refused on a FIFO even with a reader.
func TestOutputKindsAreJudgedBeforeGameOne(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "out.fifo")
	// A reader that never reads, for the cases that must be refused even so.
	reader := fifoWithReader(t, fifo)
	for _, c := range []struct {
		name   string
		set    func(*spec.Config)
		reader bool
		want   string
	}{
		{"json", func(c *spec.Config) { c.JSONOut = fifo }, true, "--json " + fifo + " is a FIFO: it is replaced whole"},
		{"epdout", func(c *spec.Config) { c.EPDOut = fifo }, true, "--epdout " + fifo + " is a FIFO"},
		{"games-jsonl", func(c *spec.Config) { c.GamesJSONL = fifo }, true, "--games-jsonl " + fifo + " is a FIFO"},
		{"sample", func(c *spec.Config) { c.Sample = &spec.SampleConfig{File: fifo, Freq: 1, Format: spec.SampleCSV} }, true, "--sample file=" + fifo + " is a FIFO"},
		{"a directory", func(c *spec.Config) { c.LogFile = dir }, true, "--log " + dir + " is a directory"},
		{"log without a reader", func(c *spec.Config) { c.LogFile = fifo }, false, "--log " + fifo + ": a FIFO that nobody reads"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !c.reader {
				reader.Close()
			}
			cfg, marker := markedMatch(t, dir)
			cfg.PGNOut = filepath.Join(dir, "g.pgn")
			c.set(&cfg)
			done := make(chan error, 1)
			go func() {
				_, err := Run(context.Background(), cfg, Options{Out: io.Discard})
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(20 * time.Second):
				// Free the open that waits for a reader, then fail.
				if f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
					defer f.Close()
				}
				<-done
				t.Fatal("the run waited for a reader of the FIFO")
			}
			checkNoLeaks(t)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want an error with %q, got %v", c.want, err)
			}
			if _, err := os.Stat(marker); err == nil {
				t.Errorf("an engine was started before the refusal")
			}
		})
	}
}
