package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Every autoplay process pays its packages' inits, --help, the built-in
// engine and slot processes included: none of the project's packages builds
// a table, a map or compiles a pattern there (chess's attack tables were
// 868 kB, the engine's weight names 1,376 allocations, compat's maps of keys
// and column titles 5.5 kB in 50).
func TestStartupBuildsNoTablesOfTheProject(t *testing.T) {
	const most = 1 << 10
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

// A slot process goes to one Go processor before the heavy inits run, not
// in its main: with two, the inits fill a second processor's caches,
// handed back when the slot drops to one (about 60 of its 420 page faults).
func TestSlotProcessHasOneProcessorBeforeTheInits(t *testing.T) {
	cmd := exec.Command(buildLean(t), "slot") // stdin at EOF: no config, an error
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, _ := cmd.CombinedOutput()
	at := map[string]int{}
	n := 0
	for _, line := range strings.Split(string(out), "\n") {
		if m := initLine.FindStringSubmatch(line); m != nil {
			at[m[1]] = n
			n++
		}
	}
	const slotprocs = "github.com/autoplay/autoplay/cmd/autoplay/internal/slotprocs"
	first, ok := at[slotprocs]
	if !ok {
		t.Fatalf("no init of %s in the slot process:\n%s", slotprocs, out)
	}
	for _, heavy := range []string{"regexp", "gopkg.in/yaml%2ev3", "github.com/spf13/cobra", "github.com/autoplay/autoplay/runner"} {
		if i, ok := at[heavy]; ok && i < first {
			t.Errorf("%s is initialised before the slot goes to one processor", heavy)
		}
	}
}
