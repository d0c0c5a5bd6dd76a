package main

import (
	"path/filepath"
	"strings"
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
