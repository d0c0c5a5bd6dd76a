package uci

import (
	"testing"

	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

// The fuzz targets check that no input panics. `go test` runs only the seed
// corpus (every captured line); `go test -fuzz FuzzParseEngineLine` explores.

func FuzzParseEngineLine(f *testing.F) {
	prototest.AddCaptures(f)
	f.Add("info score lowerbound")
	f.Add("info currline 1")
	f.Add("option name type var default")
	f.Fuzz(func(t *testing.T, line string) {
		var msg EngineMessage
		_ = ParseEngineLine([]byte(line), &msg)
		if msg.Kind == KindInfo {
			AppendInfo(nil, &msg.Info)
		}
	})
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"uci", "position startpos moves e2e4", "position fen 8/8/8/8/8/8/8/8 w - - 0 1 moves",
		"go wtime 1 btime 2 searchmoves e2e4", "setoption name A B value C D", "debug on", "register later"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err == nil && c.Kind == CmdGo {
			AppendGo(nil, &c.Go)
		}
	})
}
