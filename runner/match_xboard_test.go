package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
)

const (
	fairymaxPath = "/usr/games/fairymax"
	gnuchessPath = "/usr/games/gnuchess"
)

// needEngine skips without a Debian engine locally; CI must have it.
func needEngine(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install %s: %v", path, err)
		}
		t.Skipf("%s not installed", path)
	}
}

func TestFairymaxSelfPlayFromEPDSetsPositionsInEditMode(t *testing.T) {
	needEngine(t, fairymaxPath)
	logPath := t.TempDir() + "/io.log"
	pgnPath := t.TempDir() + "/fm.pgn"
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			// depth=4 (sd): edit mode is proven here, not its thinking time.
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm1 tc=3+0.03 depth=4"),
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm2 tc=3+0.03 depth=4"),
		},
		Schedule:     spec.Schedule{Games: 2, Openings: spec.OpeningsConfig{File: "testdata/uho4.epd"}},
		Adjudication: spec.Adjudication{MaxMoves: 12},
		Outputs:      spec.Outputs{LogFile: logPath, PGNOut: pgnPath},
	})
	if run.err != nil {
		t.Fatalf("%v\n%s", run.err, run.out)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	for _, g := range games {
		// The book says d6, which no pawn can take: the FEN tag writes "-".
		if g.tags["FEN"] != "r1bq1rk1/ppp2ppp/5n2/2bp4/2NPP3/2P5/PP3PPP/RNBQK2R w KQ - 0 9" {
			t.Errorf("round %s: FEN tag %q", g.tags["Round"], g.tags["FEN"])
		}
		if g.tags["Termination"] == "abandoned" || g.tags["Termination"] == "rules infraction" || g.tags["Termination"] == "time forfeit" {
			t.Errorf("round %s ended %q (%s)", g.tags["Round"], g.ending, g.tags["Termination"])
		}
	}
	log, _ := os.ReadFile(logPath)
	// Fairy-Max declares setboard=0: the position goes in through edit mode.
	for _, want := range []string{"> edit", "> #", "> Ra1", "> Ke1", "> c", "> Kg8", "> .", "< feature setboard=0", "> ping", "< pong", "> result "} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the dialogue lacks %q", want)
		}
	}
	if strings.Contains(string(log), "> setboard") {
		t.Errorf("setboard sent to an engine that declared setboard=0")
	}
	checkPGNExtract(t, pgnPath, 2)
}

func TestStockfishUCIAgainstFairymaxXBoard(t *testing.T) {
	needStockfish(t)
	needEngine(t, fairymaxPath)
	pgnPath := t.TempDir() + "/mixed.pgn"
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=3000 option.Hash=8"),
			// Clean games, not clocks, are proven here: Fairy-Max starved
			// of the CPU lost one on time under load 28. depth=4 (sd): its
			// moves take no time, and it still sends its thinking lines.
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=3+0.03 depth=4 timemargin=3000 timeout=30"),
		},
		Schedule:     spec.Schedule{Games: 4, Openings: spec.OpeningsConfig{File: "testdata/uho4.epd"}},
		Outputs:      spec.Outputs{PGNOut: pgnPath},
		Adjudication: spec.Adjudication{MaxMoves: 25},
	})
	if run.err != nil {
		t.Fatalf("%v\n%s", run.err, run.out)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 4 {
		t.Fatalf("%d games", len(games))
	}
	for _, g := range games {
		switch g.tags["Termination"] {
		case "normal", "adjudication":
		default:
			t.Errorf("round %s: %q (%s): both engines should play clean games", g.tags["Round"], g.ending, g.tags["Termination"])
		}
		// Fairy-Max's thinking output feeds PGN comments like stockfish's info does.
		for _, c := range strings.Split(g.moves, "{")[1:] {
			c = strings.Join(strings.Fields(c[:strings.IndexByte(c, '}')]), " ")
			if c != g.ending && !moveCommentRe.MatchString(c) {
				t.Errorf("round %s: comment %q", g.tags["Round"], c)
				break
			}
		}
	}
	checkPGNExtract(t, pgnPath, 4)
}

// GNU Chess in --xboard mode over pipes says nothing after "protover 2": a
// real stalling engine. It must be reported within its timeout, not hung on.
func TestGnuchessXBoardOverPipesIsReportedStalled(t *testing.T) {
	needEngine(t, gnuchessPath)
	needEngine(t, fairymaxPath)
	start := time.Now()
	var out proctest.Output
	pgnPath := filepath.Join(t.TempDir(), "gnu.pgn")
	_, err := Run(context.Background(), spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+gnuchessPath+" arg=--xboard proto=xboard name=gnu tc=2+0.02 timeout=3"),
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=2+0.02"),
		},
		Schedule: spec.Schedule{Games: 2},
		Outputs:  spec.Outputs{PGNOut: pgnPath},
	}, Options{Out: &out})
	// Usually it says nothing at all and the handshake stalls. On a busy
	// machine its block-buffered output may get through after all, and
	// then it plays (or stalls in the game): what matters is that the run
	// ends, with the stall named or every game recorded, and nothing left.
	switch {
	case err != nil:
		if !strings.Contains(err.Error(), "engine gnu: handshake: connection stalls") {
			t.Fatalf("error = %v, want gnu's handshake to stall", err)
		}
	default:
		b, _ := os.ReadFile(pgnPath)
		if games := parseGames(t, string(b)); len(games) != 2 {
			t.Errorf("%d games recorded, want 2:\n%s", len(games), out.String())
		}
	}
	if waited := time.Since(start); waited > 2*time.Minute {
		t.Errorf("waited %v for a 3 s timeout", waited) // a hang, not a timing assert
	}
	checkNoLeaks(t)
}

func TestGnuchessUCIPlaysAMatch(t *testing.T) {
	needEngine(t, gnuchessPath)
	needStockfish(t)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+gnuchessPath+" arg=--uci name=gnu depth=2"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=500"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 30},
	})
	if run.err != nil {
		t.Fatalf("%v\n%s", run.err, run.out)
	}
	for _, g := range parseGames(t, run.pgn) {
		if term := g.tags["Termination"]; term != "normal" && term != "adjudication" {
			t.Errorf("round %s: %q (%s)", g.tags["Round"], g.ending, term)
		}
	}
}

// xbMisMatch plays misengine speaking XBoard (-xboard plus misArgs) as the
// first engine against Fairy-Max.
func xbMisMatch(t *testing.T, games int, misArgs, misSpec string) matchRun {
	t.Helper()
	needEngine(t, fairymaxPath)
	mis := "cmd=" + misengine(t) + " name=mis proto=xboard arg=-xboard"
	for _, a := range strings.Fields(misArgs) {
		mis += " arg=" + a
	}
	return runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, mis+" tc=2+0.02 timeout=1 "+misSpec),
			// Fairy-Max is never the one at fault here: 3 s past its
			// clock, 30 s for its handshake (10 s ran out under load 31):
			// a starved CPU must not make it lose. depth=2 (sd): its moves
			// take no time, which the games here do not prove.
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=2+0.02 depth=2 timemargin=3000 timeout=30"),
		},
		Schedule:     spec.Schedule{Games: games},
		Adjudication: spec.Adjudication{MaxMoves: 30},
	})
}

func TestXBoardEngineFailuresEndGamesWithTheRightReason(t *testing.T) {
	for _, tc := range []struct {
		args   string
		term   string
		ending string
	}{
		{"-mode=falseclaim -at=2", "rules infraction", `mis makes a false result claim: `},
		{"-mode=illegal -at=2", "rules infraction", "mis makes an illegal move: "},
		{"-mode=malformed -at=2", "rules infraction", "mis makes an illegal move: xyz"},
		{"-mode=crash -at=2", "abandoned", "mis disconnects"},
		{"-mode=hang -at=2", "time forfeit", "mis loses on time"},
		{"-mode=resign -at=2", "normal", "mis resigns"},
		{"-mode=rejectmove -at=2", "rules infraction", "mis rejects a legal move: "},
	} {
		t.Run(tc.args, func(t *testing.T) {
			run := xbMisMatch(t, 2, tc.args, "")
			wantEndings(t, run, []ending3{{"loss", tc.term, tc.ending}, {"loss", tc.term, tc.ending}})
		})
	}
}

func TestXBoardEnginesThatPlayCleanlyInEveryDialect(t *testing.T) {
	for _, args := range []string{
		"-mode=nosetboard", // edit mode instead of setboard
		"-mode=san",        // SAN both ways
		"-mode=bare",       // bare moves, chatter, output before protover
		"-mode=noping",     // no ping: no sync, still correct
		"-mode=nodone",     // features but no done: protocol 1 after 2 s
		"-mode=reuse0",     // a fresh process every game
		"-mode=drawoffer",  // draw offers are ignored
		"-mode=trueclaim",  // claims after its mating move agree with the rules
	} {
		t.Run(args, func(t *testing.T) {
			needEngine(t, fairymaxPath)
			// 3 s past the clock and Fairy-Max's 30 s for its handshake:
			// these games prove the dialects, not the clocks, and on a
			// loaded machine Fairy-Max, starved of the CPU, lost on time
			// in the noping and trueclaim runs. depth=2 (sd): its moves take
			// no time.
			mis := "cmd=" + misengine(t) + " name=mis proto=xboard arg=-xboard arg=" + args + " tc=2+0.02 timeout=3 timemargin=3000"
			run := runMatch(t, spec.Config{
				Engines: []spec.EngineConfig{
					engineSpec(t, mis),
					engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=2+0.02 depth=2 timemargin=3000 timeout=30"),
				},
				Schedule:     spec.Schedule{Games: 2, Openings: spec.OpeningsConfig{File: "testdata/black-to-move.epd"}},
				Adjudication: spec.Adjudication{MaxMoves: 20},
			})
			if run.err != nil {
				t.Fatalf("%v\n%s", run.err, run.out)
			}
			for _, g := range parseGames(t, run.pgn) {
				if term := g.tags["Termination"]; term != "normal" && term != "adjudication" {
					t.Errorf("round %s: %q (%s)", g.tags["Round"], g.ending, term)
				}
			}
		})
	}
}

func TestXBoardEngineThatNeverSendsDoneStalls(t *testing.T) {
	needEngine(t, fairymaxPath)
	_, err := Run(context.Background(), spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=mis proto=xboard arg=-xboard arg=-mode=donezero tc=2 timeout=1"),
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=2"),
		},
		Schedule: spec.Schedule{Games: 2},
	}, Options{Out: &proctest.Output{}})
	if err == nil || !strings.Contains(err.Error(), "engine mis: handshake: connection stalls: feature done=0 but no done=1") {
		t.Fatalf("error = %v", err)
	}
	checkNoLeaks(t)
}

// An XBoard engine that declares sigterm=1 gets SIGTERM when it does not
// quit; one that also traps SIGTERM is killed.
func TestXBoardEngineThatIgnoresQuitGetsSIGTERMThenSIGKILL(t *testing.T) {
	for _, tc := range []struct {
		args     string
		wantKill bool
	}{{"-mode=stubborn", false}, {"-mode=stubborn -trapterm", true}} {
		t.Run(tc.args, func(t *testing.T) {
			needEngine(t, fairymaxPath)
			logPath := t.TempDir() + "/io.log"
			mis := "cmd=" + misengine(t) + " name=mis proto=xboard arg=-xboard tc=2+0.02"
			for _, a := range strings.Fields(tc.args) {
				mis += " arg=" + a
			}
			run := runMatch(t, spec.Config{
				Engines: []spec.EngineConfig{
					engineSpec(t, mis),
					engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=2+0.02"),
				},
				Schedule:     spec.Schedule{Games: 1},
				Adjudication: spec.Adjudication{MaxMoves: 3},
				Outputs:      spec.Outputs{LogFile: logPath},
			})
			if run.err != nil {
				t.Fatal(run.err)
			}
			log, _ := os.ReadFile(logPath)
			if !strings.Contains(string(log), "mis") || !strings.Contains(string(log), "# did not quit in time: SIGTERM") {
				t.Errorf("no SIGTERM in the log")
			}
			if killed := strings.Contains(string(log), "# did not quit in time: killed"); killed != tc.wantKill {
				t.Errorf("killed = %v, want %v", killed, tc.wantKill)
			}
		})
	}
}
