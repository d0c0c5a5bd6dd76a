package xboard

import (
	"testing"

	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

// The fuzz targets check that no input panics. `go test` runs only the seed
// corpus (every captured line); `go test -fuzz FuzzParseEngineLine` explores.

func FuzzParseEngineLine(f *testing.F) {
	prototest.AddCaptures(f)
	f.Add("1 2 3 4 5 6 7 8 9\t\t")
	f.Add("Illegal move (")
	f.Add("Error (x")
	f.Add(`feature a="`)
	f.Fuzz(func(t *testing.T, line string) {
		var msg EngineMessage
		_ = ParseEngineLine([]byte(line), &msg)
		if msg.Kind == KindFeature {
			for _, f := range msg.Features {
				if f.Name == "option" {
					if o, err := ParseOption(f.Value); err == nil {
						AppendOption(nil, &o)
					}
				}
			}
		}
		if msg.Kind == KindThinking {
			AppendThinking(nil, &msg.Info)
		}
	})
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"xboard", "protover 2", "level 40 5:30 1.5", "usermove e2e4", "e7e8q", "time 100",
		"option A B=C", "result 1-0 {x}", "setboard 8/8/8/8/8/8/8/8 w - - 0 1", "st 0.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err == nil && c.Kind == CmdLevel {
			AppendLevel(nil, c.Level)
		}
		if err == nil && c.Kind == CmdSetboard {
			AppendEdit(nil, c.FEN, true)
		}
	})
}
