package proctest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Under make test a program comes from ProgramsEnv's directory, linked
// under the test binary's own path, when it is the package and tags asked
// for; a program of another package or other tags there is built anew.
func TestBuildTakesTheProgramMakeTestBuiltWhenItIsTheOneAskedFor(t *testing.T) {
	RemoveBuilds()
	t.Cleanup(RemoveBuilds)
	const mis = "../../runner/testdata/misengine"
	dir := t.TempDir()
	made := filepath.Join(dir, "misengine")
	if out, err := exec.Command("go", "build", "-o", made, mis).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for name, from := range map[string]string{"by-import-path": made, "tagged": made, "other-package": self} {
		if err := LinkOrCopy(from, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(ProgramsEnv, dir)
	same := func(path, name string) bool {
		a, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return os.SameFile(a, b)
	}
	for _, c := range []struct {
		name, pkg string
		flags     []string
		taken     bool
	}{
		{"misengine", mis, nil, true},
		{"by-import-path", "github.com/autoplay/autoplay/runner/testdata/misengine", nil, true},
		{"other-package", mis, nil, false},
		{"tagged", mis, []string{"-tags", "lean"}, false},
	} {
		got := Build(t, c.name, c.pkg, c.flags...)
		if got == filepath.Join(dir, c.name) {
			t.Errorf("%s: the shared program's own path, not one of the test binary's", c.name)
		}
		if taken := same(got, c.name); taken != c.taken {
			t.Errorf("%s (%s %v): taken from %s: %v, want %v", c.name, c.pkg, c.flags, ProgramsEnv, taken, c.taken)
		}
		if out, err := exec.Command(got, "-h").CombinedOutput(); len(out) == 0 {
			t.Errorf("%s: %v, no output", c.name, err)
		}
	}
}
