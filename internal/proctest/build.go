package proctest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// builds are the programs Build compiled for this test binary, in one
// temporary directory that RemoveBuilds takes away.
var builds struct {
	sync.Mutex
	dir  string
	done map[string]error // by program name
}

// Build compiles the Go package pkg (as go build takes it, from the test's
// directory, with flags such as -tags lean) to a program called name (a
// path under the builds' directory), once per test binary, and returns
// its path; a build that failed fails every test that asks for it. Under
// make test the program comes ready from ProgramsEnv's directory. The
// package's TestMain calls RemoveBuilds after the tests, so that no test
// run leaves its programs behind.
func Build(t testing.TB, name, pkg string, flags ...string) string {
	t.Helper()
	builds.Lock()
	defer builds.Unlock()
	if builds.dir == "" {
		dir, err := os.MkdirTemp("", "autoplay-test-builds")
		if err != nil {
			t.Fatal(err)
		}
		builds.dir, builds.done = dir, map[string]error{}
	}
	path := filepath.Join(builds.dir, name)
	err, ok := builds.done[name]
	if !ok {
		args := append(append([]string{"build", "-o", path}, flags...), pkg)
		if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
			if made := prebuilt(name, pkg, flags); made != "" {
				err = LinkOrCopy(made, path)
			} else if out, berr := exec.Command("go", args...).CombinedOutput(); berr != nil {
				err = fmt.Errorf("go %v: %v\n%s", args, berr, out)
			}
		}
		builds.done[name] = err
	}
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// RemoveBuilds removes what Build compiled; TestMain calls it once the
// tests are done.
func RemoveBuilds() {
	builds.Lock()
	defer builds.Unlock()
	if builds.dir != "" {
		os.RemoveAll(builds.dir)
		builds.dir, builds.done = "", nil
	}
}
