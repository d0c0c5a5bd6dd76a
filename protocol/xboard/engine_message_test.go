package xboard

import (
	"errors"
	"testing"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

func TestParseEngineLineReadsRealEngineOutput(t *testing.T) {
	tests := []prototest.CaptureCase[EngineMessage]{
		{Name: "fairymax tellics", File: "fairymax_game.txt", Line: 1, Want: EngineMessage{Kind: KindTell, Command: "tellics", Text: "say     Fairy-Max 5.0b"}},
		{Name: "quoted feature", File: "fairymax_game.txt", Line: 3, Want: EngineMessage{Kind: KindFeature, Features: []Feature{{"myname", "Fairy-Max 5.0b"}}}},
		{Name: "several features on a line", File: "fairymax_game.txt", Line: 5, Want: EngineMessage{Kind: KindFeature, Features: []Feature{{"setboard", "0"}, {"xedit", "1"}, {"ping", "1"}, {"done", "0"}}}},
		{Name: "option feature keeps its declaration", File: "fairymax_game.txt", Line: 8, Want: EngineMessage{Kind: KindFeature, Features: []Feature{{"option", "Resign Threshold -spin 800 200 1200"}}}},
		{Name: "error for an unknown command", File: "fairymax_game.txt", Line: 22, Want: EngineMessage{Kind: KindError, Reason: "unknown command", Text: "usermove"}},
		{Name: "comment", File: "fairymax_game.txt", Line: 23, Want: EngineMessage{Kind: KindComment, Text: "times @ 98323800"}},
		{Name: "fairymax thinking", File: "fairymax_game.txt", Line: 30, Want: EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 5, Score: cp(10), Time: cs(1), Nodes: 25034,
			PV: moves("d7d5", "e4d5", "d8d5", "b1c3", "d5e5")}, PVText: []byte("d7d5 e4d5 d8d5 b1c3 d5e5")}},
		{Name: "move", File: "fairymax_game.txt", Line: 37, Want: EngineMessage{Kind: KindMove, Move: MoveTextOf("g8f6")}},
		{Name: "fairymax illegal move without a space", File: "fairymax_game.txt", Line: 38, Want: EngineMessage{Kind: KindIllegalMove, Move: MoveTextOf("e7e5"), Text: "e7e5"}},
		{Name: "fairymax empty line after illegal move", File: "fairymax_game.txt", Line: 39, Want: EngineMessage{}},
		{Name: "pong", File: "fairymax_game.txt", Line: 43, Want: EngineMessage{Kind: KindPong, Number: 7}},
		{Name: "fairymax mate in 1 is 100001", File: "fairymax_game.txt", Line: 48, Want: EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 2, Score: mate(1), Nodes: 275,
			PV: moves("d8h4")}, PVText: []byte("d8h4")}},
		{Name: "result claim", File: "fairymax_game.txt", Line: 56, Want: EngineMessage{Kind: KindResult, Result: BlackWins, Text: "Black mates"}},
		{Name: "fairymax mate in 2 is 100002", File: "fairymax_mate.txt", Line: 7, Want: EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 2, Score: mate(2), Time: cs(7), Nodes: 1265,
			PV: moves("c6b6", "a8b8", "h1h8")}, PVText: []byte("c6b6 a8b8 h1h8")}},
		{Name: "gnuchess banner is unknown", File: "gnuchess_xboard_game.txt", Line: 1, Want: EngineMessage{}},
		{Name: "gnuchess echo of our move is not its move", File: "gnuchess_xboard_game.txt", Line: 5, Want: EngineMessage{}},
		{Name: "gnuchess SAN thinking with a signed score", File: "gnuchess_xboard_game.txt", Line: 26, Want: EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 1, Score: cp(10), Nodes: 77}, PVText: []byte("Nc6")}},
		{Name: "gnuchess old-style move", File: "gnuchess_xboard_game.txt", Line: 32, Want: EngineMessage{Kind: KindMove, Move: MoveTextOf("g8f6")}},
		{Name: "gnuchess 'My move is' is not a second move", File: "gnuchess_xboard_game.txt", Line: 33, Want: EngineMessage{}},
		{Name: "gnuchess ponder move in parentheses", File: "gnuchess_xboard_game.txt", Line: 48, Want: EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 12, Score: cp(-17), Time: cs(448), Nodes: 4968337},
			PVText: []byte("(e5) Nd5 Nf3 Nc6 d4 e6 Bb5 Bb4+ Bd2 O-O O-O a6 Bxc6 dxc6 Bxb4 Nxb4")}},
		{Name: "gnuchess says Invalid for an illegal move", File: "gnuchess_xboard_game.txt", Line: 49, Want: EngineMessage{Kind: KindIllegalMove, Move: MoveTextOf("e2e5"), Text: "e2e5"}},
		{Name: "gnuchess mate in 3 plies is 9997", File: "gnuchess_xboard_mate.txt", Line: 9, Want: EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 2, Score: mate(2), Nodes: 314}, PVText: []byte("Kb6 Kb8 Rh8#")}},
		{Name: "gnuchess mated in 2 plies is -9998", File: "gnuchess_xboard_mate.txt", Line: 17, Want: EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 1, Score: mate(-1), Nodes: 9}, PVText: []byte("Kg1 Qg2#")}},
		{Name: "gnuchess mate in 1 ply is 9999", File: "gnuchess_xboard_mate.txt", Line: 28, Want: EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 1, Score: mate(1), Nodes: 13}, PVText: []byte("Ra8#")}},
		{Name: "gnuchess white mates", File: "gnuchess_xboard_mate.txt", Line: 34, Want: EngineMessage{Kind: KindResult, Result: WhiteWins, Text: "White mates"}},
		{Name: "gnuchess pong", File: "gnuchess_xboard_lag.txt", Line: 2, Want: EngineMessage{Kind: KindPong, Number: 1}},
	}
	prototest.ParsesCaptures(t, ParseEngineLine, sameMessage, tests)
}

// TestEveryCapturedLineParses reads whole captures: no line is an error, and
// the count of moves is the count of moves the engines made.
func TestEveryCapturedLineParses(t *testing.T) {
	files := map[string]int{ // file: moves the engine made in it
		"fairymax_game.txt": 2, "fairymax_mate.txt": 2,
		"gnuchess_xboard_game.txt": 1, "gnuchess_xboard_mate.txt": 3, "gnuchess_xboard_lag.txt": 0,
	}
	var msg EngineMessage
	for file, wantMoves := range files {
		n := 0
		for i, line := range realLines(t, file) {
			if err := ParseEngineLine(line, &msg); err != nil {
				t.Errorf("%s:%d: %v", file, i+1, err)
			}
			if msg.Kind == KindMove {
				n++
			}
		}
		if n != wantMoves {
			t.Errorf("%s: %d moves, want %d", file, n, wantMoves)
		}
	}
}

func TestParseEngineLineFromTheSpec(t *testing.T) {
	tests := []prototest.LineCase[EngineMessage]{
		{Line: "move e7e8q\r", Want: EngineMessage{Kind: KindMove, Move: MoveTextOf("e7e8q")}},
		{Line: "move exf8=Q+", Want: EngineMessage{Kind: KindMove, Move: MoveTextOf("exf8=Q+")}},
		{Line: "move O-O-O", Want: EngineMessage{Kind: KindMove, Move: MoveTextOf("O-O-O")}},
		{Line: "23. ... Nf3", Want: EngineMessage{Kind: KindMove, Move: MoveTextOf("Nf3")}},
		{Line: "Hint: e7e5", Want: EngineMessage{Kind: KindHint, Move: MoveTextOf("e7e5")}},
		{Line: "Illegal move: e2e5", Want: EngineMessage{Kind: KindIllegalMove, Move: MoveTextOf("e2e5"), Text: "e2e5"}},
		{Line: "Illegal move (in check): e1g1", Want: EngineMessage{Kind: KindIllegalMove, Reason: "in check", Move: MoveTextOf("e1g1"), Text: "e1g1"}},
		{Line: "Illegal moves are bad", Want: EngineMessage{}},
		{Line: "Error (too many arguments): sd 5 6", Want: EngineMessage{Kind: KindError, Reason: "too many arguments", Text: "sd 5 6"}},
		{Line: "1/2-1/2 {Draw by repetition}", Want: EngineMessage{Kind: KindResult, Result: Draw, Text: "Draw by repetition"}},
		{Line: "1-0 {White mates}  ", Want: EngineMessage{Kind: KindResult, Result: WhiteWins, Text: "White mates"}},
		{Line: "* {Unfinished}", Want: EngineMessage{Kind: KindResult, Result: Unfinished, Text: "Unfinished"}},
		{Line: "0-1", Want: EngineMessage{Kind: KindResult, Result: BlackWins}},
		{Line: "resign", Want: EngineMessage{Kind: KindResign}},
		{Line: "offer draw", Want: EngineMessage{Kind: KindOfferDraw}},
		{Line: "telluser Hello there", Want: EngineMessage{Kind: KindTell, Command: "telluser", Text: "Hello there"}},
		{Line: "tellopponent gg", Want: EngineMessage{Kind: KindTell, Command: "tellopponent", Text: "gg"}},
		{Line: "tellall x", Want: EngineMessage{Kind: KindTell, Command: "tellall", Text: "x"}},
		{Line: "tellothers y", Want: EngineMessage{Kind: KindTell, Command: "tellothers", Text: "y"}},
		{Line: "tellusererror oops", Want: EngineMessage{Kind: KindTell, Command: "tellusererror", Text: "oops"}},
		{Line: "askuser name What is your name?", Want: EngineMessage{Kind: KindAskUser, Command: "name", Text: "What is your name?"}},
		{Line: "#no space", Want: EngineMessage{Kind: KindComment, Text: "no space"}},
		{Line: "feature done=1 sigint=0 myname=\"A B C\" san=0", Want: EngineMessage{Kind: KindFeature,
			Features: []Feature{{"done", "1"}, {"sigint", "0"}, {"myname", "A B C"}, {"san", "0"}}}},
		{Line: "9 156 1084 48000 Nf3 Nc6 Nc3 Nf6", Want: EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 9, Score: cp(156), Time: cs(1084), Nodes: 48000}, PVText: []byte("Nf3 Nc6 Nc3 Nf6")}},
		{Line: "10 -100003 20 300 e2e4", Want: EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 10, Score: mate(-3), Time: cs(20), Nodes: 300, PV: moves("e2e4")}, PVText: []byte("e2e4")}},
		{Line: "12 31 500 70000 17 140000 5\te2e4 e7e5", Want: EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 12, Score: cp(31), Time: cs(500), Nodes: 70000, SelDepth: 17, NPS: 140000, TBHits: 5,
				PV: moves("e2e4", "e7e5")}, PVText: []byte("e2e4 e7e5")}},
		{Line: "12 31 500 70000 3\te2e4", Want: EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 12, Score: cp(31), Time: cs(500), Nodes: 70000, TBHits: 3, PV: moves("e2e4")}, PVText: []byte("e2e4")}},
		{Line: "12 31 500 70000 17 e2e4", Want: EngineMessage{Kind: KindThinking, // no tab: the integers belong to the pv
			Info: protocol.Info{Depth: 12, Score: cp(31), Time: cs(500), Nodes: 70000}, PVText: []byte("17 e2e4")}},
		{Line: "  4     -1        0       1787 c7c5 d2d4", Want: EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 4, Score: cp(-1), Nodes: 1787, PV: moves("c7c5", "d2d4")}, PVText: []byte("c7c5 d2d4")}},
		{Line: "    Nf3 Nc6 Bb5", Want: EngineMessage{Kind: KindPVMore, PVText: []byte("Nf3 Nc6 Bb5")}},
		{Line: "      12   50   100   2000 e2e4", Want: EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 12, Score: cp(50), Time: cs(100), Nodes: 2000, PV: moves("e2e4")}, PVText: []byte("e2e4")}},
		{Line: "1 2 3", Want: EngineMessage{}},
		{Line: "", Want: EngineMessage{}},
	}
	prototest.ParsesEngineLines(t, ParseEngineLine, sameMessage, tests)
}

func TestMalformedEngineLinesSayWhat(t *testing.T) {
	tests := []struct {
		line, want string
		kind       Kind
	}{
		{"move", "move: missing move", KindMove},
		{"move abcdefghijklmnopq", `move: bad move "abcdefghijklmnopq"`, KindMove},
		{"pong x", `pong: bad number "x"`, KindPong},
		{"feature done", `feature "done": missing =value`, KindFeature},
		{`feature myname="Unclosed`, "feature myname: unclosed quote", KindFeature},
	}
	for _, tt := range tests {
		var msg EngineMessage
		err := ParseEngineLine([]byte(tt.line), &msg)
		if err == nil || err.Error() != tt.want || msg.Kind != tt.kind {
			t.Errorf("%q: %v, %v; want %v, %q", tt.line, msg.Kind, err, tt.kind, tt.want)
		}
	}
	var msg EngineMessage
	err := ParseEngineLine([]byte("move abcdefghijklmnopq"), &msg)
	var me *MoveError
	if !errors.As(err, &me) || me.Token != "abcdefghijklmnopq" {
		t.Errorf("bad move: %v is not a *MoveError with the token", err)
	}
}

func TestDecodeScoreConventions(t *testing.T) {
	tests := []struct {
		v    int
		want protocol.Score
	}{
		{35, cp(35)}, {-250, cp(-250)}, {9800, cp(9800)}, {-31000, cp(-31000)},
		{100001, mate(1)}, {100012, mate(12)}, {-100001, mate(-1)}, {-100000, mate(0)}, // the protocol, Fairy-Max
		{9999, mate(1)}, {9997, mate(2)}, {9995, mate(3)}, {-9998, mate(-1)}, {-9996, mate(-2)}, // GNU Chess: 10000 - plies
		{31999, mate(1)}, {-31998, mate(-1)}, // 32000 - plies
		{32767, mate(1)}, {32763, mate(3)}, {-32766, mate(-1)}, // 32768 - plies
	}
	for _, tt := range tests {
		if got := DecodeScore(tt.v); got != tt.want {
			t.Errorf("DecodeScore(%d) = %+v, want %+v", tt.v, got, tt.want)
		}
	}
	for _, s := range []protocol.Score{cp(0), cp(-77), mate(1), mate(-4), mate(0)} {
		if got := DecodeScore(EncodeScore(s)); got != s {
			t.Errorf("%+v encoded as %d reads back as %+v", s, EncodeScore(s), got)
		}
	}
}

func TestReusedMessageForgetsThePreviousLine(t *testing.T) {
	var msg EngineMessage
	must(t, ParseEngineLine([]byte("feature ping=1 san=0"), &msg))
	must(t, ParseEngineLine([]byte(" 3 20 5 100 e2e4 e7e5"), &msg))
	must(t, ParseEngineLine([]byte(" 4 25 6 200 d2d4"), &msg))
	want := EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 4, Score: cp(25), Time: cs(6), Nodes: 200, PV: moves("d2d4")},
		PVText: []byte("d2d4")}
	if !sameMessage(msg, want) {
		t.Errorf("got %+v, want %+v", msg, want)
	}
	must(t, ParseEngineLine([]byte("feature done=1"), &msg))
	if len(msg.Features) != 1 || len(msg.Info.PV) != 0 {
		t.Errorf("kept old values: %+v", msg)
	}
}
