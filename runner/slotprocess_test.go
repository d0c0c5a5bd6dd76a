package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
)

// slotTestEnv makes this test binary a slot process (ServeSlot), so that
// runs with slot processes can be tested here, leaks checked included.
const slotTestEnv = "AUTOPLAY_TEST_SLOT"

func TestMain(m *testing.M) {
	if os.Getenv(slotTestEnv) == "1" {
		if err := ServeSlot(context.Background(), os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	proctest.RemoveBuilds()
	os.Exit(code)
}

// runSlotMatch is runMatchCtx with each game slot in a process of its own.
func runSlotMatch(t *testing.T, ctx context.Context, cfg spec.Config, relay *RelayStats) matchRun {
	t.Helper()
	var out proctest.Output
	if cfg.PGNOut == "" {
		cfg.PGNOut = filepath.Join(t.TempDir(), "games.pgn")
	}
	cfg.SlotProcesses = true
	program := []string{"/usr/bin/env", slotTestEnv + "=1", os.Args[0]}
	res, err := Run(ctx, cfg, Options{Out: &out, SlotProgram: program, Relay: relay})
	run := matchRun{res: res, err: err, out: out.String()}
	if b, rerr := os.ReadFile(cfg.PGNOut); rerr == nil {
		run.pgn = string(b)
	}
	checkNoLeaks(t)
	return run
}

func TestSlotProcessesRecordWhatALocalRunRecords(t *testing.T) {
	needStockfish(t)
	cfg := spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=300 option.Hash=4 option.Threads=1"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=200 option.Hash=4 option.Threads=1"),
		},
		Schedule:     spec.Schedule{Games: 4},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Adjudication: spec.Adjudication{MaxMoves: 30},
		Outputs:      spec.Outputs{MoveFields: spec.MoveFields{PV: true, Nodes: true}},
	}
	localRelay := &RelayStats{} // --runner-stats, counted below
	local := runMatchOpts(t, cfg, Options{Relay: localRelay})
	slotRelay := &RelayStats{}
	slots := runSlotMatch(t, context.Background(), cfg, slotRelay)
	if local.err != nil || slots.err != nil {
		t.Fatalf("local: %v, slots: %v\n%s", local.err, slots.err, slots.out)
	}
	want, got := parseGames(t, local.pgn), parseGames(t, slots.pgn)
	if len(got) != 4 || len(want) != 4 {
		t.Fatalf("%d games with slot processes, %d without", len(got), len(want))
	}
	byRound := map[string]string{}
	for _, g := range want {
		byRound[g.tags["Round"]] = withoutTimes(g.moves)
	}
	for _, g := range got {
		if w := byRound[g.tags["Round"]]; withoutTimes(g.moves) != w {
			t.Errorf("round %s differs:\nslots %s\nlocal %s", g.tags["Round"], withoutTimes(g.moves), w)
		}
	}
	if slots.res.Played != 4 {
		t.Errorf("result counts %d games", slots.res.Played)
	}
	// --runner-stats: the slots' relays are counted as a local run's are.
	if slotRelay.Moves() == 0 || slotRelay.Moves() != localRelay.Moves() {
		t.Errorf("%d relays counted in slot processes, %d in one process", slotRelay.Moves(), localRelay.Moves())
	}
	if !regexp.MustCompile(`Runner: \d+ moves relayed, latency p50 [\d.]+ (ns|µs|ms), p90 [\d.]+ (ns|µs|ms), p99 [\d.]+ (ns|µs|ms|s) \(each within ±0\.8%\); runner CPU [\d.]+ µs per move`).MatchString(slots.out) {
		t.Errorf("no runner stats line with p50, p90 and p99:\n%s", slots.out)
	}
}

// timeInComment is a move's time in its PGN comment ("0.012s").
var timeInComment = regexp.MustCompile(`\d+\.\d+s\b`)

// withoutTimes drops the move times from PGN comments, the one thing two
// runs of the same games do not share, and the blank lines after the last
// game of a file (which game is last depends on which finished last).
func withoutTimes(movetext string) string {
	return strings.TrimSpace(timeInComment.ReplaceAllString(movetext, ""))
}

// A crash inside a slot process is charged to the engine that crashed, as
// in a local run, and the slot restarts it for the next game.
func TestSlotProcessChargesACrashToItsEngine(t *testing.T) {
	needStockfish(t)
	run := runSlotMatch(t, context.Background(), spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=mis arg=-mode=crash arg=-at=3 nodes=1"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=200 option.Hash=4"),
		},
		Schedule:     spec.Schedule{Games: 2},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Adjudication: spec.Adjudication{MaxMoves: 30},
	}, nil)
	wantEndings(t, run, []ending3{
		{"loss", "abandoned", "mis disconnects"},
		{"loss", "abandoned", "mis disconnects"},
	})
}

// Cancelling a run with slot processes stops their games unrecorded and
// leaves no process or goroutine behind.
func TestSlotProcessesStopWithTheRun(t *testing.T) {
	needStockfish(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	// The watcher ends with the test too: a run that fails before its
	// first game must not leave it for every later test's leak check.
	go func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			if b, _ := os.ReadFile(pgnPath); strings.Contains(string(b), "[Event ") {
				cancel()
				return
			}
		}
	}()
	run := runSlotMatch(t, ctx, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=2000 option.Hash=4"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=2000 option.Hash=4"),
		},
		Schedule:     spec.Schedule{Games: 200},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Adjudication: spec.Adjudication{MaxMoves: 10},
		Outputs:      spec.Outputs{PGNOut: pgnPath},
	}, nil)
	if run.err != nil || !run.res.Interrupted {
		t.Fatalf("err %v, interrupted %v", run.err, run.res != nil && run.res.Interrupted)
	}
	if games := len(parseGames(t, run.pgn)); games == 0 || games >= 200 || games != run.res.Played {
		t.Errorf("%d games in the PGN, %d counted", games, run.res.Played)
	}
}

// runMatchOpts is runMatch with options of the test's own.
func runMatchOpts(t *testing.T, cfg spec.Config, opt Options) matchRun {
	t.Helper()
	var out proctest.Output
	cfg.PGNOut = filepath.Join(t.TempDir(), "games.pgn")
	opt.Out = &out
	res, err := Run(context.Background(), cfg, opt)
	checkNoLeaks(t)
	pgnText, _ := os.ReadFile(cfg.PGNOut)
	return matchRun{res: res, err: err, out: out.String(), pgn: string(pgnText)}
}
