package runner

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
)

// misMatch plays misengine (with the given flags and extra spec) as the
// first engine against a well-behaved opponent: stockfish at a node limit.
func misMatch(t *testing.T, games int, misArgs, misSpec string) matchRun {
	t.Helper()
	needStockfish(t)
	mis := "cmd=" + misengine(t) + " name=mis"
	for _, a := range strings.Fields(misArgs) {
		mis += " arg=" + a
	}
	return runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, mis+" "+misSpec),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=200 option.Hash=4"),
		},
		Schedule:     spec.Schedule{Games: games},
		Adjudication: spec.Adjudication{MaxMoves: 30},
	})
}

// wantEndings checks each game's result, PGN Termination and final comment,
// in round order; "mis" in an ending is replaced by the colour misengine had.
func wantEndings(t *testing.T, run matchRun, want []struct{ misResult, term, ending string }) {
	t.Helper()
	if run.err != nil {
		t.Fatalf("match error: %v\n%s", run.err, run.out)
	}
	games := parseGames(t, run.pgn)
	if len(games) != len(want) {
		t.Fatalf("%d games recorded, want %d:\n%s", len(games), len(want), run.out)
	}
	for _, g := range games {
		round := g.tags["Round"]
		i := int(round[0] - '1')
		w := want[i]
		misColor, result := "White", g.tags["Result"]
		if g.tags["Black"] == "mis" {
			misColor = "Black"
		}
		misScore := map[string]string{"1-0": "win", "0-1": "loss", "1/2-1/2": "draw"}[result]
		if misColor == "Black" && misScore != "draw" {
			misScore = map[string]string{"win": "loss", "loss": "win"}[misScore]
		}
		if w.misResult != "" && misScore != w.misResult {
			t.Errorf("round %s: misengine's result %s (%s), want %s; ending %q", round, misScore, result, w.misResult, g.ending)
		}
		if w.term != "" && g.tags["Termination"] != w.term {
			t.Errorf("round %s: Termination %q, want %q", round, g.tags["Termination"], w.term)
		}
		wantEnding := strings.ReplaceAll(w.ending, "mis", misColor)
		if w.ending != "" && !strings.HasPrefix(g.ending, wantEnding) {
			t.Errorf("round %s: ending %q, want %q", round, g.ending, wantEnding)
		}
		if !strings.Contains(run.out, "Finished game "+round+" ") {
			t.Errorf("round %s not reported", round)
		}
	}
}

type ending3 = struct{ misResult, term, ending string }

func TestCrashingEngineLosesByDisconnectAndIsRestarted(t *testing.T) {
	run := misMatch(t, 2, "-mode=crash -at=3", "nodes=1")
	wantEndings(t, run, []ending3{
		{"loss", "abandoned", "mis disconnects"},
		{"loss", "abandoned", "mis disconnects"},
	})
}

// After a disconnect the I/O log says how the engine's process ended, so a
// crash (here misengine's exit status 3) can be told from a quit.
func TestIOLogNamesACrashedEnginesExitStatus(t *testing.T) {
	log := logOfOneGame(t, "arg=-mode=crash arg=-at=3 nodes=1", "", 30)
	crashed := regexp.MustCompile(`mis\(\d+\) # exited: exit status 3\n`)
	if !crashed.Match(log) {
		t.Errorf("the log does not name mis's exit status 3:\n%s", log)
	}
}

func TestHungEngineLosesOnTimeAndIsKilled(t *testing.T) {
	// timeout=2 bounds the handshake too: 0.5 s ran out under load 24.
	run := misMatch(t, 2, "-mode=hang -at=2 -trapterm", "tc=0.5+0 timeout=2 timemargin=50")
	wantEndings(t, run, []ending3{
		{"loss", "time forfeit", "mis loses on time"},
		{"loss", "time forfeit", "mis loses on time"},
	})
}

func TestHungEngineWithoutClockIsReportedStalled(t *testing.T) {
	// timeout=2 bounds the handshake too: at 0.5 s the misengine's
	// uciok missed it under load 28.
	run := misMatch(t, 2, "-mode=hang -at=2", "nodes=10 timeout=2")
	wantEndings(t, run, []ending3{
		{"loss", "abandoned", "mis's connection stalls"},
		{"loss", "abandoned", "mis's connection stalls"},
	})
}

func TestIllegalMoveLoses(t *testing.T) {
	for _, kind := range []string{"color", "jump"} {
		t.Run(kind, func(t *testing.T) {
			run := misMatch(t, 2, "-mode=illegal -at=2 -illegal="+kind, "nodes=1")
			wantEndings(t, run, []ending3{
				{"loss", "rules infraction", "mis makes an illegal move: "},
				{"loss", "rules infraction", "mis makes an illegal move: "},
			})
			for _, g := range parseGames(t, run.pgn) {
				move := g.ending[strings.Index(g.ending, ": ")+2:]
				if len(move) < 4 {
					t.Errorf("the ending does not name the move: %q", g.ending)
				}
			}
		})
	}
}

func TestMalformedMoveLosesAndIsNamed(t *testing.T) {
	run := misMatch(t, 2, "-mode=malformed -at=1", "nodes=1")
	wantEndings(t, run, []ending3{
		{"loss", "rules infraction", "mis makes an illegal move: xyz"},
		{"loss", "rules infraction", "mis makes an illegal move: xyz"},
	})
}

func TestFloodingEngineStillPlaysNormally(t *testing.T) {
	run := misMatch(t, 2, "-mode=flood -flood=3000", "nodes=1")
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, g := range parseGames(t, run.pgn) {
		if g.tags["Termination"] != "normal" && g.tags["Termination"] != "adjudication" {
			t.Errorf("round %s ended %q (%s) under a flood", g.tags["Round"], g.ending, g.tags["Termination"])
		}
	}
}

func TestLateEngineLosesOnTimeAndTheNextGameIsClean(t *testing.T) {
	run := misMatch(t, 4, "-mode=late -at=2 -delay=900ms", "tc=0.4+0.1 timemargin=50")
	wantEndings(t, run, []ending3{
		{"loss", "time forfeit", "mis loses on time"},
		{"loss", "time forfeit", "mis loses on time"},
		{"loss", "time forfeit", "mis loses on time"},
		{"loss", "time forfeit", "mis loses on time"},
	})
}

func TestEngineThatStopsAnsweringIsReadyLosesByStallAndIsRestarted(t *testing.T) {
	// isready number 2 of each process never gets an answer: game 2 stalls
	// before it starts, the engine is replaced, game 3 runs, game 4 stalls.
	run := misMatch(t, 4, "-mode=noreadyok -at=2", "nodes=1 timeout=0.5")
	wantEndings(t, run, []ending3{
		{"", "", ""},
		{"loss", "abandoned", "mis's connection stalls"},
		{"", "", ""},
		{"loss", "abandoned", "mis's connection stalls"},
	})
	games := parseGames(t, run.pgn)
	for _, g := range games {
		if g.tags["Round"] == "1" || g.tags["Round"] == "3" {
			if strings.Contains(g.ending, "stalls") || strings.Contains(g.ending, "disconnects") {
				t.Errorf("round %s should be a normal game, ended %q", g.tags["Round"], g.ending)
			}
		}
	}
}

func TestEngineThatExitsAtStartIsAnErrorBeforeAnyGame(t *testing.T) {
	run := misMatch(t, 2, "-mode=exitatstart", "nodes=1")
	if run.err == nil || !strings.Contains(run.err.Error(), "engine mis") || !strings.Contains(run.err.Error(), "disconnects") {
		t.Fatalf("error = %v, want one naming engine mis and saying it disconnects", run.err)
	}
	if run.res != nil || strings.Contains(run.out, "Started game") || run.pgn != "" {
		t.Fatalf("games were started:\n%s", run.out)
	}
}

func TestEngineWithoutUCIOKIsAnErrorBeforeAnyGame(t *testing.T) {
	run := misMatch(t, 2, "-mode=nouciok", "nodes=1 timeout=0.5")
	if run.err == nil || !strings.Contains(run.err.Error(), "engine mis: handshake: connection stalls") {
		t.Fatalf("error = %v", run.err)
	}
}

func TestMissingEngineProgramIsAnError(t *testing.T) {
	_, err := Run(context.Background(), spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd=/nonexistent/engine name=ghost nodes=1"),
			engineSpec(t, "cmd=/nonexistent/engine2 name=ghost2 nodes=1"),
		},
		Schedule: spec.Schedule{Games: 2},
	}, Options{Out: &proctest.Output{}})
	if err == nil || !strings.Contains(err.Error(), "engine ghost: cannot start /nonexistent/engine") {
		t.Fatalf("error = %v", err)
	}
	checkNoLeaks(t)
}

func TestUndeclaredOptionIsAWarningNotAnError(t *testing.T) {
	run := misMatch(t, 2, "-mode=badoption", "nodes=1 option.Frobnicate=7")
	if run.err != nil {
		t.Fatal(run.err)
	}
	if !strings.Contains(run.out, `Warning: engine mis does not declare option "Frobnicate"`) {
		t.Errorf("no warning in output:\n%s", run.out)
	}
	if len(parseGames(t, run.pgn)) != 2 {
		t.Errorf("the match did not go on")
	}
}

func TestBadOpeningIsAnErrorNamingFileAndLine(t *testing.T) {
	needStockfish(t)
	bad := t.TempDir() + "/bad.epd"
	os.WriteFile(bad, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nrnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"), 0o644)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=1"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=1"),
		},
		Schedule:     spec.Schedule{Games: 4, Openings: spec.OpeningsConfig{File: bad}},
		Adjudication: spec.Adjudication{MaxMoves: 3},
	})
	if run.err == nil || !strings.Contains(run.err.Error(), "bad.epd:2") {
		t.Fatalf("error = %v, want one naming bad.epd:2", run.err)
	}
	if got := len(parseGames(t, run.pgn)); got != 0 {
		t.Errorf("%d games played before the bad opening was found, want none", got)
	}
	// policy=skip leaves it out, says so and counts it.
	run = runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=1"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=1"),
		},
		Schedule:     spec.Schedule{Games: 4, Openings: spec.OpeningsConfig{File: bad, Policy: spec.PolicySkip}},
		Adjudication: spec.Adjudication{MaxMoves: 3},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	if got := len(parseGames(t, run.pgn)); got != 4 || run.res.OpeningsSkipped != 1 || !strings.Contains(run.out, "left out 1 bad openings") {
		t.Errorf("policy=skip: %d games, %d skipped, output:\n%s", got, run.res.OpeningsSkipped, run.out)
	}
}

func TestInterruptAbandonsRunningGamesAndKeepsFinishedOnes(t *testing.T) {
	needStockfish(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pgnPath := t.TempDir() + "/int.pgn"
	go func() {
		// Cancel once the first game is in the PGN and the next is running.
		waitForFile(pgnPath, "[Event ")
		time.Sleep(100 * time.Millisecond)
		cancel()
	}()
	run := runMatchCtx(t, ctx, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=slow arg=-mode=slow arg=-delay=20ms tc=60"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=50"),
		},
		Schedule:     spec.Schedule{Games: 100},
		Outputs:      spec.Outputs{PGNOut: pgnPath},
		Adjudication: spec.Adjudication{MaxMoves: 4},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	if !run.res.Interrupted {
		t.Fatal("result not marked interrupted")
	}
	games := parseGames(t, run.pgn)
	if len(games) == 0 || len(games) >= 100 || len(games) != run.res.Played {
		t.Fatalf("%d games in the PGN, %d played", len(games), run.res.Played)
	}
	if !strings.Contains(run.out, "Interrupted after") || !strings.Contains(run.out, "Score of slow vs sf") {
		t.Errorf("no final score after the interrupt:\n%s", run.out)
	}
}

// waitForFile blocks until path contains text (or a minute passes).
func waitForFile(path, text string) {
	for i := 0; i < 6000; i++ {
		if b, err := os.ReadFile(path); err == nil && strings.Contains(string(b), text) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestRestartPolicyDecidesWhenAFreshProcessStarts(t *testing.T) {
	needStockfish(t)
	for _, tc := range []struct {
		policy       string
		misRestarts  int
		sfRestarts   int
		misbehaviour string
	}{
		{"auto", 2, 0, "-mode=illegal -at=2"}, // after each illegal move (games 1 and 2; game 3 needs none after it)
		{"off", 0, 0, "-mode=illegal -at=2"},
		{"on", 2, 2, "-mode=normal"}, // before games 2 and 3
	} {
		t.Run(tc.policy, func(t *testing.T) {
			logPath := t.TempDir() + "/io.log"
			misText := "cmd=" + misengine(t) + " name=mis nodes=1"
			for _, a := range strings.Fields(tc.misbehaviour) {
				misText += " arg=" + a
			}
			run := runMatch(t, spec.Config{
				Engines: []spec.EngineConfig{
					engineSpec(t, misText+" restart="+tc.policy),
					engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=50 restart="+tc.policy),
				},
				Schedule:     spec.Schedule{Games: 3},
				Adjudication: spec.Adjudication{MaxMoves: 10},
				Outputs:      spec.Outputs{LogFile: logPath},
			})
			if run.err != nil {
				t.Fatal(run.err)
			}
			log, _ := os.ReadFile(logPath)
			mis, sf := 0, 0
			for _, line := range strings.Split(string(log), "\n") {
				if strings.HasSuffix(line, "# restarting") {
					if strings.Contains(line, " mis ") {
						mis++
					} else {
						sf++
					}
				}
			}
			if mis != tc.misRestarts || sf != tc.sfRestarts {
				t.Errorf("restarts: mis %d, sf %d; want %d, %d", mis, sf, tc.misRestarts, tc.sfRestarts)
			}
		})
	}
}
