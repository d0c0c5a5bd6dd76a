package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/distributed"
	"github.com/autoplay/autoplay/internal/proctest"
)

// buildLean builds make build's bin/autoplay (-tags lean) with the full
// build beside it as autoplay-full, as make build leaves them.
func buildLean(t *testing.T) string {
	t.Helper()
	full := buildAutoplay(t)
	lean := proctest.Build(t, "lean/autoplay", ".", "-tags", "lean")
	// A hard link: the program knows itself by this name, as make
	// build's autoplay-full does (a symbolic link resolves to "autoplay").
	link := filepath.Join(filepath.Dir(lean), "autoplay-full")
	if err := os.Link(full, link); err != nil && !os.IsExist(err) {
		t.Fatal(err)
	}
	return lean
}

// initLine is one package's line of GODEBUG=inittrace=1.
var initLine = regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)

// initAllocs runs bin with args under GODEBUG=inittrace=1 and returns the
// bytes each package's init allocated: allocations, unlike times, are the
// same on a busy machine.
func initAllocs(t *testing.T, bin string, args ...string) map[string]int {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, stderr.String())
	}
	inits := map[string]int{}
	for _, line := range strings.Split(stderr.String(), "\n") {
		if m := initLine.FindStringSubmatch(line); m != nil {
			inits[m[1]], _ = strconv.Atoi(m[2])
		}
	}
	if len(inits) == 0 {
		t.Fatalf("no inittrace lines from %s:\n%s", bin, stderr.String())
	}
	return inits
}

// The lean build links none of the NATS, HTTP and dashboard packages,
// whose inits cost more than a bare Go program's whole start.
func TestLeanBuildLinksNoNetworkCode(t *testing.T) {
	inits := initAllocs(t, buildLean(t), "--help")
	for pkg := range inits {
		for _, heavy := range []string{"nats-io", "net/http", "autoplay/web", "autoplay/distributed", "crypto/tls"} {
			if strings.Contains(pkg, heavy) {
				t.Errorf("the lean build links %s", pkg)
			}
		}
	}
	if _, ok := initAllocs(t, buildAutoplay(t), "--help")["github.com/nats-io/nats-server/v2/server"]; !ok {
		t.Errorf("the full build does not list the NATS server's init: the check above sees nothing")
	}
}

// Nor does it link the YAML reader (run files are autoplay-full's) or Go's
// own parser and printer (go/format, once the engine's weights writer's):
// every start, --help, the built-in engine and each slot process, ran
// yaml.v3's init, the largest of the lean build's.
func TestLeanBuildLinksNoYAMLOrGoSourceCode(t *testing.T) {
	inits := initAllocs(t, buildLean(t), "--help")
	for pkg := range inits {
		if strings.HasPrefix(pkg, "gopkg.in/yaml") || strings.HasPrefix(pkg, "go/") {
			t.Errorf("the lean build links %s", pkg)
		}
	}
	if _, ok := inits["runtime"]; !ok {
		t.Errorf("no runtime init listed: the check above sees nothing")
	}
	if _, ok := initAllocs(t, buildAutoplay(t), "--help")["gopkg.in/yaml%2ev3"]; !ok {
		t.Errorf("the full build does not list yaml.v3's init: the check above sees nothing")
	}
}

// What needs the NATS or dashboard code is autoplay-full's, from its
// --help on; without it beside the lean build, the error says what to do.
func TestLeanBuildHandsNetworkCommandsToFull(t *testing.T) {
	lean := buildLean(t)
	run := func(bin string, args ...string) string {
		out, _ := exec.Command(bin, args...).CombinedOutput()
		return string(out)
	}
	if out := run(lean, "worker", "--help"); !strings.Contains(out, "--accept-binaries") {
		t.Errorf("autoplay worker --help: the full worker's flags missing:\n%s", out)
	}
	if out := run(lean, "worker"); !strings.Contains(out, "--nats URL: the coordinator's NATS server") {
		t.Errorf("autoplay worker: not the full worker's answer:\n%s", out)
	}
	if out := run(lean, "match", "--serve", "4222", "--nats", "nats://127.0.0.1:1", "--engine", "cmd=builtin", "--engine", "cmd=builtin name=b", "--each", "nodes=1"); !strings.Contains(out, "--serve and --nats: give one") {
		t.Errorf("autoplay match --serve --nats: not the full build's answer:\n%s", out)
	}
	if out := run(lean, "--help"); !strings.Contains(out, "worker") || !strings.Contains(out, "view") {
		t.Errorf("autoplay --help leaves out the commands autoplay-full runs:\n%s", out)
	}
	alone := filepath.Join(t.TempDir(), "autoplay")
	program, err := os.ReadFile(lean)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(alone, program, 0o755); err != nil {
		t.Fatal(err)
	}
	want := "--web needs autoplay-full, the build of autoplay with the YAML, NATS and dashboard code, beside this program: " + filepath.Join(filepath.Dir(alone), "autoplay-full") + " is missing (make build writes both)"
	if out := run(alone, "run", "x.yaml"); !strings.Contains(out, "run needs autoplay-full") {
		t.Errorf("autoplay run without autoplay-full:\n%s", out)
	}
	if out := run(alone, "view", "x.pgn", "--web", "127.0.0.1:0"); !strings.Contains(out, "view needs autoplay-full") {
		t.Errorf("autoplay view without autoplay-full:\n%s", out)
	}
	if out := run(alone, "match", "--web", "127.0.0.1:0", "--engine", "cmd=builtin", "--engine", "cmd=builtin name=b", "--each", "nodes=1"); !strings.Contains(out, want) {
		t.Errorf("autoplay match --web without autoplay-full:\n%s\nwant %s", out, want)
	}
}

// The lean build's --ack-wait default is the distributed package's.
func TestAckWaitDefaultIsDistributeds(t *testing.T) {
	if defaultAckWait != distributed.DefaultAckWait {
		t.Errorf("defaultAckWait %v, distributed.DefaultAckWait %v", defaultAckWait, distributed.DefaultAckWait)
	}
}

// A run handed to autoplay-full (--web) plays the built-in engine from the
// lean build beside it: its start is the lean one's, and its name in the
// PGN is "autoplay" as without --web.
func TestHandedOverRunPlaysTheLeanBuiltinEngine(t *testing.T) {
	lean := buildLean(t)
	pgn := filepath.Join(t.TempDir(), "g.pgn")
	out, err := exec.Command(lean, "match", "--web", "127.0.0.1:0", "--games", "2", "--each", "nodes=50", "--pgnout", pgn, "--quiet").CombinedOutput()
	if err != nil {
		t.Fatalf("autoplay match --web: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "Dashboard at") {
		t.Errorf("no dashboard: not autoplay-full's run?\n%s", out)
	}
	games, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{`[White "autoplay"]`, `[Black "autoplay"]`} {
		if !strings.Contains(string(games), tag) {
			t.Errorf("no %s in the PGN (the engine ran from autoplay-full?):\n%s", tag, games)
		}
	}
}

// autoplay run is autoplay-full's in the lean build (it links the YAML
// reader), but its slot processes are the lean program's, as its built-in
// engine is: each engine says which program started it.
func TestHandedOverRunStartsLeanSlotProcesses(t *testing.T) {
	lean := buildLean(t)
	dir := t.TempDir()
	parents := filepath.Join(dir, "parents")
	engine := filepath.Join(dir, "engine.sh")
	script := "#!/bin/sh\nreadlink /proc/$PPID/exe >> " + parents + "\nexec " + lean + " engine\n"
	if err := os.WriteFile(engine, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(dir, "run.yaml")
	yaml := "games: 2\nconcurrency: 2\nslot_processes: true\neach: {depth: 1}\nengines:\n  - {name: a, cmd: " + engine + "}\n  - {name: b, cmd: " + engine + "}\n"
	if err := os.WriteFile(run, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(lean, "run", run, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("autoplay run: %v\n%s", err, out)
	}
	got, err := os.ReadFile(parents)
	if err != nil {
		t.Fatal(err)
	}
	want, err := filepath.EvalSymlinks(lean)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(got))
	if len(lines) < 2 {
		t.Fatalf("%d engines started, want 2 or more:\n%s", len(lines), got)
	}
	for _, parent := range lines {
		if parent != want {
			t.Errorf("an engine was started by %s, want the lean slot process %s", parent, want)
		}
	}
}
