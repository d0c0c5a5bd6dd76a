package runner

import (
	"bytes"
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

func quickMatch(t *testing.T) spec.Config {
	return spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=50 option.Hash=1"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=50 option.Hash=1"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 4},
	}
}

// Outputs are written without damaging what they do not own: --json
// through a symlink updates the link's target and keeps the link; a link
// planted at the old temporary name (out.json.tmp) is never followed; a
// link planted at the state file's name is refused, not followed.
func TestOutputsDoNotFollowPlantedLinks(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("precious\n"), 0o644)

	real := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "out.json")
	os.Symlink(real, link)
	os.Symlink(victim, link+".tmp")
	cfg := quickMatch(t)
	cfg.JSONOut = link
	if run := runMatch(t, cfg); run.err != nil {
		t.Fatal(run.err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the --json link was replaced: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(real); !bytes.Contains(b, []byte(`"state": "finished"`)) {
		t.Errorf("the link's target holds %q", b)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Errorf("a link planted at out.json.tmp was followed: the victim holds %q", b)
	}

	pgnPath := filepath.Join(dir, "games.pgn")
	os.Symlink(victim, pgnPath+".state")
	cfg = quickMatch(t)
	cfg.PGNOut = pgnPath
	run := runMatch(t, cfg)
	if run.err == nil || !strings.Contains(run.err.Error(), "a symbolic link, not a file autoplay wrote") {
		t.Errorf("a link planted at the state file's name: %v", run.err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Errorf("the state file's planted link was followed: the victim holds %q", b)
	}
	if strings.Contains(run.pgn, "[Event") {
		t.Errorf("games were played before the refusal")
	}
}

// A PGN that is not a file is refused at once by a run that resumes (it
// would keep its state beside a device, and a FIFO blocks the open); the
// drop-in modes, which only append, write to it.
func TestOutputsToFIFOsAndDevices(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "games.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	cfg := quickMatch(t)
	cfg.PGNOut = fifo
	// No wall-clock bound: a run that opened the FIFO, which nobody reads,
	// would block there for good rather than return this error.
	_, err := Run(context.Background(), cfg, Options{Out: io.Discard})
	if err == nil || !strings.Contains(err.Error(), "is a FIFO") {
		t.Errorf("a FIFO as the PGN of a resumable run: %v", err)
	}
	if _, err := os.Stat(fifo + ".state"); err == nil {
		t.Errorf("a state file was written beside the FIFO")
	}
	checkNoLeaks(t)

	// Append-only (the drop-in modes) into a FIFO with a reader, read
	// whole by the other end.
	read := func(path string) chan string {
		got := make(chan string, 1)
		go func() {
			f, err := os.Open(path) // blocks until the run opens it for writing
			if err != nil {
				got <- err.Error()
				return
			}
			b, _ := io.ReadAll(f)
			f.Close()
			got <- string(b)
		}()
		return got
	}
	pgnText := read(fifo)
	time.Sleep(100 * time.Millisecond) // the PGN's reader is waiting at its open
	cfg = quickMatch(t)
	cfg.PGNOut = fifo
	if _, err := Run(context.Background(), cfg, Options{Out: io.Discard, AppendOnly: true}); err != nil {
		t.Fatal(err)
	}
	select {
	case text := <-pgnText:
		if strings.Count(text, "[Event ") != 2 {
			t.Errorf("the PGN FIFO's reader got:\n%s", text)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the PGN FIFO's reader got nothing")
	}
	checkNoLeaks(t)
}
