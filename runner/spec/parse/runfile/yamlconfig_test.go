package runfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

func TestLoadConfigFillsEveryKey(t *testing.T) {
	cfg, err := LoadConfig("testdata/yaml/full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := &spec.Config{
		Engines: []spec.EngineConfig{{
			Name:  "dev",
			Cmd:   "yaml/fake-engine.sh",
			Args:  []string{"--each", "--uci", "-x 1"},
			Dir:   "testdata",
			Proto: spec.UCI,
			Options: []spec.EngineOption{
				{Name: "Hash", Value: "32"}, {Name: "Threads", Value: "1"}, {Name: "Move Overhead", Value: "30"}, {Name: "Clear Hash", Value: ""},
			},
			TC:         spec.TimeControl{Moves: 40, Base: 60 * time.Second, Inc: 600 * time.Millisecond},
			TimeMargin: 250 * time.Millisecond,
			Timeout:    2500 * time.Millisecond,
			Restart:    spec.RestartOn,
		}, {
			Name:       "base",
			Cmd:        "sh",
			Args:       []string{"--each"},
			Proto:      spec.XBoard,
			Options:    []spec.EngineOption{{Name: "Hash", Value: "16"}, {Name: "Threads", Value: "1"}},
			TC:         spec.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond, MoveTime: 2 * time.Second, Depth: 12},
			TimeMargin: spec.DefaultTimeMargin,
			Timeout:    spec.DefaultTimeout,
			Restart:    spec.RestartOff,
		}},
		Schedule: spec.Schedule{
			Type: spec.TypeMatch, Seeds: 1, Rounds: 3, Games: 5, Seed: 42,
			Openings: spec.OpeningsConfig{File: "testdata/yaml/openings.epd", Format: "epd", Order: "random", Plies: 8, Start: 2},
			SPRT:     &stats.SPRT{Elo0: -1.5, Elo1: 5, Alpha: 0.1, Beta: 0.2, Model: stats.Normalized},
		},
		RunLayout: spec.RunLayout{Concurrency: 2},
		Outputs: spec.Outputs{PGNOut: "testdata/yaml/out.pgn", EPDOut: "testdata/yaml/out.epd", JSONOut: "testdata/yaml/out.json",
			LogFile: "testdata/yaml/io.log", Event: "A/B test", Site: "lab"},
		Adjudication: spec.Adjudication{MaxMoves: 200, Draw: &spec.DrawAdjudication{MoveNumber: 40, MoveCount: 8, Score: 10},
			Resign: &spec.ResignAdjudication{MoveCount: 3, Score: 600, TwoSided: true}},
		Reporting: spec.Reporting{ReportEvery: 0, ZeroReportEvery: true, Quiet: true}, // report_every: 0, kept by Complete
	}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("LoadConfig(full.yaml) =\n%+v\nwant\n%+v", *cfg, *want)
	}
}

func TestParseConfigDefaults(t *testing.T) {
	cfg, err := ParseConfig("min.yaml", []byte(`
engines:
  - {name: a, cmd: builtin, tc: 1+0.01}
  - {name: b, cmd: builtin, nodes: 1000}
`))
	if err != nil {
		t.Fatal(err)
	}
	def := spec.DefaultEngineConfig()
	a, b := def, def
	a.Name, a.Cmd, a.TC = "a", spec.BuiltinCmd, spec.TimeControl{Base: time.Second, Inc: 10 * time.Millisecond}
	b.Name, b.Cmd, b.TC = "b", spec.BuiltinCmd, spec.TimeControl{Nodes: 1000}
	want := &spec.Config{
		Engines: []spec.EngineConfig{a, b},
		// Filled before the tournament's checks, as Complete fills them.
		Schedule:  spec.Schedule{Type: spec.TypeMatch, Rounds: 1, Games: 2, Seed: 1, Seeds: 1},
		RunLayout: spec.RunLayout{Concurrency: 1},
		Reporting: spec.Reporting{ReportEvery: 10},
		Outputs:   spec.Outputs{Event: "autoplay match", Site: "?"},
	}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("got\n%+v\nwant\n%+v", *cfg, *want)
	}
}

func TestConfigAppliesEachBeforeEveryEngine(t *testing.T) {
	cfg, err := ParseConfig("each.yaml", []byte(`
each: {cmd: sh, tc: 10+0.1, args: [-e], options: {Hash: 16, Threads: 1}}
engines:
  - {name: a, options: {Hash: 64}, args: [-a]}
  - {name: b, tc: 5, st: 1}
`))
	if err != nil {
		t.Fatal(err)
	}
	a, b := cfg.Engines[0], cfg.Engines[1]
	if want := []spec.EngineOption{{Name: "Hash", Value: "64"}, {Name: "Threads", Value: "1"}}; !reflect.DeepEqual(a.Options, want) {
		t.Errorf("a: options %v, want %v (own keys override each's, in each's order)", a.Options, want)
	}
	if want := []spec.EngineOption{{Name: "Hash", Value: "16"}, {Name: "Threads", Value: "1"}}; !reflect.DeepEqual(b.Options, want) {
		t.Errorf("b: options %v, want %v (a's override must not leak into b)", b.Options, want)
	}
	if want := []string{"-e", "-a"}; !reflect.DeepEqual(a.Args, want) {
		t.Errorf("a: args %v, want %v", a.Args, want)
	}
	if want := []string{"-e"}; !reflect.DeepEqual(b.Args, want) {
		t.Errorf("b: args %v, want %v", b.Args, want)
	}
	if want := (spec.TimeControl{Base: 5 * time.Second, MoveTime: time.Second}); b.TC != want {
		t.Errorf("b: tc %+v, want %+v", b.TC, want)
	}
}

func TestConfigFollowsAnchorsAndMergeKeys(t *testing.T) {
	cfg, err := ParseConfig("anchors.yaml", []byte(`
engines:
  - &sf {name: sf, cmd: sh, tc: &clock 10+0.1, options: {Hash: 16}}
  - <<: *sf
    name: sf2
    st: *clock
`))
	if err == nil {
		t.Fatalf("st: 10+0.1 through an alias was accepted: %+v", cfg)
	}
	if want := `anchors.yaml:3:33: engines[1].st: expected a number of seconds, got "10+0.1"`; err.Error() != want {
		t.Fatalf("got  %s\nwant %s", err, want)
	}
	cfg, err = ParseConfig("anchors.yaml", []byte(`
engines:
  - &sf {name: sf, cmd: sh, tc: 10+0.1, options: {Hash: 16}}
  - <<: *sf
    name: sf2
`))
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Engines[1]; got.Name != "sf2" || got.Cmd != "sh" || got.TC.Base != 10*time.Second || len(got.Options) != 1 {
		t.Errorf("merged engine = %+v, want sf's keys with name sf2", got)
	}
}

// twoEngines is a valid engines list for cases about other keys.
const twoEngines = `
engines:
  - {name: a, cmd: sh, tc: 10}
  - {name: b, cmd: sh, tc: 10}
`

func TestParseConfigReportsProblemsWithTheirPlace(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, want string
	}{
		{"syntax error names the unclosed bracket", "games: [1,\n rounds: 2\n", "bad.yaml:1:8: YAML syntax: this [ is never closed\n  1 | games: [1,\n    |        ^"},
		{"empty file", "# nothing\n", `bad.yaml:1:1: empty file: expected a mapping with at least an engines list`},
		{"top level is not a mapping", "- a\n- b\n", `bad.yaml:1:1: expected a mapping (key: value lines), got a list`},
		{"no engines", "games: 2\n", `bad.yaml:1:1: missing engines: a run needs a list of engines`},
		{"empty engines", "engines: []\n", `bad.yaml:1:10: engines: no engines: a run needs at least two`},
		{"unknown key names the known ones", "gmaes: 2" + twoEngines,
			`bad.yaml:1:1: unknown key "gmaes" (known: event site type variant tb tbpieces tbadjudicate seeds rounds games concurrency seed report_every pgnout epdout json log maxmoves quiet verbose affinity slot_processes pgnfields match_line games_jsonl sample openings each engines adjudication sprt)`},
		{"unknown engine key", "engines:\n  - {name: a, cmd: sh, tc: 10, optoins: {}}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:32: engines[0]: unknown key "optoins" (known: name cmd args dir proto options tc hourglass delay bronstein st nodes depth timemargin timeout restart whitepov stderr book bookdepth ponder fullhistory)`},
		{"duplicate key", "games: 2\ngames: 4" + twoEngines, `bad.yaml:2:1: duplicate key "games" (first at line 1)`},
		{"duplicate option", "engines:\n  - {name: a, cmd: sh, tc: 10, options: {Hash: 1, Hash: 2}}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:51: engines[0].options: duplicate option "Hash" (first at line 2)`},
		{"word for a number", "games: two" + twoEngines, `bad.yaml:1:8: games: expected a whole number, got "two"`},
		{"list for a number", "rounds: [1]" + twoEngines, `bad.yaml:1:9: rounds: expected a whole number, got a list`},
		{"nothing for a number", "concurrency:" + twoEngines, `bad.yaml:1:13: concurrency: expected a whole number, got nothing`},
		{"games below 1", "games: 0" + twoEngines, `bad.yaml:1:8: games: must be 1 or more, got 0`},
		{"concurrency below 1", "concurrency: -2" + twoEngines, `bad.yaml:1:14: concurrency: must be 1 or more, got -2`},
		{"rounds below 1", "rounds: 0" + twoEngines, `bad.yaml:1:9: rounds: must be 1 or more, got 0`},
		{"negative seed", "seed: -1" + twoEngines, `bad.yaml:1:7: seed: expected a whole number, 0 or more, got "-1"`},
		{"bad bool", "quiet: yes please" + twoEngines, `bad.yaml:1:8: quiet: expected true or false, got "yes please"`},
		{"quiet and verbose", "quiet: true\nverbose: true" + twoEngines, `bad.yaml:2:10: verbose: cannot be true together with quiet`},
		{"unknown type", "type: swiss" + twoEngines, `bad.yaml:1:7: type: expected match, gauntlet, round-robin, pyramid or knockout, got "swiss"`},
		{"match with three engines", "type: match\nengines:\n  - {name: a, cmd: sh, tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n  - {name: c, cmd: sh, tc: 10}\n",
			`bad.yaml:1:7: type: a match needs exactly 2 engines, got 3 (use gauntlet or round-robin for more)`},
		{"default match with one engine", "engines:\n  - {name: a, cmd: sh, tc: 10}\n",
			`bad.yaml:1:1: a match needs exactly 2 engines, got 1 (use gauntlet or round-robin for more)`},
		{"gauntlet seeds not below engines", "type: gauntlet\nseeds: 2" + twoEngines,
			`bad.yaml:2:8: seeds: a gauntlet with 2 seeds needs more than 2 engines, got 2`},
		{"seeds outside a gauntlet", "seeds: 1" + twoEngines, `bad.yaml:1:8: seeds: only a gauntlet has seeds (type is match)`},
		{"round-robin with one engine", "type: round-robin\nengines:\n  - {name: a, cmd: sh, tc: 10}\n",
			`bad.yaml:1:7: type: a round-robin needs at least 2 engines, got 1`},
		{"sprt outside a match", "type: round-robin\nsprt: {elo0: 0, elo1: 5}" + twoEngines,
			`bad.yaml:2:7: sprt: an SPRT needs type match (two engines), not round-robin`},
		{"sprt elo0 not below elo1", "sprt: {elo0: 5, elo1: 5}" + twoEngines, `bad.yaml:1:23: sprt.elo1: must be above elo0 (5), got 5`},
		{"sprt alpha outside (0,1)", "sprt: {elo0: 0, elo1: 5, alpha: 1}" + twoEngines,
			`bad.yaml:1:33: sprt.alpha: must be between 0 and 1 (exclusive), got 1`},
		{"sprt beta outside (0,1)", "sprt: {elo0: 0, elo1: 5, beta: 0}" + twoEngines,
			`bad.yaml:1:32: sprt.beta: must be between 0 and 1 (exclusive), got 0`},
		{"sprt alpha+beta not below 1", "sprt: {elo0: 0, elo1: 5, alpha: 0.5, beta: 0.5}" + twoEngines,
			`bad.yaml:1:7: sprt: stats: SPRT alpha 0.5 + beta 0.5 must be below 1`},
		{"sprt unknown model", "sprt: {elo0: 0, elo1: 5, model: bayes}" + twoEngines,
			`bad.yaml:1:33: sprt.model: expected logistic or normalized, got "bayes"`},
		{"sprt without elo1", "sprt: {elo0: 0}" + twoEngines, `bad.yaml:1:7: sprt: missing elo1`},
		{"negative draw score", "adjudication: {draw: {movenumber: 40, movecount: 8, score: -10}}" + twoEngines,
			`bad.yaml:1:60: adjudication.draw.score: must be 0 or more, got -10`},
		{"resign movecount 0", "adjudication: {resign: {movecount: 0, score: 600}}" + twoEngines,
			`bad.yaml:1:36: adjudication.resign.movecount: must be 1 or more, got 0`},
		{"resign without score", "adjudication: {resign: {movecount: 3}}" + twoEngines,
			`bad.yaml:1:24: adjudication.resign: missing score`},
		{"openings file missing", "openings: {file: testdata/yaml/nope.epd}" + twoEngines,
			`bad.yaml:1:18: openings.file: cannot read "testdata/yaml/nope.epd": no such file or directory`},
		{"openings without file", "openings: {order: random}" + twoEngines, `bad.yaml:1:11: openings: missing file (or random: frc|dfrc)`},
		{"openings bad order", "openings: {file: testdata/yaml/openings.epd, order: shuffled}" + twoEngines,
			`bad.yaml:1:53: openings.order: expected sequential or random, got "shuffled"`},
		{"openings start 0", "openings: {file: testdata/yaml/openings.epd, start: 0}" + twoEngines,
			`bad.yaml:1:53: openings.start: must be 1 or more, got 0`},
		{"pgnout in a missing directory", "pgnout: no/such/dir/games.pgn" + twoEngines,
			`bad.yaml:1:9: pgnout: directory "no/such/dir" does not exist`},
		{"engine is not a mapping", "engines:\n  - sh\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:5: engines[0]: expected a mapping (key: value lines), got "sh"`},
		{"engine without name", "engines:\n  - {cmd: sh, tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n", `bad.yaml:2:5: engines[0]: missing name`},
		{"engine without cmd", "engines:\n  - {name: a, tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:5: engines[0]: missing cmd: the engine's program, or builtin for the built-in engine`},
		{"duplicate engine names", "engines:\n  - {name: a, cmd: sh, tc: 10}\n  - {name: a, cmd: sh, tc: 10}\n",
			`bad.yaml:3:12: engines[1]: duplicate engine name "a" (also engines[0]): names must be unique`},
		{"cmd not on PATH", "engines:\n  - {name: a, cmd: no-such-engine-xyz, tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:20: engines[0].cmd: "no-such-engine-xyz" not found on PATH (give a path with a slash for a program elsewhere)`},
		{"cmd path missing", "engines:\n  - {name: a, cmd: ./no-such-engine, tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:20: engines[0].cmd: cannot run "./no-such-engine": no such file or directory`},
		{"cmd not executable", "engines:\n  - {name: a, cmd: testdata/yaml/not-executable.sh, tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:20: engines[0].cmd: cannot run "testdata/yaml/not-executable.sh": not executable`},
		{"cmd is a directory", "engines:\n  - {name: a, cmd: testdata/yaml, tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:20: engines[0].cmd: cannot run "testdata/yaml": it is a directory`},
		{"cmd relative to dir", "engines:\n  - {name: a, cmd: yaml/fake-engine.sh, tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:20: engines[0].cmd: cannot run "yaml/fake-engine.sh": no such file or directory`},
		{"builtin takes no args", "engines:\n  - {name: a, cmd: builtin, args: [-v], tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:35: engines[0].args: the built-in engine takes no args`},
		{"dir missing", "engines:\n  - {name: a, cmd: /bin/sh, dir: /no/such/dir, tc: 10}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:34: engines[0].dir: directory "/no/such/dir" does not exist`},
		{"bad time control", "engines:\n  - {name: a, cmd: sh, tc: fast}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:28: engines[0].tc: time control "fast": base time "fast" is not a positive number of seconds (or M:SS)`},
		{"bad time control in each", "each: {tc: 0}" + twoEngines,
			`bad.yaml:1:12: each.tc: time control "0": base time "0" is not a positive number of seconds (or M:SS)`},
		{"no time control", "engines:\n  - {name: a, cmd: sh}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:5: engines[0]: no time control: give tc, st, nodes or depth (here or under each)`},
		{"tc inf alone is no limit", "engines:\n  - {name: a, cmd: sh, tc: inf}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:5: engines[0]: no time control: tc inf and nodes 0 set no limit; give a clock, st, nodes or depth`},
		{"bad proto", "engines:\n  - {name: a, cmd: sh, tc: 10, proto: uic}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:39: engines[0].proto: proto must be uci or xboard, got "uic"`},
		{"bad restart", "engines:\n  - {name: a, cmd: sh, tc: 10, restart: always}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:41: engines[0].restart: restart must be auto, on or off, got "always"`},
		{"depth 0", "engines:\n  - {name: a, cmd: sh, depth: 0}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:31: engines[0].depth: must be a positive whole number, got "0"`},
		{"nodes not a number", "engines:\n  - {name: a, cmd: sh, nodes: 1e6}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:31: engines[0].nodes: expected a whole number, 0 or more, got "1e6"`},
		{"st not a number", "engines:\n  - {name: a, cmd: sh, st: 1s}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:28: engines[0].st: expected a number of seconds, got "1s"`},
		{"args not a list", "engines:\n  - {name: a, cmd: sh, tc: 10, args: --uci}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:38: engines[0].args: expected a list of arguments, such as [--uci], got "--uci"`},
		{"options not a mapping", "engines:\n  - {name: a, cmd: sh, tc: 10, options: [Hash]}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:41: engines[0].options: expected a mapping of option names to values, such as {Hash: 16}, got a list`},
		{"option value a list", "engines:\n  - {name: a, cmd: sh, tc: 10, options: {Hash: [1]}}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:48: engines[0].options.Hash: expected a value, got a list`},
		{"xboard engine with nodes", "engines:\n  - {name: a, cmd: sh, proto: xboard, nodes: 100}\n  - {name: b, cmd: sh, tc: 10}\n",
			`bad.yaml:2:5: engines[0]: engine "a": nodes= cannot be given to an XBoard engine: the protocol has no node limit`},
		{"second document", "games: 2" + twoEngines + "---\ngames: 4\n", `bad.yaml:5:1: a second YAML document (after ---): a run file holds one`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := ParseConfig("bad.yaml", []byte(tc.yaml))
			if err == nil {
				t.Fatalf("accepted: %+v\nwant error %s", cfg, tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("got  %s\nwant %s", err, tc.want)
			}
		})
	}
}

func TestParseConfigReportsEveryProblemInFileOrder(t *testing.T) {
	_, err := ParseConfig("bad.yaml", []byte(`
games: 0
engines:
  - {name: a, cmd: sh}
  - {name: a, cmd: sh, tc: 10, hash: 16}
rounds: two
`))
	want := strings.Join([]string{
		`bad.yaml:2:8: games: must be 1 or more, got 0`,
		`bad.yaml:4:5: engines[0]: no time control: give tc, st, nodes or depth (here or under each)`,
		`bad.yaml:5:12: engines[1]: duplicate engine name "a" (also engines[0]): names must be unique`,
		`bad.yaml:5:32: engines[1]: unknown key "hash" (known: name cmd args dir proto options tc hourglass delay bronstein st nodes depth timemargin timeout restart whitepov stderr book bookdepth ponder fullhistory)`,
		`bad.yaml:6:9: rounds: expected a whole number, got "two"`,
	}, "\n")
	if err == nil || err.Error() != want {
		t.Fatalf("got\n%v\nwant\n%s", err, want)
	}
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Line != 2 || ce.Column != 8 || ce.Key != "games" {
		t.Errorf("errors.As gave %+v, want the first problem as a *ConfigError at 2:8 games", ce)
	}
}

func TestParseConfigStopsListingAfterTwentyProblems(t *testing.T) {
	var b strings.Builder
	for i := range 25 {
		b.WriteString("  - {name: e" + strings.Repeat("x", i) + ", cmd: sh}\n")
	}
	_, err := ParseConfig("many.yaml", []byte("type: round-robin\nengines:\n"+b.String()))
	if err == nil {
		t.Fatal("25 engines without a time control were accepted")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != maxConfigErrors+1 || lines[maxConfigErrors] != "many.yaml: 5 more problems not shown" {
		t.Errorf("got %d lines ending %q, want %d problems and a count of the 5 left out", len(lines), lines[len(lines)-1], maxConfigErrors)
	}
}

func TestConfigErrorsUnwrapToTheirCause(t *testing.T) {
	_, err := ParseConfig("bad.yaml", []byte("openings: {file: testdata/yaml/nope.epd}"+twoEngines))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("got %v, want an error that is fs.ErrNotExist", err)
	}
}

func TestConfigReportsAProblemUnderEachOnce(t *testing.T) {
	_, err := ParseConfig("bad.yaml", []byte(`
each: {cmd: ./no-such-engine, tc: 10}
engines: [{name: a}, {name: b}, {name: c}]
type: round-robin
`))
	want := `bad.yaml:2:13: each.cmd: cannot run "./no-such-engine": no such file or directory`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

func TestLoadConfigNamesAMissingFile(t *testing.T) {
	_, err := LoadConfig("testdata/yaml/no-such.yaml")
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "testdata/yaml/no-such.yaml") {
		t.Errorf("got %v, want a not-exist error naming the file", err)
	}
}

// The examples are run from the repository root, so they are loaded from there.
func TestExampleConfigsLoad(t *testing.T) {
	t.Chdir("../../../..")
	files, err := filepath.Glob("configs/*.yaml")
	if err != nil || len(files) < 3 {
		t.Fatalf("found %v (%v), want the three examples", files, err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			cfg, err := LoadConfig(file)
			if err != nil {
				for _, e := range []string{"stockfish", "fairymax", "gnuchess"} {
					if _, statErr := os.Stat("/usr/games/" + e); statErr != nil {
						t.Skipf("/usr/games/%s is not installed: %v", e, err)
					}
				}
				t.Fatal(err)
			}
			if cfg.Openings.File != "configs/openings/uho50.epd" {
				t.Errorf("openings %q, want the bundled configs/openings/uho50.epd", cfg.Openings.File)
			}
		})
	}
}

func TestSlotProcessesFromYAML(t *testing.T) {
	doc := `
slot_processes: true
concurrency: 2
engines:
  - {name: a, cmd: builtin, tc: 1+0.01}
  - {name: b, cmd: builtin, nodes: 1000}
`
	cfg, err := ParseConfig("slots.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.SlotProcesses {
		t.Errorf("slot_processes: true not taken")
	}
	// Engine I/O is logged by the process that talks to the engines: with
	// slot processes that is not the run, so the two are refused together.
	withLog, err := ParseConfig("slots.yaml", []byte("log: io.log\n"+doc))
	if err == nil {
		err = withLog.Complete() // as Run does before any game
	}
	if err == nil || !strings.Contains(err.Error(), "slot processes") {
		t.Errorf("log with slot processes: %v, want an error naming both", err)
	}
}

// A run file's 0 seed, report_every and timemargin stay 0 once completed;
// the keys left out complete to the defaults.
func TestRunFileZerosStay(t *testing.T) {
	cfg, err := ParseConfig("zeros.yaml", []byte(`
seed: 0
report_every: 0
engines:
  - {name: a, cmd: builtin, nodes: 100, timemargin: 0}
  - {name: b, cmd: builtin, nodes: 100}
`))
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Complete(); err != nil {
		t.Fatal(err)
	}
	if cfg.Seed != 0 || cfg.ReportEvery != 0 || cfg.Games != 2 || cfg.Engines[0].TimeMargin != 0 || cfg.Engines[1].TimeMargin != 100*time.Millisecond {
		t.Errorf("seed %d report-every %d games %d timemargins %v %v", cfg.Seed, cfg.ReportEvery, cfg.Games, cfg.Engines[0].TimeMargin, cfg.Engines[1].TimeMargin)
	}
}
