package layout

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/autoplay/autoplay"

// pkg is what go list says of one package (test files aside).
type pkg struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	Deps       []string
}

func (p pkg) rel() string { return strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/") }

// dependsOn says whether p imports path, directly or not.
func (p pkg) dependsOn(path string) bool { return slices.Contains(p.Deps, path) }

func (p pkg) imports(path string) bool { return slices.Contains(p.Imports, path) }

func listPackages(t *testing.T) (root string, pkgs []pkg) {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	root = filepath.Dir(strings.TrimSpace(string(out)))
	cmd := exec.Command("go", "list", "-json", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	return root, pkgs
}

func under(rel, dir string) bool { return rel == dir || strings.HasPrefix(rel, dir+"/") }

func TestImportRules(t *testing.T) {
	_, pkgs := listPackages(t)
	var (
		runner     = module + "/runner"
		spec       = runner + "/spec"
		parse      = spec + "/parse"
		runfile    = parse + "/runfile"
		record     = runner + "/record"
		stats      = runner + "/stats"
		enginehost = runner + "/internal/enginehost"
		procs      = runner + "/internal/proc"
		game       = runner + "/internal/game"
		live       = runner + "/live"
		yaml       = "gopkg.in/yaml.v3"
		chromium   = module + "/internal/chromium"
	)
	seen := map[string]bool{}
	for _, p := range pkgs {
		rel := p.rel()
		seen[p.ImportPath] = true
		// 1. The lower rooms know nothing of runner.
		if under(rel, "protocol") || under(rel, "engine") || rel == "pgn" {
			for _, d := range p.Deps {
				if under(d, runner) {
					t.Errorf("%s depends on %s: protocol/, engine/ and pgn import nothing of runner", rel, d)
				}
			}
		}
		// 2. spec starts no processes and holds no parsers.
		if p.ImportPath == spec {
			for _, banned := range []string{"os/exec", procs, enginehost, game, runner, yaml, parse} {
				if p.dependsOn(banned) {
					t.Errorf("runner/spec depends on %s", banned)
				}
			}
		}
		// 2b. YAML is the run files' reader's alone: the other readers of
		// configuration text, which the built-in engine and every slot
		// process link, do not pay its package init.
		if p.ImportPath != runfile && p.imports(yaml) {
			t.Errorf("%s imports %s: only runner/spec/parse/runfile reads YAML", rel, yaml)
		}
		if p.ImportPath == parse && (p.dependsOn(yaml) || p.dependsOn(runfile)) {
			t.Errorf("runner/spec/parse depends on the YAML reader: run files are runner/spec/parse/runfile's")
		}
		// 3. The host and the game take plain config types.
		if p.ImportPath == enginehost || p.ImportPath == game {
			for _, banned := range []string{yaml, parse, runfile} {
				if p.dependsOn(banned) {
					t.Errorf("%s depends on %s: the engine host and the game take plain config types", rel, banned)
				}
			}
		}
		// 4. Processes and raw memory: the processes room only; protocol
		// words: the engine host only.
		if under(rel, "runner") && p.ImportPath != procs {
			for _, banned := range []string{"os/exec", "unsafe"} {
				if p.imports(banned) {
					t.Errorf("%s imports %s: only runner/internal/proc may", rel, banned)
				}
			}
		}
		if under(rel, "runner") && p.ImportPath != enginehost {
			for _, banned := range []string{module + "/protocol/uci", module + "/protocol/xboard"} {
				if p.imports(banned) {
					t.Errorf("%s imports %s: only runner/internal/enginehost may", rel, banned)
				}
			}
		}
		// 5. The processes below the host, the host below the game, the
		// game below the run; the processes room knows no engine.
		if p.ImportPath == procs {
			for _, d := range p.Deps {
				if under(d, module) {
					t.Errorf("runner/internal/proc depends on %s: it starts processes, whatever they are", d)
				}
			}
		}
		if p.ImportPath == enginehost && (p.dependsOn(game) || p.dependsOn(runner)) {
			t.Errorf("runner/internal/enginehost depends on the game or runner")
		}
		if p.ImportPath == game && p.dependsOn(runner) {
			t.Errorf("runner/internal/game depends on runner")
		}
		// 6. The rest of the project uses runner's front rooms only.
		if !under(rel, "runner") {
			for _, imp := range p.Imports {
				if under(imp, runner) && !slices.Contains([]string{runner, spec, parse, runfile, record, stats, live}, imp) {
					t.Errorf("%s imports %s: outside runner/ use runner, runner/spec(/parse(/runfile)), runner/record, runner/stats and runner/live", rel, imp)
				}
			}
		}
		// 8. The dashboard's state is fed by the run and knows nothing of
		// how a run is played: no runner, no engine host, no parsers.
		if p.ImportPath == live {
			for _, banned := range []string{runner, parse, yaml} {
				if p.dependsOn(banned) {
					t.Errorf("runner/live depends on %s: the run feeds it values", banned)
				}
			}
			if p.imports(enginehost) {
				t.Errorf("runner/live imports %s: it shows games, it plays none", enginehost)
			}
		}
		// 9. The dashboard shows a run; it starts none.
		if rel == "web" {
			for _, imp := range p.Imports {
				if under(imp, runner) && imp != live {
					t.Errorf("web imports %s: of runner it uses runner/live only", imp)
				}
			}
			if p.dependsOn(runner) {
				t.Errorf("web depends on runner: the dashboard reads runner/live, fed by the run")
			}
		}
		// 10. The benchmarks' programs measure from outside: nothing of runner.
		if under(rel, "bench") {
			for _, d := range p.Deps {
				if under(d, runner) {
					t.Errorf("%s depends on %s: bench/ measures runners from outside", rel, d)
				}
			}
		}
		// 11. The browser tests' helper is test support: no program links
		// chromium's driver, and it knows nothing of what it shows.
		if p.ImportPath != chromium && p.imports(chromium) {
			t.Errorf("%s imports %s: only tests may", rel, chromium)
		}
		if p.ImportPath == chromium {
			for _, d := range p.Deps {
				if under(d, module) {
					t.Errorf("internal/chromium depends on %s: it drives a browser, whatever the page", d)
				}
			}
		}
	}
	for _, want := range []string{runner, spec, parse, runfile, record, stats, procs, enginehost, game, live, module + "/web", chromium} {
		if !seen[want] {
			t.Errorf("package %s not found: update ARCHITECTURE.md and this test", want)
		}
	}
}

// generated says whether a Go file carries the standard generated-code line.
func generated(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "// Code generated ") && strings.HasSuffix(line, " DO NOT EDIT.") {
			return true
		}
		if strings.HasPrefix(line, "package ") {
			return false
		}
	}
	return false
}

func countLines(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(b, []byte("\n"))
}

func TestSizeLimits(t *testing.T) {
	root, pkgs := listPackages(t)
	perPkg := map[string]int{}
	total := 0
	for _, p := range pkgs {
		for _, f := range p.GoFiles {
			if generated(filepath.Join(p.Dir, f)) {
				continue // tables written by a generator are data, not code to live in
			}
			n := countLines(t, filepath.Join(p.Dir, f))
			perPkg[p.rel()] += n
			total += n
		}
	}
	for rel, n := range perPkg {
		if 4*n > total {
			t.Errorf("package %s holds %d of the project's %d non-test lines (%.0f %%): at most 25 %%", rel, n, total, 100*float64(n)/float64(total))
		}
	}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && rel != "." || rel == "engine" {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !generated(path) {
			if n := countLines(t, path); n > 500 {
				t.Errorf("%s has %d lines: at most 500 outside engine/ (split it by concern)", rel, n)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
