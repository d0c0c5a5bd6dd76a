package runner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner/spec"
)

// The fault matrix of engine processes: each row is one way an engine's
// process can misbehave, with the result it must get, the side blamed, the
// PGN, a bound on the time it may take where that matters, and (by
// runMatch) no goroutine or process left behind.
func TestFaultMatrixProcesses(t *testing.T) {
	needStockfish(t)
	mis := misengine(t)
	dir := t.TempDir()
	// A wrapper script that runs the engine without exec: the shell stays
	// the engine's process, the real engine is its child on the same pipes.
	wrapper := filepath.Join(dir, "wrapper.sh")
	writeScript(t, wrapper, "#!/bin/sh\n"+mis+" \"$@\"\necho wrapper done >&2\n")
	// A wrapper that works once and then cannot start the engine again.
	once := filepath.Join(dir, "once.sh")
	marker := filepath.Join(dir, "started")
	writeScript(t, once, "#!/bin/sh\nif [ -e "+marker+" ]; then exit 1; fi\ntouch "+marker+"\nexec "+mis+" \"$@\"\n")

	rows := []struct {
		name    string
		spec    string        // misengine's engine spec, after cmd=
		games   int           // games to play
		within  time.Duration // the whole run ends within this (a hang fails it)
		endings []ending3
		wantErr string // the run's error, if it ends with one
	}{
		{
			name: "crash while a forked child holds stdout", spec: mis + " arg=-mode=crash arg=-at=2 arg=-holder=group tc=5+0.05",
			games: 2, within: 40 * time.Second,
			endings: []ending3{{"loss", "abandoned", "mis disconnects"}, {"loss", "abandoned", "mis disconnects"}},
		},
		{
			// timeout=2: after the flag, the runner waits that long (not
			// the default 10 s) for the hung engine's answer to stop
			// before it starts a fresh one for the next game.
			name: "hang while a forked child holds stdout", spec: mis + " arg=-mode=hang arg=-at=2 arg=-holder=group tc=1+0.01 timeout=2",
			games: 2, within: 40 * time.Second,
			endings: []ending3{{"loss", "time forfeit", "mis loses on time"}, {"loss", "time forfeit", "mis loses on time"}},
		},
		{
			name: "shell wrapper without exec hangs", spec: wrapper + " arg=-mode=hang arg=-at=2 tc=1+0.01 timeout=2",
			games: 2, within: 40 * time.Second,
			endings: []ending3{{"loss", "time forfeit", "mis loses on time"}, {"loss", "time forfeit", "mis loses on time"}},
		},
		{
			// Late through stop: the loss is recorded at the flag, not after
			// the 30 s the engine would take to answer stop (timeout=30).
			// timemargin=3000: a forfeit is void when autoplay itself was
			// starved for longer than the margin during the move, and the
			// game played again after those 30 s (66 s once at load 9, with
			// the default 0.1 s margin); 3 s is the heartbeat's own bound.
			name: "late engine is forfeited at the flag", spec: mis + " arg=-mode=late arg=-at=2 arg=-delay=60s tc=1+0.01 timeout=30 timemargin=3000",
			games: 1, within: 20 * time.Second,
			endings: []ending3{{"loss", "time forfeit", "mis loses on time"}},
		},
		{
			// It crashes in game 1, then cannot be restarted: each failed
			// start loses one game; the third in a row ends the run.
			name: "failed restarts lose games, then end the run", spec: once + " arg=-mode=crash arg=-at=2 tc=5+0.05",
			games: 8, within: 60 * time.Second,
			endings: []ending3{{"loss", "abandoned", "mis disconnects"}, {"loss", "abandoned", "mis fails to start"}, {"loss", "abandoned", "mis fails to start"}},
			wantErr: "failed to start 3 times in a row",
		},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			os.Remove(marker)
			start := time.Now()
			run := runMatch(t, spec.Config{
				Engines: []spec.EngineConfig{
					engineSpec(t, "name=mis cmd="+row.spec),
					engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=200 option.Hash=4 tc=5+0.05"),
				},
				Schedule:     spec.Schedule{Games: row.games},
				Adjudication: spec.Adjudication{MaxMoves: 30},
			})
			if took := time.Since(start); took > row.within {
				t.Errorf("took %v, want at most %v", took, row.within)
			}
			if row.wantErr != "" {
				if run.err == nil || !strings.Contains(run.err.Error(), row.wantErr) {
					t.Fatalf("error %v, want %q", run.err, row.wantErr)
				}
				run.err = nil
			}
			wantEndings(t, run, row.endings)
			if left := proctest.Holders(mis); len(left) > 0 {
				t.Errorf("processes forked by the engine survive: %v", left)
			}
		})
	}
}

// A stop (Ctrl-C) while games run scores nothing that happens to the
// engines afterwards, even an engine that dies at that very moment.
func TestStopScoresNothingAfterIt(t *testing.T) {
	needStockfish(t)
	ctx, cancel := context.WithCancel(context.Background())
	var out proctest.Output
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	go func() {
		// Cancel once the first game is running.
		for !strings.Contains(out.String(), "Started game 1") {
			time.Sleep(20 * time.Millisecond)
		}
		time.Sleep(300 * time.Millisecond)
		cancel()
	}()
	res, err := Run(ctx, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=mis arg=-mode=slow arg=-delay=50ms tc=30+1"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=200 option.Hash=4 tc=30+1"),
		},
		Schedule:  spec.Schedule{Games: 4},
		Outputs:   spec.Outputs{PGNOut: pgnPath},
		Reporting: spec.Reporting{Verbose: true},
	}, Options{Out: &out})
	cancel()
	if err != nil {
		t.Fatalf("a stop is not an error: %v", err)
	}
	if !res.Interrupted {
		t.Error("not marked interrupted")
	}
	pgnText, _ := os.ReadFile(pgnPath)
	if len(bytes.TrimSpace(pgnText)) > 0 {
		t.Errorf("a game was recorded after the stop:\n%s", pgnText)
	}
	checkNoLeaks(t)
}

// An engine's stderr goes to the --log, marked '!'.
func TestEngineStderrGoesToTheLog(t *testing.T) {
	log := logOfOneGame(t, "arg=-stderr tc=5+0.05", "tc=5+0.05", 5)
	for _, want := range []string{" ! misengine: stderr line at start", " ! misengine: stderr at go 1"} {
		if !strings.Contains(string(log), want) {
			t.Errorf("log lacks %q", want)
		}
	}
}

// logOfOneGame plays one game of misengine (misSpec added to its spec)
// against stockfish at 200 nodes (sfSpec added) and returns the --log.
func logOfOneGame(t *testing.T, misSpec, sfSpec string, maxMoves int) []byte {
	t.Helper()
	needStockfish(t)
	logPath := filepath.Join(t.TempDir(), "io.log")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=mis "+misSpec),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=200 option.Hash=4 "+sfSpec),
		},
		Schedule:     spec.Schedule{Games: 1},
		Adjudication: spec.Adjudication{MaxMoves: maxMoves},
		Outputs:      spec.Outputs{LogFile: logPath},
	})
	if run.err != nil {
		t.Fatalf("match error: %v\n%s", run.err, run.out)
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

func writeScript(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
}
