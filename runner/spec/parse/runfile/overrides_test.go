package runfile

import (
	"strings"
	"testing"
)

// runFile is a small run file with the keys the flags override; knockout
// turns it into a knockout of three engines.
func runFile(knockout bool) string {
	s := "games: 200\nrounds: 1\nconcurrency: 2\nseed: 42\nverbose: true\npgnout: out.pgn\n" +
		"each: {cmd: sh, nodes: 100}\nengines:\n  - name: a\n  - name: b\n"
	if knockout {
		s = "type: knockout\n" + strings.Replace(s, "rounds: 1\n", "", 1) + "  - name: c\n"
	}
	return s
}

func TestFlagsOverrideTheRunFile(t *testing.T) {
	cfg, notes, err := parseRun("sprt.yaml", []byte(runFile(false)), []Override{
		{"--games", "games", "4"}, {"--rounds", "rounds", "3"}, {"--concurrency", "concurrency", "1"},
		{"--seed", "seed", "7"}, {"--pgnout", "pgnout", "other.pgn"}, {"--json", "json", "r.json"}, {"--quiet", "quiet", "true"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Games != 4 || cfg.Rounds != 3 || cfg.Concurrency != 1 || cfg.Seed != 7 || cfg.PGNOut != "other.pgn" ||
		cfg.JSONOut != "r.json" || !cfg.Quiet || cfg.Verbose {
		t.Errorf("config after the flags: %+v", cfg)
	}
	want := []string{
		"--games 4 overrides games: 200 from sprt.yaml",
		"--rounds 3 overrides rounds: 1 from sprt.yaml",
		"--concurrency 1 overrides concurrency: 2 from sprt.yaml",
		"--seed 7 overrides seed: 42 from sprt.yaml",
		"--pgnout other.pgn overrides pgnout: out.pgn from sprt.yaml",
		"--json r.json sets json (not in sprt.yaml)",
		"--quiet sets quiet (not in sprt.yaml)",
		"--quiet overrides verbose: true from sprt.yaml",
	}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}

	// Without flags the file's values stand, and nothing is said.
	cfg, notes, err = parseRun("sprt.yaml", []byte(runFile(false)), nil)
	if err != nil || len(notes) != 0 || cfg.Games != 200 || cfg.Seed != 42 || !cfg.Verbose {
		t.Errorf("no flags: %v, notes %q, config %+v", err, notes, cfg)
	}
}

// TestBadFlagValuesAreRefusedAsTheFilesAre: a flag's value gets the checks
// the file's value gets, and the error names the flag.
func TestBadFlagValuesAreRefusedAsTheFilesAre(t *testing.T) {
	for _, tc := range []struct {
		knockout bool
		flags    []Override
		want     string
	}{
		{false, []Override{{"--games", "games", "0"}}, "--games 0: must be 1 or more, got 0"},
		{false, []Override{{"--concurrency", "concurrency", "-2"}}, "--concurrency -2: must be 1 or more, got -2"},
		{false, []Override{{"--rounds", "rounds", "0"}}, "--rounds 0: must be 1 or more, got 0"},
		{false, []Override{{"--pgnout", "pgnout", ""}}, `--pgnout "": expected a string, got an empty one`},
		{false, []Override{{"--pgnout", "pgnout", "no/such/dir/x.pgn"}}, `--pgnout no/such/dir/x.pgn: directory "no/such/dir" does not exist`},
		{false, []Override{{"--quiet", "quiet", "true"}, {"--verbose", "verbose", "true"}}, "--verbose: cannot be true together with quiet"},
		{true, []Override{{"--rounds", "rounds", "2"}}, "--rounds 2: a knockout's rounds follow from its engines"},
	} {
		_, _, err := parseRun("run.yaml", []byte(runFile(tc.knockout)), tc.flags)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.flags, err, tc.want)
		}
	}
}
