package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunFlagsResizeAndPlaceARun plays real short runs of the built-in
// engine from one YAML file: flags not given leave the file's values, flags
// given override them (and say so once), more games extend the run in the
// PGN, and another seed or time control is another run, refused.
func TestRunFlagsResizeAndPlaceARun(t *testing.T) {
	bin := buildAutoplay(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "sprt.yaml")
	writeRun := func(nodes string) {
		yaml := "games: 2\nconcurrency: 2\npgnout: " + filepath.Join(dir, "file.pgn") + "\nmaxmoves: 30\n" +
			"each: {cmd: builtin, nodes: " + nodes + "}\nengines:\n  - name: a\n  - name: b\n"
		if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	games := func(pgn string) int {
		b, _ := os.ReadFile(filepath.Join(dir, pgn))
		return strings.Count(string(b), "[Event ")
	}
	run := func(args ...string) (string, error) {
		out, err := exec.Command(bin, append([]string{"run", file, "--quiet"}, args...)...).CombinedOutput()
		return string(out), err
	}

	writeRun("300")
	// The flags' own defaults (games 0, pgnout "") would be refused or
	// leave no PGN: the file alone must play as the file says.
	if out, err := run(); err != nil || games("file.pgn") != 2 || strings.Contains(out, "overrides") {
		t.Fatalf("the file alone: %v, %d games\n%s", err, games("file.pgn"), out)
	}
	out, err := run("--games", "4", "--pgnout", filepath.Join(dir, "flag.pgn"), "--concurrency", "1")
	if err != nil || games("flag.pgn") != 4 || games("file.pgn") != 2 {
		t.Fatalf("--games 4 --pgnout flag.pgn: %v, %d and %d games\n%s", err, games("flag.pgn"), games("file.pgn"), out)
	}
	for _, note := range []string{"--games 4 overrides games: 2 from " + file, "--concurrency 1 overrides concurrency: 2 from " + file} {
		if strings.Count(out, note) != 1 {
			t.Errorf("want %q once in:\n%s", note, out)
		}
	}
	if out, err := run("--games", "6"); err != nil || games("file.pgn") != 6 {
		t.Fatalf("--games 6 over a run of 2: %v, %d games (want the 2 kept and 4 more)\n%s", err, games("file.pgn"), out)
	}
	if out, err := run("--games", "8", "--seed", "9"); err == nil || !strings.Contains(out, "belongs to a different run") || games("file.pgn") != 6 {
		t.Fatalf("another --seed: %v, %d games (want it refused, 6 kept)\n%s", err, games("file.pgn"), out)
	}
	writeRun("400")
	out, err = run("--games", "8")
	if err == nil || !strings.Contains(out, "belongs to a different run") || games("file.pgn") != 6 {
		t.Fatalf("another time control: %v, %d games (want it refused, 6 kept)\n%s", err, games("file.pgn"), out)
	}
	if out, err := run("--rounds", "0"); err == nil || !strings.Contains(out, "--rounds 0: must be 1 or more") {
		t.Errorf("--rounds 0: %v\n%s", err, out)
	}
}
