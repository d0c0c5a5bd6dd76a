package compat

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
)

// fastchess 1.8's options: each read as fastchess 1.8.2 reads it, and
// carried into the run or refused.

func TestMain(m *testing.M) {
	code := m.Run()
	proctest.RemoveBuilds()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			os.Stderr.WriteString("goroutines left: " + err.Error() + "\n")
			code = 1
		}
	}
	os.Exit(code)
}

func misengine(t *testing.T) string {
	return proctest.Build(t, "misengine", "github.com/autoplay/autoplay/runner/testdata/misengine")
}

// --compliance prints fastchess's lines, step by step, as the real tool did
// for the same engine: all 40 passed by stockfish, the 12th failed by an
// engine that answers go with "bestmove xyz" and no info line.
func TestComplianceSaysWhatFastchessSays(t *testing.T) {
	for _, tc := range []struct {
		name, cmd, args string
		passed          bool
	}{
		{"stockfish", stockfish, "", true},
		{"misengine-malformed", "", "-mode malformed -at 1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := tc.cmd
			if cmd == "" {
				cmd = misengine(t)
			} else if _, err := os.Stat(cmd); err != nil {
				t.Skip("stockfish not installed")
			}
			args := []string{cmd}
			if tc.args != "" {
				args = append(args, tc.args)
			}
			c, err := NewCompliance(args)
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			passed, err := c.Run(context.Background(), &out, &errOut)
			if err != nil || passed != tc.passed {
				t.Fatalf("passed %v, %v; want %v\n%s%s", passed, err, tc.passed, out.String(), errOut.String())
			}
			for _, f := range []struct {
				ext string
				got string
			}{{".out", out.String()}, {".err", errOut.String()}} {
				want, err := os.ReadFile(filepath.Join(recorded, "compliance-"+tc.name+f.ext))
				if err != nil {
					t.Fatal(err)
				}
				compareLines(t, "--compliance "+tc.name+f.ext, strings.Split(string(want), "\n"), strings.Split(f.got, "\n"))
			}
		})
	}
	if _, err := NewCompliance([]string{"/bin/e", "-a", "-b"}); err == nil || !strings.Contains(err.Error(), "one quoted word") {
		t.Errorf("two words of arguments: %v", err)
	}
}

// -startup-ms, -ucinewgame-ms and -ping-ms each bound their own answer: an
// engine slow to say uciok starts under a long -startup-ms even when
// -ucinewgame-ms is short, and one slow to answer a new game's isready
// plays under a long -ucinewgame-ms even when -startup-ms is short. (One
// timeout for all, the last given, failed both.)
func TestEngineTimeoutsBoundEachAnswerAlone(t *testing.T) {
	mis := misengine(t)
	for _, tc := range []struct{ mode, times string }{
		// The short bound is half the slow answer's delay, and many times
		// what a quick answer takes on a loaded machine.
		{"slowuciok", "-startup-ms 30000 -ucinewgame-ms 2000 -ping-ms 2000"},
		{"slownewgame", "-ucinewgame-ms 30000 -startup-ms 2000 -ping-ms 2000"},
	} {
		line := "-engine cmd=" + mis + " name=slow args=\"-mode " + tc.mode + " -delay 4s\" -engine cmd=" + mis + " name=quick" +
			" -each nodes=1 -rounds 1 -games 1 -concurrency 1 -maxmoves 2 " + tc.times
		inv, err := Parse(Fastchess, splitLine(line))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		res, err := runner.Run(context.Background(), inv.Config, inv.Options(&out))
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.mode, err, out.String())
		}
		// Without a book fastchess warns twice before the run; any other
		// warning is the engine's.
		o := strings.ReplaceAll(out.String(), "Warning: No opening book", "")
		o = strings.ReplaceAll(o, "Warning: Unknown opening format", "")
		if res.Played != 1 || strings.Contains(o, "Warning") || strings.Contains(o, "stalls") {
			t.Errorf("%s: %d games\n%s", tc.mode, res.Played, out.String())
		}
	}
	inv := parseLine(t, Fastchess, twoEngines+" -startup-ms 1500 -ucinewgame-ms 2500 -ping-ms 3500")
	e := inv.Config.Engines[1]
	if e.StartupWait() != 1500*time.Millisecond || e.NewGameWait() != 2500*time.Millisecond || e.PingWait() != 3500*time.Millisecond || e.Timeout != spec.DefaultTimeout {
		t.Errorf("timeouts %v %v %v, timeout %v", e.StartupWait(), e.NewGameWait(), e.PingWait(), e.Timeout)
	}
	inv = parseLine(t, Fastchess, twoEngines)
	if e := inv.Config.Engines[0]; e.StartupWait() != 10*time.Second || e.NewGameWait() != time.Minute || e.PingWait() != time.Minute {
		t.Errorf("fastchess's defaults: %v %v %v", e.StartupWait(), e.NewGameWait(), e.PingWait())
	}
}

// splitLine splits a test's command line at spaces outside double quotes,
// as a shell would, the quotes removed.
func splitLine(s string) []string {
	var out []string
	var cur strings.Builder
	quoted := false
	for _, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
		case r == ' ' && !quoted:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// -concurrency 0 and -N are the hardware threads less N, said as fastchess
// says it; more than the hardware threads needs -force-concurrency.
func TestConcurrencyFromHardwareThreads(t *testing.T) {
	defer func(f func() int) { hardwareThreads = f }(hardwareThreads)
	hardwareThreads = func() int { return 4 }
	for _, tc := range []struct {
		args string
		want int
		err  string
	}{
		{"-concurrency 0", 4, ""},
		{"-concurrency -1", 3, ""},
		{"-concurrency 3", 3, ""},
		{"-concurrency -4", 0, "leaves 0 games at a time"},
		{"-concurrency 8", 0, "use -force-concurrency to override"},
		{"-concurrency 8 -force-concurrency", 8, ""},
		{"-concurrency x", 0, "want a whole number"},
	} {
		inv, err := Parse(Fastchess, strings.Fields(tc.args+twoEngines))
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want an error saying %q", tc.args, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.args, err)
		case inv.Config.Concurrency != tc.want:
			t.Errorf("%s: concurrency %d, want %d", tc.args, inv.Config.Concurrency, tc.want)
		case tc.want != 3 && tc.want != 8 && (len(inv.Said) != 1 || inv.Said[0] != "Info: Adjusted concurrency to 4 based on number of available hardware threads."):
			t.Errorf("%s: said %q", tc.args, inv.Said)
		}
	}
	if _, err := Parse(Cutechess, strings.Fields("-concurrency 0"+twoEngines)); err == nil {
		t.Error("cutechess-cli's -concurrency 0 was taken")
	}
}

// -use-affinity reads fastchess's CPU lists; a game and its engines run on
// the one CPU listed for its slot.
func TestUseAffinityCPUList(t *testing.T) {
	for list, want := range map[string]string{"0-1": "[0 1]", "0,2,4-7": "[0 2 4 5 6 7]", "3": "[3]"} {
		inv := parseLine(t, Fastchess, "-use-affinity "+list+" -concurrency 1"+twoEngines)
		if got := fmt.Sprint(inv.Config.AffinityCPUs); got != want || !inv.Config.Affinity {
			t.Errorf("-use-affinity %s: %s (affinity %v), want %s", list, got, inv.Config.Affinity, want)
		}
	}
	for _, bad := range []string{"1-0", "a", "0,", "1-1", "-1", "0-5000", "0;1"} {
		if _, err := Parse(Fastchess, strings.Fields("-use-affinity "+bad+twoEngines)); err == nil {
			t.Errorf("-use-affinity %s was taken", bad)
		}
	}
	c := parseLine(t, Fastchess, "-use-affinity 0 -concurrency 2 -force-concurrency"+twoEngines).Config
	if err := c.Complete(); err == nil || !strings.Contains(err.Error(), "affinity list has 1") {
		t.Errorf("two games at a time on one listed CPU: %v", err)
	}

	allowed := allowedCPUs(t)
	if len(allowed) < 2 {
		t.Skipf("affinity: CPUs %v", allowed)
	}
	cpu := allowed[1]
	logPath := filepath.Join(t.TempDir(), "io.log")
	mis := misengine(t)
	inv := parseLine(t, Fastchess, fmt.Sprintf("-use-affinity %d -engine cmd=%s name=a args=-cpus -engine cmd=%s name=b args=-cpus -each nodes=1 -rounds 1 -maxmoves 2 -log file=%s", cpu, mis, mis, logPath))
	if _, err := runner.Run(context.Background(), inv.Config, inv.Options(io.Discard)); err != nil {
		t.Fatal(err)
	}
	log, _ := os.ReadFile(logPath)
	said := regexp.MustCompile(`< info string cpus (\S+)`).FindAllStringSubmatch(string(log), -1)
	if len(said) == 0 {
		t.Fatalf("no engine said where it runs:\n%s", log)
	}
	for _, m := range said {
		if m[1] != fmt.Sprint(cpu) {
			t.Errorf("an engine may run on CPUs %s, want only %d", m[1], cpu)
		}
	}
}

// -quick expands as fastchess 1.8.2's parseQuick does, and options after it
// change what they name.
func TestQuickExpandsAsFastchessDoes(t *testing.T) {
	defer func(f func() int) { hardwareThreads = f }(hardwareThreads)
	hardwareThreads = func() int { return 8 }
	book, err := filepath.Abs(filepath.Join(recorded, "book.epd"))
	if err != nil {
		t.Fatal(err)
	}
	inv := parseLine(t, Fastchess, "-quick cmd=/bin/sf cmd=/bin/sf book="+book)
	c := inv.Config
	a, b := c.Engines[0], c.Engines[1]
	if a.Name != "/bin/sf1" || b.Name != "/bin/sf2" || a.Cmd != "/bin/sf" || a.TC.Base != 10*time.Second || a.TC.Inc != 100*time.Millisecond {
		t.Errorf("engines %+v %+v", a, b)
	}
	if c.Games != 50000 || c.Concurrency != 6 || c.Openings.File != book || c.Openings.Order != "random" || inv.Output != Cutechess {
		t.Errorf("games %d concurrency %d openings %+v output %s", c.Games, c.Concurrency, c.Openings, inv.Output)
	}
	if d := c.Draw; d.MoveNumber != 30 || d.MoveCount != 8 || d.Score != 8 {
		t.Errorf("draw %+v", d)
	}
	inv = parseLine(t, Fastchess, "-quick cmd=/bin/a cmd=/bin/b book="+book+" -rounds 3 -concurrency 1")
	if inv.Config.Games != 6 || inv.Config.Concurrency != 1 || inv.Config.Engines[0].Name != "/bin/a" {
		t.Errorf("after -quick: games %d concurrency %d", inv.Config.Games, inv.Config.Concurrency)
	}
	for _, bad := range []string{"cmd=/bin/a book=" + book, "cmd=/bin/a cmd=/bin/b", "cmd=/bin/a cmd=/bin/b book=x.bin", "cmd=/bin/a cmd=/bin/b book=" + book + " tc=1"} {
		if _, err := Parse(Fastchess, strings.Fields("-quick "+bad)); err == nil {
			t.Errorf("-quick %s was taken", bad)
		}
	}
}

// -version prints a line whose first three words are fastchess's, for
// scripts, and which names autoplay.
func TestVersionLineParsesAsFastchess(t *testing.T) {
	inv := parseLine(t, Fastchess, "-version")
	f := strings.Fields(inv.VersionLine())
	if !inv.Version || len(f) < 4 || f[0] != "fastchess" || f[1] != "alpha" || f[2] != "1.8.2" || !strings.HasPrefix(f[3], "autoplay") {
		t.Errorf("version line %q", inv.VersionLine())
	}
}

// -tbadjudicate takes fastchess's three words as it spells them.
func TestTBAdjudicateWords(t *testing.T) {
	for word, want := range map[string]string{"BOTH": "both", "WIN_LOSS": "win", "DRAW": "draw"} {
		if got := parseLine(t, Fastchess, "-tb /tmp -tbadjudicate "+word+twoEngines).Config.TBAdjudicate; got != want {
			t.Errorf("-tbadjudicate %s: %q, want %q", word, got, want)
		}
	}
	for _, bad := range []string{"win_loss", "WIN", "both"} {
		if _, err := Parse(Fastchess, strings.Fields("-tbadjudicate "+bad+twoEngines)); err == nil || !strings.Contains(err.Error(), "Invalid tb adjudication type") {
			t.Errorf("-tbadjudicate %s: %v", bad, err)
		}
	}
	if _, err := Parse(Cutechess, strings.Fields("-tbadjudicate BOTH"+twoEngines)); err == nil {
		t.Error("cutechess-cli has no -tbadjudicate")
	}
}

// -pgnout and -epdout without file= name the file after the time fastchess
// started, as it does; append=false empties it first.
func TestOutputsWithoutFileAreNamedAfterTheStart(t *testing.T) {
	inv := parseLine(t, Fastchess, "-pgnout -epdout append=false"+twoEngines)
	stamp := inv.startedAt.Format("20060102_150405")
	if inv.Config.PGNOut != "fastchess_"+stamp+".pgn" || inv.Config.EPDOut != "fastchess_"+stamp+".epd" || inv.EPDAppend {
		t.Errorf("pgn %q epd %q (append %v)", inv.Config.PGNOut, inv.Config.EPDOut, inv.EPDAppend)
	}
	inv = parseLine(t, Fastchess, "-pgnout nodes=true pv=true min=false append=false"+twoEngines)
	if !strings.HasPrefix(inv.Config.PGNOut, "fastchess_") || inv.PGNAppend || !inv.Config.MoveFields.Nodes || !inv.Config.MoveFields.PV {
		t.Errorf("pgn %q append %v fields %+v", inv.Config.PGNOut, inv.PGNAppend, inv.Config.MoveFields)
	}
}

// -strict: the first warning ends the run, as fastchess stops its
// tournament, and the exit status is 1.
func TestStrictEndsTheRunAtTheFirstWarning(t *testing.T) {
	mis := misengine(t)
	line := "-strict -engine cmd=" + mis + " name=a option.NoSuchOption=1 -engine cmd=" + mis + " name=b -each nodes=1 -rounds 4 -maxmoves 2"
	inv := parseLine(t, Fastchess, line)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inv.StopRun = cancel
	var out bytes.Buffer
	res, err := runner.Run(ctx, inv.Config, inv.Options(&out))
	if err != nil {
		t.Fatal(err)
	}
	if !inv.FailedStrictly() || res.Played >= res.Total {
		t.Errorf("strict: failed %v, %d of %d games played\n%s", inv.FailedStrictly(), res.Played, res.Total, out.String())
	}
}

// allowedCPUs are the CPUs the test may run on, as /proc lists them (in the
// form fastchess's -use-affinity reads).
func allowedCPUs(t *testing.T) []int {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip(err)
	}
	m := regexp.MustCompile(`(?m)^Cpus_allowed_list:\s*(\S+)$`).FindSubmatch(status)
	if m == nil {
		t.Skip("no Cpus_allowed_list in /proc/self/status")
	}
	cpus, err := cpuList(string(m[1]))
	if err != nil {
		t.Skip(err)
	}
	return cpus
}

// Without -recover, fastchess stops at a game an engine's crash ended, says
// so before the game's line, and fails; with it, the engine is replaced and
// every game is played.
func TestCrashWithoutRecoverStopsTheRun(t *testing.T) {
	mis := misengine(t)
	line := "-engine cmd=" + mis + " name=crasher args=\"-mode crash -at 2\" -engine cmd=" + mis + " name=b -each nodes=1 -rounds 3 -maxmoves 4"
	for _, recover := range []bool{false, true} {
		l := line
		if recover {
			l += " -recover"
		}
		inv, err := Parse(Fastchess, splitLine(l))
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		inv.StopRun = cancel
		var out bytes.Buffer
		res, err := runner.Run(ctx, inv.Config, inv.Options(&out))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if err := inv.Conclude(&out); err != nil {
			t.Fatal(err)
		}
		o := out.String()
		said := strings.Contains(o, "Game 1 stalled / disconnected and no recover option set for engine, stopping tournament.\nFinished game 1 ") &&
			strings.Contains(o, "Tournament was interrupted.\nFinished match\n")
		switch {
		case !recover && (!said || !inv.Failed() || res.Played >= res.Total):
			t.Errorf("without -recover: failed %v, %d of %d games\n%s", inv.Failed(), res.Played, res.Total, o)
		case recover && (strings.Contains(o, "stalled") || inv.Failed() || res.Played != res.Total):
			t.Errorf("with -recover: failed %v, %d of %d games\n%s", inv.Failed(), res.Played, res.Total, o)
		}
	}
}

// fastchess swaps -games and -rounds when -games is over 2, and refuses
// more than 2 games a round after the swap; its pairs are reported only
// when each holds two games.
func TestFastchessGamesOverTwoAreRounds(t *testing.T) {
	inv := parseLine(t, Fastchess, "-games 10 -rounds 1"+twoEngines)
	if c := inv.Config; c.Games != 10 || c.OpeningRepeat != 1 || inv.ReportPenta {
		t.Errorf("-games 10 -rounds 1: games %d, repeat %d, penta %v", c.Games, c.OpeningRepeat, inv.ReportPenta)
	}
	if _, err := Parse(Fastchess, strings.Fields("-games 3 -rounds 5"+twoEngines)); err == nil || !strings.Contains(err.Error(), "at most 2 games a round") {
		t.Errorf("-games 3 -rounds 5: %v", err)
	}
	if inv := parseLine(t, Fastchess, "-output format=cutechess"+twoEngines); inv.ReportPenta {
		t.Error("cutechess output with pentanomial report")
	}
	if c := parseLine(t, Fastchess, "-event My Event -site a b"+twoEngines).Config; c.Event != "MyEvent" || c.Site != "ab" {
		t.Errorf("event %q site %q, want fastchess's words joined", c.Event, c.Site)
	}
}
