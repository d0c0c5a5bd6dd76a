package enginehost

import (
	"context"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// The host decides from a game's ending whether its engine plays the next
// game: the culprit of an ending that calls for a fresh process is
// replaced, its opponent and an engine that lost on time are not. A search
// the ending left open is stopped and its move read before the next game,
// which then gets the move of its own position.
func TestEndingsDecideWhetherTheEngineIsReused(t *testing.T) {
	needProgram(t, "/usr/games/stockfish")
	ctx := context.Background()
	start := func(t *testing.T, depth int) *Engine {
		cfg := spec.DefaultEngineConfig()
		cfg.Name, cfg.Cmd, cfg.Timeout = "stockfish", "/usr/games/stockfish", 10*time.Second
		cfg.TC.Depth = depth
		e, err := Start(ctx, &cfg, Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(e.Close)
		if err := e.NewGame(ctx, ""); err != nil {
			t.Fatal(err)
		}
		return e
	}
	for _, tc := range []struct {
		name   string
		end    record.End
		side   record.Color
		reused bool
	}{
		{"illegal move: its culprit is replaced", record.IllegalMove(record.White, "e2e5"), record.White, false},
		{"illegal move: the opponent plays on", record.IllegalMove(record.White, "e2e5"), record.Black, true},
		{"a stall: its culprit is replaced", record.Stall(record.Black), record.Black, false},
		{"a time loss leaves the engine fit to play", record.LossOnTime(record.White), record.White, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := start(t, 1)
			e.GameOver(tc.end, tc.side)
			if got := e.Reusable(ctx, spec.RestartAuto); got != tc.reused {
				t.Errorf("reusable %v, want %v", got, tc.reused)
			}
		})
	}
	t.Run("a search left open is stopped first", func(t *testing.T) {
		e := start(t, 60) // far deeper than the test waits
		hist := NewHistory("", false)
		if _, err := e.Think(hist, Clocks{}, record.White); err != nil {
			t.Fatal(err)
		}
		e.GameOver(record.LossOnTime(record.White), record.White) // the flag fell: its move is not read
		if !e.Reusable(ctx, spec.RestartAuto) {
			t.Fatal("an engine that stops when told is not reusable")
		}
		e.Config().TC.Depth = 1
		if err := e.NewGame(ctx, "8/8/8/8/8/8/k7/7K w - - 0 1"); err != nil {
			t.Fatal(err)
		}
		hist = NewHistory("8/8/8/8/8/8/k7/7K w - - 0 1", false)
		if _, err := e.Think(hist, Clocks{}, record.White); err != nil {
			t.Fatal(err)
		}
		for ev := range e.Events() {
			if ev.Kind == KindMove {
				if from := ev.Move.String()[:2]; from != "h1" {
					t.Errorf("the next game's move is %s: the last game's search answered it", ev.Move)
				}
				return
			}
		}
		t.Fatal("the engine exited")
	})
}
