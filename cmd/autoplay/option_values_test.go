package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

const (
	fairymax       = "/usr/games/fairymax"
	fairyStockfish = "/usr/games/fairy-stockfish"
)

// styleDecl has the misengine declare a combo option, which no installed
// UCI engine does.
const styleDecl = `arg=-declare "arg=name Style type combo default Normal var Solid var Normal var Risky"`

// A value the engine's own declaration refuses stops `autoplay match`
// before any game, naming the engine, the option, the value and what the
// engine declares: every kind of UCI and XBoard option.
func TestOptionValuesRefusedBeforeAnyGame(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	bin := buildAutoplay(t)
	misCmd := "cmd=" + proctest.Build(t, "misengine", "../../runner/testdata/misengine")
	mis := misCmd + " name=mis " + styleDecl
	sf := "cmd=" + stockfish + " name=sf"
	fm := "cmd=" + fairymax + " name=fm proto=xboard"
	for _, tc := range []struct{ engine, want string }{
		{sf + " option.UCI_Elo=5000", "engine sf: option UCI_Elo=5000 is refused: out of the declared range (spin 1350..2850)"},
		{sf + " option.Hash=abc", "engine sf: option Hash=abc is refused: not a whole number (declared: spin 1..33554432)"},
		{sf + " option.UCI_LimitStrength=yes", "engine sf: option UCI_LimitStrength=yes is refused: neither true nor false (declared: check)"},
		{sf + ` "option.Clear Hash=now"`, "engine sf: option Clear Hash=now is refused: a button takes no value"},
		{mis + " option.Style=Wild", "engine mis: option Style=Wild is refused: not one of the declared choices (combo Solid, Normal, Risky)"},
		{fm + ` "option.Resign Threshold=5000"`, "engine fm: option Resign Threshold=5000 is refused: out of the declared range (-spin 200..1200)"},
		{fm + ` "option.Makruk rules=Thai"`, "engine fm: option Makruk rules=Thai is refused: not one of the declared choices (-combo makruk /// Cambodian /// Ai-wok)"},
		{fm + " option.Resign=true", "engine fm: option Resign=true is refused: neither 0 nor 1 (declared: -check)"},
		{"cmd=" + fairyStockfish + " name=fsf option.UCI_Variant=mychess", "engine fsf: option UCI_Variant=mychess is refused: not one of the declared choices (combo 3check, 5check, "},
	} {
		dir := t.TempDir()
		pgn := filepath.Join(dir, "games.pgn")
		cmd := exec.Command(bin, "match", "--engine", tc.engine, "--engine", misCmd+" name=other", // quick to start
			"--each", "tc=10+0.1", "--games", "2", "--maxmoves", "2", "--pgnout", pgn) // a broken check costs two short games
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), tc.want) {
			t.Errorf("%s: err %v, output:\n%s\nwant %q", tc.engine, err, out, tc.want)
		}
		if data, _ := os.ReadFile(pgn); strings.Contains(string(out), "Started game") || len(data) > 0 {
			t.Errorf("%s: a game started despite the error:\n%s", tc.engine, out)
		}
	}
}

// Values the declarations allow are sent and the games played: a combo's
// choice in another case (UCI compares values without regard to case), a
// button given no value, pressed as XBoard presses one ("option NAME").
func TestOptionValuesWithinDeclarationsAreSent(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "io.log")
	mis := "cmd=" + proctest.Build(t, "misengine", "../../runner/testdata/misengine") + " name=mis nodes=1 option.Style=risky " + styleDecl
	fm := "cmd=" + fairymax + ` name=fm proto=xboard tc=10+0.1 "option.Resign Threshold=900" "option.Makruk rules=Cambodian" option.Resign=1 "option.Clear Hash="`
	out, err := exec.Command(bin, "match", "--engine", mis, "--engine", fm, "--games", "2", "--maxmoves", "5", "--log", log).CombinedOutput()
	if err != nil || strings.Count(string(out), "Finished game") != 2 || strings.Contains(string(out), "Warning: engine") {
		t.Fatalf("err %v:\n%s", err, out)
	}
	data, _ := os.ReadFile(log)
	for _, want := range []string{"setoption name Style value risky", "option Resign Threshold=900", "option Makruk rules=Cambodian", "option Resign=1", "option Clear Hash\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the log has no %q:\n%s", want, data)
		}
	}
}

// An option the engine does not declare is a warning --quiet does not
// hide, with the nearest declared name when it is close enough to be a typo.
func TestUndeclaredOptionWarnsUnderQuietWithTheNearestName(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	out, err := exec.Command(bin, "match", "--quiet", "--engine", "cmd="+stockfish+` name=sf option.Hsh=16 "option.skill levl=3" option.Frobnicate=1`,
		"--engine", "cmd="+stockfish+" name=other", "--each", "nodes=100", "--games", "2", "--maxmoves", "5").CombinedOutput()
	if err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	for _, want := range []string{
		`Warning: engine sf does not declare option "Hsh" (did you mean Hash?); sending it anyway`,
		`Warning: engine sf does not declare option "skill levl" (did you mean Skill Level?); sending it anyway`,
		`Warning: engine sf does not declare option "Frobnicate"; sending it anyway`,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

// The drop-in modes do what their tools do: a refused value or an
// undeclared name is a warning, not sent, and the games are played.
func TestDropinModesWarnOfRefusedOptionsAndDoNotSendThem(t *testing.T) {
	needStockfish(t)
	for _, tool := range []struct {
		name, warning, log string
		onStderr           bool // the tool's warnings: cutechess-cli's on standard error
	}{
		{"cutechess-cli", "Warning: ", "-debug", true}, // the engines' lines on standard output
		{"fastchess", "Warning; ", "-log", false},
	} {
		dir := t.TempDir()
		logArgs := []string{tool.log}
		if tool.log == "-log" {
			logArgs = append(logArgs, "file=io.log")
		}
		out, stderr, code := runTool(t, dir, linkAs(t, tool.name), append([]string{
			"-engine", "cmd=" + stockfish, "name=sf", "option.UCI_Elo=5000", "option.Hsh=16", "option.Hash=8",
			"-engine", "cmd=" + stockfish, "name=other", "-each", "proto=uci", "tc=inf", "depth=1",
			"-games", "2", "-rounds", "1", "-maxmoves", "5"}, logArgs...)...)
		if code != 0 || strings.Count(out, "Finished game") != 2 {
			t.Fatalf("%s: exit %d\n%s\n%s", tool.name, code, out, stderr)
		}
		if data, err := os.ReadFile(filepath.Join(dir, "io.log")); err == nil {
			out += string(data)
		}
		warnings := out
		if tool.onStderr {
			warnings = stderr
			if strings.Contains(out, "Warning") {
				t.Errorf("%s: a warning on standard output:\n%s", tool.name, out)
			}
		}
		for _, want := range []string{
			tool.warning + "engine sf: invalid value for option UCI_Elo: 5000, out of the declared range (spin 1350..2850); not sent",
			tool.warning + `engine sf does not declare option "Hsh" (did you mean Hash?); not sent`,
		} {
			if !strings.Contains(warnings, want) {
				t.Errorf("%s: no %q in:\n%s", tool.name, want, warnings)
			}
		}
		// The engine's lines are in the output, so what is missing was not sent.
		if !strings.Contains(out, "setoption name Hash value 8") {
			t.Errorf("%s: Hash was not sent:\n%s", tool.name, out)
		}
		if strings.Contains(out, "setoption name UCI_Elo") || strings.Contains(out, "setoption name Hsh") {
			t.Errorf("%s: a refused option was sent:\n%s", tool.name, out)
		}
	}
}

// A variants file (Fairy-Stockfish's VariantPath) declares UCI_Variant
// choices of its own, which the engine's first declaration cannot list:
// that value is sent unjudged.
func TestVariantOfAVariantsFileIsSent(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	ini := filepath.Join(dir, "variants.ini")
	if err := os.WriteFile(ini, []byte("[mychess:chess]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "match", "--engine", "cmd="+fairyStockfish+" name=fsf option.VariantPath="+ini+" option.UCI_Variant=mychess",
		"--engine", "cmd="+stockfish+" name=sf", "--each", "nodes=100", "--games", "2", "--maxmoves", "3").CombinedOutput()
	if err != nil || strings.Count(string(out), "Finished game") != 2 {
		t.Fatalf("err %v:\n%s", err, out)
	}
}
