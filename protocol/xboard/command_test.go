package xboard

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

func TestParseCommand(t *testing.T) {
	const fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	e2e4 := protocol.MustParseMove("e2e4")
	tests := []prototest.LineCase[Command]{
		{Line: "xboard", Want: Command{Kind: CmdXboard}},
		{Line: "protover 2", Want: Command{Kind: CmdProtover, N: 2}},
		{Line: "accepted setboard", Want: Command{Kind: CmdAccepted, Name: "setboard"}},
		{Line: "rejected san", Want: Command{Kind: CmdRejected, Name: "san"}},
		{Line: "new", Want: Command{Kind: CmdNew}},
		{Line: "variant fischerandom", Want: Command{Kind: CmdVariant, Name: "fischerandom"}},
		{Line: "force\r", Want: Command{Kind: CmdForce}},
		{Line: "go", Want: Command{Kind: CmdGo}},
		{Line: "setboard " + fen, Want: Command{Kind: CmdSetboard, FEN: fen}},
		{Line: "usermove e2e4", Want: Command{Kind: CmdUserMove, Move: e2e4}},
		{Line: "usermove\te7e8q", Want: Command{Kind: CmdUserMove, Move: protocol.MustParseMove("e7e8q")}},
		{Line: "e2e4", Want: Command{Kind: CmdUserMove, Move: e2e4}},
		{Line: "time 30000", Want: Command{Kind: CmdTime, Time: 300 * time.Second}},
		{Line: "otim 150", Want: Command{Kind: CmdOtim, Time: 1500 * time.Millisecond}},
		{Line: "otim -20", Want: Command{Kind: CmdOtim, Time: -200 * time.Millisecond}},
		{Line: "level 40 5 0", Want: Command{Kind: CmdLevel, Level: Level{Moves: 40, Base: 5 * time.Minute}}},
		{Line: "level 0 2:30 1.5", Want: Command{Kind: CmdLevel, Level: Level{Base: 150 * time.Second, Inc: 1500 * time.Millisecond}}},
		{Line: "level 0 0:05 0.1", Want: Command{Kind: CmdLevel, Level: Level{Base: 5 * time.Second, Inc: 100 * time.Millisecond}}},
		{Line: "st 10", Want: Command{Kind: CmdSt, Time: 10 * time.Second}},
		{Line: "sd 12", Want: Command{Kind: CmdSd, N: 12}},
		{Line: "post", Want: Command{Kind: CmdPost}},
		{Line: "nopost", Want: Command{Kind: CmdNopost}},
		{Line: "ping 42", Want: Command{Kind: CmdPing, N: 42}},
		{Line: "undo", Want: Command{Kind: CmdUndo}},
		{Line: "remove", Want: Command{Kind: CmdRemove}},
		{Line: "result 1-0 {White mates}", Want: Command{Kind: CmdResult, Name: WhiteWins, Value: "White mates"}},
		{Line: "result 1/2-1/2 {Draw by repetition}", Want: Command{Kind: CmdResult, Name: Draw, Value: "Draw by repetition"}},
		{Line: "result *", Want: Command{Kind: CmdResult, Name: Unfinished}},
		{Line: "quit", Want: Command{Kind: CmdQuit}},
		{Line: "?", Want: Command{Kind: CmdMoveNow}},
		{Line: "hard", Want: Command{Kind: CmdHard}},
		{Line: "easy", Want: Command{Kind: CmdEasy}},
		{Line: "memory 256", Want: Command{Kind: CmdMemory, N: 256}},
		{Line: "cores 2", Want: Command{Kind: CmdCores, N: 2}},
		{Line: "option Resign Threshold=600", Want: Command{Kind: CmdOption, Name: "Resign Threshold", Value: "600", HasValue: true}},
		{Line: "option Book File=", Want: Command{Kind: CmdOption, Name: "Book File", HasValue: true}},
		{Line: "option Clear Hash", Want: Command{Kind: CmdOption, Name: "Clear Hash"}},
		{Line: "name Fairy-Max", Want: Command{Kind: CmdName, Name: "Fairy-Max"}},
		{Line: "rating 2100 1900", Want: Command{Kind: CmdRating, Value: "2100 1900"}},
		{Line: "frobnicate", Want: Command{}},
		{Line: "e2e9", Want: Command{}},
		{Line: "", Want: Command{}},
	}
	prototest.ParsesCommands(t, ParseCommand, tests)
}

func TestParseCommandErrorsSayWhatWasWrong(t *testing.T) {
	tests := []prototest.LineCase[string]{
		{Line: "usermove e9e4", Want: `usermove: bad move "e9e4"`},
		{Line: "usermove", Want: "usermove: missing move"},
		{Line: "protover two", Want: `protover: bad number "two"`},
		{Line: "sd -1", Want: `sd: bad number "-1"`},
		{Line: "time soon", Want: `time: bad centiseconds "soon"`},
		{Line: "st NaN", Want: `st: bad seconds "NaN"`},
		{Line: "level 40 5", Want: `level: want MOVES MIN[:SEC] INC, got "40 5"`},
		{Line: "level x 5 0", Want: `level: bad moves "x"`},
		{Line: "level 40 5:xx 0", Want: `level: bad base "5:xx"`},
		{Line: "level 40 5 -1", Want: `level: bad increment "-1"`},
		{Line: "setboard", Want: "setboard: missing FEN"},
		{Line: "option =5", Want: "option: missing name"},
		{Line: "result 2-0 {?}", Want: `result: bad result "2-0"`},
	}
	prototest.RefusesCommands(t, ParseCommand, tests)
	_, err := ParseCommand("usermove e9e4")
	var me *MoveError
	if !errors.As(err, &me) || me.Token != "e9e4" {
		t.Errorf("%v is not a *MoveError for e9e4", err)
	}
}

// TestGUICommandsRoundTrip writes every command the runner sends and reads
// it back with the engine's parser.
func TestGUICommandsRoundTrip(t *testing.T) {
	e2e4 := protocol.MustParseMove("e2e4")
	tests := []struct {
		line []byte
		text string
		want Command
	}{
		{AppendCommand(nil, CmdXboard), "xboard\n", Command{Kind: CmdXboard}},
		{AppendCommand(nil, CmdNew), "new\n", Command{Kind: CmdNew}},
		{AppendCommand(nil, CmdMoveNow), "?\n", Command{Kind: CmdMoveNow}},
		{AppendCommand(nil, CmdEasy), "easy\n", Command{Kind: CmdEasy}},
		{AppendCommandN(nil, CmdProtover, 2), "protover 2\n", Command{Kind: CmdProtover, N: 2}},
		{AppendCommandN(nil, CmdPing, 3), "ping 3\n", Command{Kind: CmdPing, N: 3}},
		{AppendCommandN(nil, CmdSd, 9), "sd 9\n", Command{Kind: CmdSd, N: 9}},
		{AppendCommandN(nil, CmdMemory, 64), "memory 64\n", Command{Kind: CmdMemory, N: 64}},
		{AppendCommandN(nil, CmdCores, 1), "cores 1\n", Command{Kind: CmdCores, N: 1}},
		{AppendCommandArg(nil, CmdAccepted, "usermove"), "accepted usermove\n", Command{Kind: CmdAccepted, Name: "usermove"}},
		{AppendCommandArg(nil, CmdRejected, "san"), "rejected san\n", Command{Kind: CmdRejected, Name: "san"}},
		{AppendCommandArg(nil, CmdVariant, "normal"), "variant normal\n", Command{Kind: CmdVariant, Name: "normal"}},
		{AppendCommandArg(nil, CmdSetboard, "8/8/8/8/8/5k2/4q3/7K b - - 0 1"), "setboard 8/8/8/8/8/5k2/4q3/7K b - - 0 1\n",
			Command{Kind: CmdSetboard, FEN: "8/8/8/8/8/5k2/4q3/7K b - - 0 1"}},
		{AppendClock(nil, CmdTime, 61234*time.Millisecond), "time 6123\n", Command{Kind: CmdTime, Time: 61230 * time.Millisecond}},
		{AppendClock(nil, CmdOtim, -time.Second), "otim 0\n", Command{Kind: CmdOtim}},
		{AppendSt(nil, 5*time.Second), "st 5\n", Command{Kind: CmdSt, Time: 5 * time.Second}},
		{AppendSt(nil, 300*time.Millisecond), "st 1\n", Command{Kind: CmdSt, Time: time.Second}},
		{AppendLevel(nil, Level{Moves: 40, Base: 5 * time.Minute}), "level 40 5 0\n", Command{Kind: CmdLevel, Level: Level{Moves: 40, Base: 5 * time.Minute}}},
		{AppendLevel(nil, Level{Base: 150 * time.Second, Inc: 1500 * time.Millisecond}), "level 0 2:30 1.5\n",
			Command{Kind: CmdLevel, Level: Level{Base: 150 * time.Second, Inc: 1500 * time.Millisecond}}},
		{AppendLevel(nil, Level{Base: 8 * time.Second, Inc: 80 * time.Millisecond}), "level 0 0:08 0.08\n",
			Command{Kind: CmdLevel, Level: Level{Base: 8 * time.Second, Inc: 80 * time.Millisecond}}},
		{AppendUserMove(nil, e2e4, true), "usermove e2e4\n", Command{Kind: CmdUserMove, Move: e2e4}},
		{AppendUserMove(nil, e2e4, false), "e2e4\n", Command{Kind: CmdUserMove, Move: e2e4}},
		{AppendResult(nil, BlackWins, "White resigns"), "result 0-1 {White resigns}\n", Command{Kind: CmdResult, Name: BlackWins, Value: "White resigns"}},
		{AppendSetOption(nil, "Resign Threshold", "600"), "option Resign Threshold=600\n",
			Command{Kind: CmdOption, Name: "Resign Threshold", Value: "600", HasValue: true}},
		{AppendPushButton(nil, "Clear Hash"), "option Clear Hash\n", Command{Kind: CmdOption, Name: "Clear Hash"}},
	}
	for _, tt := range tests {
		if string(tt.line) != tt.text {
			t.Errorf("wrote %q, want %q", tt.line, tt.text)
		}
		got, err := ParseCommand(string(tt.line))
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: read back %+v, %v; want %+v", tt.line, got, err, tt.want)
		}
	}
	if got := string(AppendUserMoveText(nil, "exf8=Q+", true)); got != "usermove exf8=Q+\n" {
		t.Errorf("SAN user move: %q", got)
	}
}

// TestEngineOutputRoundTrip writes what the built-in engine sends and reads
// it back with the runner's parser.
func TestEngineOutputRoundTrip(t *testing.T) {
	info := protocol.Info{Depth: 9, Score: mate(-3), Time: 1230 * time.Millisecond, Nodes: 48000, PV: moves("e2e4", "e7e5")}
	infoX := protocol.Info{Depth: 12, Score: cp(31), Time: 5 * time.Second, Nodes: 70000, SelDepth: 17, NPS: 14000, TBHits: 0, PV: moves("d2d4")}
	tests := []struct {
		line []byte
		text string
		want EngineMessage
	}{
		{AppendMove(nil, protocol.MustParseMove("e7e8q")), "move e7e8q\n", EngineMessage{Kind: KindMove, Move: MoveTextOf("e7e8q")}},
		{AppendPong(nil, 12), "pong 12\n", EngineMessage{Kind: KindPong, Number: 12}},
		{AppendResultClaim(nil, Draw, "Stalemate"), "1/2-1/2 {Stalemate}\n", EngineMessage{Kind: KindResult, Result: Draw, Text: "Stalemate"}},
		{AppendIllegalMove(nil, "", "e2e5"), "Illegal move: e2e5\n", EngineMessage{Kind: KindIllegalMove, Move: MoveTextOf("e2e5"), Text: "e2e5"}},
		{AppendIllegalMove(nil, "in check", "e1g1"), "Illegal move (in check): e1g1\n",
			EngineMessage{Kind: KindIllegalMove, Reason: "in check", Move: MoveTextOf("e1g1"), Text: "e1g1"}},
		{AppendError(nil, "unknown command", "frob"), "Error (unknown command): frob\n", EngineMessage{Kind: KindError, Reason: "unknown command", Text: "frob"}},
		{AppendComment(nil, "book move"), "# book move\n", EngineMessage{Kind: KindComment, Text: "book move"}},
		{AppendThinking(nil, &info), "9 -100003 123 48000 e2e4 e7e5\n",
			EngineMessage{Kind: KindThinking, Info: info, PVText: []byte("e2e4 e7e5")}},
		{AppendThinking(nil, &infoX), "12 31 500 70000 17 14000 0\td2d4\n",
			EngineMessage{Kind: KindThinking, Info: infoX, PVText: []byte("d2d4")}},
	}
	for _, tt := range tests {
		if string(tt.line) != tt.text {
			t.Errorf("wrote %q, want %q", tt.line, tt.text)
		}
		var got EngineMessage
		if err := ParseEngineLine(tt.line[:len(tt.line)-1], &got); err != nil || !sameMessage(got, tt.want) {
			t.Errorf("%q: read back %+v, %v\nwant %+v", tt.line, got, err, tt.want)
		}
	}
}

func TestAppendEdit(t *testing.T) {
	tests := []struct {
		fen      string
		prefixed bool
		want     string
	}{
		{"k7/8/2K5/8/8/8/8/7R w - - 0 1", false, "force\nedit\n#\nRh1\nKc6\nc\nKa8\n.\n"},
		{"8/8/8/8/8/5k2/4q3/7K b - - 0 1", false, "force\na2a3\nedit\n#\nKh1\nc\nQe2\nKf3\n.\n"},
		{"8/8/8/8/8/5k2/4q3/7K b - - 0 1", true, "force\nusermove a2a3\nedit\n#\nKh1\nc\nQe2\nKf3\n.\n"},
	}
	for _, tt := range tests {
		got, err := AppendEdit(nil, tt.fen, tt.prefixed)
		if err != nil || string(got) != tt.want {
			t.Errorf("%q:\n got %q, %v\nwant %q", tt.fen, got, err, tt.want)
		}
	}
	for fen, want := range map[string]string{
		"8/8/8 w - - 0 1":                 `edit: FEN "8/8/8 w - - 0 1": 3 ranks`,
		"8/8/8/8/8/8/8/7 w - - 0 1":       `edit: FEN "8/8/8/8/8/8/8/7 w - - 0 1": rank 1 has 7 squares`,
		"8/8/8/8/8/8/8/6X1 w - - 0 1":     `edit: FEN "8/8/8/8/8/8/8/6X1 w - - 0 1": bad piece 'X'`,
		"8/8/8/8/8/8/8/8 x - - 0 1":       `edit: FEN "8/8/8/8/8/8/8/8 x - - 0 1": bad side to move "x"`,
		"8/8/8/8/8/8/8/8":                 `edit: FEN "8/8/8/8/8/8/8/8": want placement and side to move`,
		"8/8/8/8/8/8/8/ppppppppp w - - 0": `edit: FEN "8/8/8/8/8/8/8/ppppppppp w - - 0": rank 1 has 9 squares`,
	} {
		if _, err := AppendEdit(nil, fen, false); err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %q", fen, err, want)
		}
	}
}
