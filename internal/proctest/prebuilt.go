package proctest

import (
	"bufio"
	"debug/buildinfo"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// ProgramsEnv names the directory where make test builds, once for every
// package's tests, the programs they run (misengine, autoplay and its lean
// build) before go test starts: each test binary used to build its own,
// and two of them starting together compiled the same packages twice.
// Build takes a program from there when it is the one asked for, and
// builds it otherwise, so that go test ./pkg alone still works.
const ProgramsEnv = "AUTOPLAY_TEST_PROGRAMS"

// prebuilt returns the program ProgramsEnv's directory holds under name
// if it was built from pkg (a package path as go build takes it, from the
// test's directory) with flags, or "" when there is none or another.
func prebuilt(name, pkg string, flags []string) string {
	dir := os.Getenv(ProgramsEnv)
	if dir == "" {
		return ""
	}
	path := filepath.Join(dir, name)
	info, err := buildinfo.ReadFile(path)
	if err != nil {
		return ""
	}
	want, err := importPath(pkg)
	if err != nil || info.Path != want {
		return ""
	}
	tags := ""
	for _, s := range info.Settings {
		if s.Key == "-tags" {
			tags = s.Value
		}
	}
	switch {
	case len(flags) == 0 && tags == "":
	case len(flags) == 2 && flags[0] == "-tags" && flags[1] == tags:
	default: // other flags, or other tags: not this program
		return ""
	}
	if info.GoVersion != runtime.Version() {
		return ""
	}
	return path
}

// importPath turns a package's directory (relative to the test's, or
// absolute) into the import path a build records; an import path is
// returned as it is.
func importPath(pkg string) (string, error) {
	if pkg != "." && pkg != ".." && !strings.HasPrefix(pkg, "./") && !strings.HasPrefix(pkg, "../") && !filepath.IsAbs(pkg) {
		return pkg, nil
	}
	abs, err := filepath.Abs(pkg)
	if err != nil {
		return "", err
	}
	root, module, err := moduleOf(abs)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", err
	}
	if rel == "." {
		return module, nil
	}
	return module + "/" + filepath.ToSlash(rel), nil
}

// moduleOf finds the go.mod above dir: its directory and module path.
func moduleOf(dir string) (root, module string, err error) {
	for d := dir; ; d = filepath.Dir(d) {
		f, err := os.Open(filepath.Join(d, "go.mod"))
		if err == nil {
			defer f.Close()
			s := bufio.NewScanner(f)
			for s.Scan() {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(s.Text()), "module "); ok {
					return d, strings.Trim(strings.TrimSpace(rest), `"`), nil
				}
			}
			return "", "", errors.New(filepath.Join(d, "go.mod") + ": no module line")
		}
		if filepath.Dir(d) == d {
			return "", "", errors.New("no go.mod above " + dir)
		}
	}
}

// LinkOrCopy puts the program at from under the name to: a hard link
// where it can (the same file system), else a copy. Each test binary
// runs its programs under paths of its own, as when it built them, so
// that the processes it looks for (proctest.Running) are its own and not
// another package's running at the same time.
func LinkOrCopy(from, to string) error {
	if err := os.Link(from, to); err == nil {
		return nil
	}
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}
