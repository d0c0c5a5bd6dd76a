package xboard

import (
	"errors"
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

func TestParseEngineLineReadsRealEngineOutput(t *testing.T) {
	tests := []struct {
		name string
		file string
		line int
		want EngineMessage
	}{
		{"fairymax tellics", "fairymax_game.txt", 1,
			EngineMessage{Kind: KindTell, Command: "tellics", Text: "say     Fairy-Max 5.0b"}},
		{"quoted feature", "fairymax_game.txt", 3,
			EngineMessage{Kind: KindFeature, Features: []Feature{{"myname", "Fairy-Max 5.0b"}}}},
		{"several features on a line", "fairymax_game.txt", 5,
			EngineMessage{Kind: KindFeature, Features: []Feature{{"setboard", "0"}, {"xedit", "1"}, {"ping", "1"}, {"done", "0"}}}},
		{"option feature keeps its declaration", "fairymax_game.txt", 8,
			EngineMessage{Kind: KindFeature, Features: []Feature{{"option", "Resign Threshold -spin 800 200 1200"}}}},
		{"error for an unknown command", "fairymax_game.txt", 22,
			EngineMessage{Kind: KindError, Reason: "unknown command", Text: "usermove"}},
		{"comment", "fairymax_game.txt", 23, EngineMessage{Kind: KindComment, Text: "times @ 98323800"}},
		{"fairymax thinking", "fairymax_game.txt", 30,
			EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 5, Score: cp(10), Time: cs(1), Nodes: 25034,
				PV: moves("d7d5", "e4d5", "d8d5", "b1c3", "d5e5")}, PVText: []byte("d7d5 e4d5 d8d5 b1c3 d5e5")}},
		{"move", "fairymax_game.txt", 37, EngineMessage{Kind: KindMove, Move: MoveTextOf("g8f6")}},
		{"fairymax illegal move without a space", "fairymax_game.txt", 38,
			EngineMessage{Kind: KindIllegalMove, Move: MoveTextOf("e7e5"), Text: "e7e5"}},
		{"fairymax empty line after illegal move", "fairymax_game.txt", 39, EngineMessage{}},
		{"pong", "fairymax_game.txt", 43, EngineMessage{Kind: KindPong, Number: 7}},
		{"fairymax mate in 1 is 100001", "fairymax_game.txt", 48,
			EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 2, Score: mate(1), Nodes: 275,
				PV: moves("d8h4")}, PVText: []byte("d8h4")}},
		{"result claim", "fairymax_game.txt", 56, EngineMessage{Kind: KindResult, Result: BlackWins, Text: "Black mates"}},
		{"fairymax mate in 2 is 100002", "fairymax_mate.txt", 7,
			EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 2, Score: mate(2), Time: cs(7), Nodes: 1265,
				PV: moves("c6b6", "a8b8", "h1h8")}, PVText: []byte("c6b6 a8b8 h1h8")}},
		{"gnuchess banner is unknown", "gnuchess_xboard_game.txt", 1, EngineMessage{}},
		{"gnuchess echo of our move is not its move", "gnuchess_xboard_game.txt", 5, EngineMessage{}},
		{"gnuchess SAN thinking with a signed score", "gnuchess_xboard_game.txt", 26,
			EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 1, Score: cp(10), Nodes: 77}, PVText: []byte("Nc6")}},
		{"gnuchess old-style move", "gnuchess_xboard_game.txt", 32, EngineMessage{Kind: KindMove, Move: MoveTextOf("g8f6")}},
		{"gnuchess 'My move is' is not a second move", "gnuchess_xboard_game.txt", 33, EngineMessage{}},
		{"gnuchess ponder move in parentheses", "gnuchess_xboard_game.txt", 48,
			EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 12, Score: cp(-17), Time: cs(448), Nodes: 4968337},
				PVText: []byte("(e5) Nd5 Nf3 Nc6 d4 e6 Bb5 Bb4+ Bd2 O-O O-O a6 Bxc6 dxc6 Bxb4 Nxb4")}},
		{"gnuchess says Invalid for an illegal move", "gnuchess_xboard_game.txt", 49,
			EngineMessage{Kind: KindIllegalMove, Move: MoveTextOf("e2e5"), Text: "e2e5"}},
		{"gnuchess mate in 3 plies is 9997", "gnuchess_xboard_mate.txt", 9,
			EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 2, Score: mate(2), Nodes: 314}, PVText: []byte("Kb6 Kb8 Rh8#")}},
		{"gnuchess mated in 2 plies is -9998", "gnuchess_xboard_mate.txt", 17,
			EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 1, Score: mate(-1), Nodes: 9}, PVText: []byte("Kg1 Qg2#")}},
		{"gnuchess mate in 1 ply is 9999", "gnuchess_xboard_mate.txt", 28,
			EngineMessage{Kind: KindThinking, Info: protocol.Info{Depth: 1, Score: mate(1), Nodes: 13}, PVText: []byte("Ra8#")}},
		{"gnuchess white mates", "gnuchess_xboard_mate.txt", 34, EngineMessage{Kind: KindResult, Result: WhiteWins, Text: "White mates"}},
		{"gnuchess pong", "gnuchess_xboard_lag.txt", 2, EngineMessage{Kind: KindPong, Number: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got EngineMessage
			if err := ParseEngineLine(realLine(t, tt.file, tt.line), &got); err != nil {
				t.Fatalf("%s:%d: %v", tt.file, tt.line, err)
			}
			if !sameMessage(got, tt.want) {
				t.Errorf("%s:%d:\n got %+v\nwant %+v", tt.file, tt.line, got, tt.want)
			}
		})
	}
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
	tests := []struct {
		line string
		want EngineMessage
	}{
		{"move e7e8q\r", EngineMessage{Kind: KindMove, Move: MoveTextOf("e7e8q")}},
		{"move exf8=Q+", EngineMessage{Kind: KindMove, Move: MoveTextOf("exf8=Q+")}},
		{"move O-O-O", EngineMessage{Kind: KindMove, Move: MoveTextOf("O-O-O")}},
		{"23. ... Nf3", EngineMessage{Kind: KindMove, Move: MoveTextOf("Nf3")}},
		{"Hint: e7e5", EngineMessage{Kind: KindHint, Move: MoveTextOf("e7e5")}},
		{"Illegal move: e2e5", EngineMessage{Kind: KindIllegalMove, Move: MoveTextOf("e2e5"), Text: "e2e5"}},
		{"Illegal move (in check): e1g1", EngineMessage{Kind: KindIllegalMove, Reason: "in check", Move: MoveTextOf("e1g1"), Text: "e1g1"}},
		{"Illegal moves are bad", EngineMessage{}},
		{"Error (too many arguments): sd 5 6", EngineMessage{Kind: KindError, Reason: "too many arguments", Text: "sd 5 6"}},
		{"1/2-1/2 {Draw by repetition}", EngineMessage{Kind: KindResult, Result: Draw, Text: "Draw by repetition"}},
		{"1-0 {White mates}  ", EngineMessage{Kind: KindResult, Result: WhiteWins, Text: "White mates"}},
		{"* {Unfinished}", EngineMessage{Kind: KindResult, Result: Unfinished, Text: "Unfinished"}},
		{"0-1", EngineMessage{Kind: KindResult, Result: BlackWins}},
		{"resign", EngineMessage{Kind: KindResign}},
		{"offer draw", EngineMessage{Kind: KindOfferDraw}},
		{"telluser Hello there", EngineMessage{Kind: KindTell, Command: "telluser", Text: "Hello there"}},
		{"tellopponent gg", EngineMessage{Kind: KindTell, Command: "tellopponent", Text: "gg"}},
		{"tellall x", EngineMessage{Kind: KindTell, Command: "tellall", Text: "x"}},
		{"tellothers y", EngineMessage{Kind: KindTell, Command: "tellothers", Text: "y"}},
		{"tellusererror oops", EngineMessage{Kind: KindTell, Command: "tellusererror", Text: "oops"}},
		{"askuser name What is your name?", EngineMessage{Kind: KindAskUser, Command: "name", Text: "What is your name?"}},
		{"#no space", EngineMessage{Kind: KindComment, Text: "no space"}},
		{"feature done=1 sigint=0 myname=\"A B C\" san=0", EngineMessage{Kind: KindFeature,
			Features: []Feature{{"done", "1"}, {"sigint", "0"}, {"myname", "A B C"}, {"san", "0"}}}},
		{"9 156 1084 48000 Nf3 Nc6 Nc3 Nf6", EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 9, Score: cp(156), Time: cs(1084), Nodes: 48000}, PVText: []byte("Nf3 Nc6 Nc3 Nf6")}},
		{"10 -100003 20 300 e2e4", EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 10, Score: mate(-3), Time: cs(20), Nodes: 300, PV: moves("e2e4")}, PVText: []byte("e2e4")}},
		{"12 31 500 70000 17 140000 5\te2e4 e7e5", EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 12, Score: cp(31), Time: cs(500), Nodes: 70000, SelDepth: 17, NPS: 140000, TBHits: 5,
				PV: moves("e2e4", "e7e5")}, PVText: []byte("e2e4 e7e5")}},
		{"12 31 500 70000 3\te2e4", EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 12, Score: cp(31), Time: cs(500), Nodes: 70000, TBHits: 3, PV: moves("e2e4")}, PVText: []byte("e2e4")}},
		{"12 31 500 70000 17 e2e4", EngineMessage{Kind: KindThinking, // no tab: the integers belong to the pv
			Info: protocol.Info{Depth: 12, Score: cp(31), Time: cs(500), Nodes: 70000}, PVText: []byte("17 e2e4")}},
		{"  4     -1        0       1787 c7c5 d2d4", EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 4, Score: cp(-1), Nodes: 1787, PV: moves("c7c5", "d2d4")}, PVText: []byte("c7c5 d2d4")}},
		{"    Nf3 Nc6 Bb5", EngineMessage{Kind: KindPVMore, PVText: []byte("Nf3 Nc6 Bb5")}},
		{"      12   50   100   2000 e2e4", EngineMessage{Kind: KindThinking,
			Info: protocol.Info{Depth: 12, Score: cp(50), Time: cs(100), Nodes: 2000, PV: moves("e2e4")}, PVText: []byte("e2e4")}},
		{"1 2 3", EngineMessage{}},
		{"", EngineMessage{}},
	}
	for _, tt := range tests {
		var got EngineMessage
		if err := ParseEngineLine([]byte(tt.line), &got); err != nil {
			t.Errorf("%q: %v", tt.line, err)
			continue
		}
		if !sameMessage(got, tt.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tt.line, got, tt.want)
		}
	}
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
