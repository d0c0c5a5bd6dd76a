package uci

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

func TestParseCommand(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3"
	tests := []prototest.LineCase[Command]{
		{Line: "uci", Want: Command{Kind: CmdUCI}},
		{Line: "isready\r", Want: Command{Kind: CmdIsReady}},
		{Line: "ucinewgame", Want: Command{Kind: CmdUCINewGame}},
		{Line: "stop", Want: Command{Kind: CmdStop}},
		{Line: "ponderhit", Want: Command{Kind: CmdPonderHit}},
		{Line: "quit", Want: Command{Kind: CmdQuit}},
		{Line: "debug on", Want: Command{Kind: CmdDebug, Debug: true}},
		{Line: "debug off", Want: Command{Kind: CmdDebug}},
		{Line: "joho debug on", Want: Command{Kind: CmdDebug, Debug: true}},
		{Line: "setoption name Hash value 128", Want: Command{Kind: CmdSetOption, Name: "Hash", Value: "128"}},
		{Line: "setoption name Move Overhead value 30", Want: Command{Kind: CmdSetOption, Name: "Move Overhead", Value: "30"}},
		{Line: "setoption name Clear Hash", Want: Command{Kind: CmdSetOption, Name: "Clear Hash"}},
		{Line: "setoption name SyzygyPath value /tb/a b;/tb/c", Want: Command{Kind: CmdSetOption, Name: "SyzygyPath", Value: "/tb/a b;/tb/c"}},
		{Line: "register later", Want: Command{Kind: CmdRegister, Value: "later"}},
		{Line: "position startpos", Want: Command{Kind: CmdPosition}},
		{Line: "position startpos moves e2e4 e7e5 e1g1", Want: Command{Kind: CmdPosition, Moves: moves("e2e4", "e7e5", "e1g1")}},
		{Line: "position fen " + fen, Want: Command{Kind: CmdPosition, FEN: fen}},
		{Line: "position  fen  " + fen + "  moves h5f7 ", Want: Command{Kind: CmdPosition, FEN: fen, Moves: moves("h5f7")}},
		{Line: "position fen 8/8/8/8/8/5k2/4q3/7K w - -", Want: Command{Kind: CmdPosition, FEN: "8/8/8/8/8/5k2/4q3/7K w - -"}},
		{Line: "go depth 12", Want: Command{Kind: CmdGo, Go: Go{Depth: 12}}},
		{Line: "go wtime 300000 btime 299000 winc 2000 binc 2000 movestogo 40",
			Want: Command{Kind: CmdGo, Go: Go{Clock: true, WTime: 300 * time.Second, BTime: 299 * time.Second,
				WInc: 2 * time.Second, BInc: 2 * time.Second, MovesToGo: 40}}},
		{Line: "go wtime -20 btime 1000", Want: Command{Kind: CmdGo, Go: Go{Clock: true, BTime: time.Second}}},
		{Line: "go ponder wtime 1 btime 2", Want: Command{Kind: CmdGo, Go: Go{Ponder: true, Clock: true, WTime: ms(1), BTime: ms(2)}}},
		{Line: "go movetime 250", Want: Command{Kind: CmdGo, Go: Go{MoveTime: ms(250)}}},
		{Line: "go nodes 1000000 mate 3", Want: Command{Kind: CmdGo, Go: Go{Nodes: 1000000, Mate: 3}}},
		{Line: "go infinite searchmoves e2e4 d2d4", Want: Command{Kind: CmdGo, Go: Go{Infinite: true, SearchMoves: moves("e2e4", "d2d4")}}},
		{Line: "go", Want: Command{Kind: CmdGo}},
		{Line: "hello world", Want: Command{}},
		{Line: "", Want: Command{}},
	}
	prototest.ParsesCommands(t, ParseCommand, tests)
}

func TestParseCommandErrorsSayWhatWasWrong(t *testing.T) {
	tests := []prototest.LineCase[string]{
		{Line: "position startpos moves e2e4 e9e4", Want: `position: bad move "e9e4"`},
		{Line: "position fen", Want: "position: missing FEN"},
		{Line: "position fen moves e2e4", Want: "position: missing FEN"},
		{Line: "position somewhere", Want: `position: want startpos or fen, got "somewhere"`},
		{Line: "position startpos e2e4", Want: `position: unexpected "e2e4"`},
		{Line: "go wtime soon", Want: `go: bad wtime "soon"`},
		{Line: "go movetime -5", Want: `go: bad movetime "-5"`},
		{Line: "go depth", Want: `go: bad depth ""`},
		{Line: "go nodes many", Want: `go: bad nodes "many"`},
		{Line: "setoption Hash value 1", Want: "setoption: missing name"},
		{Line: "setoption name value 1", Want: "setoption: missing name"},
		{Line: "debug maybe", Want: `debug: want on or off, got "maybe"`},
	}
	prototest.RefusesCommands(t, ParseCommand, tests)
	_, err := ParseCommand("position startpos moves e2e4 e9e4")
	var me *MoveError
	if !errors.As(err, &me) || me.Token != "e9e4" {
		t.Errorf("bad position move: %v is not a *MoveError for e9e4", err)
	}
}

func TestAppendGo(t *testing.T) {
	tests := []struct {
		g    Go
		want string
	}{
		{Go{WTime: time.Second, BTime: time.Second, WInc: ms(10), BInc: ms(10), MovesToGo: 5},
			"go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5\n"},
		{Go{Clock: true, WTime: 1500 * time.Millisecond, BTime: -40 * time.Millisecond},
			"go wtime 1500 btime 0 winc 0 binc 0\n"},
		{Go{WTime: ms(900), BTime: ms(800)}, "go wtime 900 btime 800\n"},
		{Go{Depth: 12}, "go depth 12\n"},
		{Go{MoveTime: 250 * time.Millisecond}, "go movetime 250\n"},
		{Go{Nodes: 5000, Mate: 2}, "go nodes 5000 mate 2\n"},
		{Go{Infinite: true, SearchMoves: moves("e2e4", "d2d4")}, "go infinite searchmoves e2e4 d2d4\n"},
		{Go{Ponder: true, Clock: true, WTime: ms(5), BTime: ms(6), WInc: ms(1), BInc: ms(2)},
			"go ponder wtime 5 btime 6 winc 1 binc 2\n"},
		{Go{}, "go\n"},
		{Go{Clock: true, NoClockB: true, WTime: ms(900), WInc: ms(10), MoveTime: ms(50)}, "go wtime 900 winc 10 movetime 50\n"},
		{Go{Clock: true, NoClockW: true, BTime: ms(700)}, "go btime 700 binc 0\n"},
	}
	for _, tt := range tests {
		if got := string(AppendGo(nil, &tt.g)); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestGoRoundTrip(t *testing.T) {
	gos := []Go{
		{Clock: true, WTime: 61 * time.Second, BTime: 59 * time.Second, WInc: ms(600), BInc: ms(600), MovesToGo: 12},
		{Clock: true},
		{Ponder: true, Clock: true, WTime: ms(1), BTime: ms(2)},
		{Depth: 9, Nodes: 1 << 40, Mate: 4, MoveTime: ms(77)},
		{Infinite: true, SearchMoves: moves("a7a8n", "e1c1")},
	}
	for _, g := range gos {
		line := AppendGo(nil, &g)
		c, err := ParseCommand(string(line))
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if c.Kind != CmdGo || !reflect.DeepEqual(c.Go, g) {
			t.Errorf("%q:\n got %+v\nwant %+v", line, c.Go, g)
		}
	}
}

func TestPositionRoundTrip(t *testing.T) {
	tests := []struct {
		fen   string
		moves []protocol.Move
		want  string
	}{
		{"", nil, "position startpos\n"},
		{"", moves("e2e4", "c7c5"), "position startpos moves e2e4 c7c5\n"},
		{"8/8/8/8/8/5k2/4q3/7K w - - 0 1", nil, "position fen 8/8/8/8/8/5k2/4q3/7K w - - 0 1\n"},
		{"8/P7/8/8/8/5k2/8/7K w - - 0 1", moves("a7a8q"), "position fen 8/P7/8/8/8/5k2/8/7K w - - 0 1 moves a7a8q\n"},
	}
	for _, tt := range tests {
		line := AppendPosition(nil, tt.fen, tt.moves)
		if string(line) != tt.want {
			t.Errorf("wrote %q, want %q", line, tt.want)
		}
		c, err := ParseCommand(string(line))
		if err != nil || c.Kind != CmdPosition || c.FEN != tt.fen || !reflect.DeepEqual(c.Moves, tt.moves) {
			t.Errorf("%q: read back %+v, %v", line, c, err)
		}
	}
}

func TestSetOptionRoundTrip(t *testing.T) {
	tests := []struct{ name, value, want string }{
		{"Hash", "64", "setoption name Hash value 64\n"},
		{"Move Overhead", "100", "setoption name Move Overhead value 100\n"},
		{"Clear Hash", "", "setoption name Clear Hash\n"},
		{"SyzygyPath", "/a b/c", "setoption name SyzygyPath value /a b/c\n"},
	}
	for _, tt := range tests {
		line := AppendSetOption(nil, tt.name, tt.value)
		if string(line) != tt.want {
			t.Errorf("wrote %q, want %q", line, tt.want)
		}
		c, err := ParseCommand(string(line))
		if err != nil || c.Kind != CmdSetOption || c.Name != tt.name || c.Value != tt.value {
			t.Errorf("%q: read back %+v, %v", line, c, err)
		}
	}
}

func TestBestMoveRoundTrip(t *testing.T) {
	tests := []struct {
		best, ponder protocol.Move
		want         string
	}{
		{protocol.MustParseMove("e2e4"), protocol.MustParseMove("e7e5"), "bestmove e2e4 ponder e7e5\n"},
		{protocol.MustParseMove("a7a8q"), protocol.Move{}, "bestmove a7a8q\n"},
		{protocol.Move{}, protocol.Move{}, "bestmove (none)\n"},
		{protocol.MustParseMove("0000"), protocol.Move{}, "bestmove 0000\n"},
	}
	for _, tt := range tests {
		line := AppendBestMove(nil, tt.best, tt.ponder)
		if string(line) != tt.want {
			t.Errorf("wrote %q, want %q", line, tt.want)
		}
		var msg EngineMessage
		if err := ParseEngineLine(line[:len(line)-1], &msg); err != nil || msg.BestMove != tt.best || msg.Ponder != tt.ponder {
			t.Errorf("%q: read back %+v, %v", line, msg, err)
		}
	}
}
