package xboard

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

const fairyMax = "/usr/games/fairymax"

// TestEditModeSetsUpPositionsOnFairyMax drives the real Fairy-Max, which has
// no setboard, through the edit-mode sequence for a white-to-move and a
// black-to-move position, and checks it finds the mates there.
func TestEditModeSetsUpPositionsOnFairyMax(t *testing.T) {
	if _, err := os.Stat(fairyMax); err != nil {
		t.Skip("fairymax not installed")
	}
	tests := []struct {
		fen      string
		wantMove string
		wantMate protocol.Score
	}{
		{"k7/8/2K5/8/8/8/8/7R w - - 0 1", "c6b6", mate(2)},
		{"8/8/8/8/8/5k2/4q3/7K b - - 0 1", "e2g2", mate(1)},
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, fairyMax)
			stdin, err := cmd.StdinPipe()
			must(t, err)
			stdout, err := cmd.StdoutPipe()
			must(t, err)
			must(t, cmd.Start())
			defer cmd.Wait()
			defer stdin.Close()

			var out []byte
			out = AppendCommand(out, CmdXboard)
			out = AppendCommandN(out, CmdProtover, 2)
			out = AppendCommand(out, CmdNew)
			out = AppendCommand(out, CmdPost)
			out, err = AppendEdit(out, tt.fen, false)
			must(t, err)
			out = AppendCommandN(out, CmdSd, 4)
			out = AppendCommand(out, CmdGo)
			_, err = stdin.Write(out)
			must(t, err)

			var msg EngineMessage
			var last protocol.Score
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				if err := ParseEngineLine(sc.Bytes(), &msg); err != nil {
					t.Fatalf("%q: %v", sc.Text(), err)
				}
				switch msg.Kind {
				case KindThinking:
					last = msg.Info.Score
				case KindMove:
					if msg.Move.String() != tt.wantMove || last != tt.wantMate {
						t.Errorf("moved %s after score %+v, want %s after %+v", msg.Move, last, tt.wantMove, tt.wantMate)
					}
					stdin.Write(AppendCommand(nil, CmdQuit))
					return
				case KindIllegalMove, KindError:
					t.Fatalf("engine refused our setup: %q", sc.Text())
				}
			}
			t.Fatalf("no move before the engine stopped: %v", sc.Err())
		})
	}
}
