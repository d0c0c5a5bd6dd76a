package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Every autoplay process pays its packages' inits, --help, the built-in
// engine and slot processes included: none of the project's packages builds
// a table or compiles a pattern there (chess's attack tables were 868 kB,
// the engine's weight names 1,376 allocations).
func TestStartupBuildsNoTablesOfTheProject(t *testing.T) {
	const most = 8 << 10
	for _, bin := range []string{buildAutoplay(t), buildLean(t)} {
		for pkg, bytes := range initAllocs(t, bin, "--help") {
			if strings.HasPrefix(pkg, "github.com/autoplay/autoplay") && bytes > most {
				t.Errorf("%s: the init of %s allocates %d bytes at start-up (at most %d): build it on first use", filepath.Base(bin), pkg, bytes, most)
			}
		}
	}
}

// minorFaults runs bin with args and stdin and returns the page faults it
// took, its children's left out.
func minorFaults(t *testing.T, bin, stdin string, args ...string) int64 {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, out)
	}
	return cmd.ProcessState.SysUsage().(*syscall.Rusage).Minflt
}

// The built-in engine answers uci without writing its search tables (1.8
// MB beside the hash, 450 pages: isready writes them): it starts within a
// few hundred page faults of autoplay --help, which takes as many again.
func TestEngineStartsWithoutWritingItsTables(t *testing.T) {
	lean := buildLean(t)
	help := minorFaults(t, lean, "", "--help")
	engine := minorFaults(t, lean, "uci\nquit\n", "engine")
	if engine-help > 300 {
		t.Errorf("autoplay engine (uci, quit) took %d page faults, autoplay --help %d: the engine writes its tables before isready", engine, help)
	}
}
