package uci

import (
	"errors"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

func cp(v int) protocol.Score   { return protocol.Score{Kind: protocol.ScoreCP, Value: v} }
func mate(v int) protocol.Score { return protocol.Score{Kind: protocol.ScoreMate, Value: v} }

func TestParseEngineLineReadsRealEngineOutput(t *testing.T) {
	tests := []struct {
		name string
		file string
		line int
		want EngineMessage
	}{
		{"stockfish id name", "stockfish_startpos.txt", 2,
			EngineMessage{Kind: KindID, IDField: "name", IDValue: "Stockfish 15.1"}},
		{"stockfish id author keeps spaces and parentheses", "stockfish_startpos.txt", 3,
			EngineMessage{Kind: KindID, IDField: "author", IDValue: "the Stockfish developers (see AUTHORS file)"}},
		{"uciok", "stockfish_startpos.txt", 26, EngineMessage{Kind: KindUCIOK}},
		{"readyok", "stockfish_startpos.txt", 27, EngineMessage{Kind: KindReadyOK}},
		{"banner line is unknown", "stockfish_startpos.txt", 1, EngineMessage{Kind: KindUnknown}},
		{"empty line is unknown", "stockfish_startpos.txt", 4, EngineMessage{Kind: KindUnknown}},
		{"info string takes the rest of the line", "stockfish_startpos.txt", 28,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{String: "NNUE evaluation using nn-ad9b42354671.nnue enabled"}}},
		{"stockfish full info line", "stockfish_startpos.txt", 34,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 6, SelDepth: 7, MultiPV: 1, Score: cp(34),
				Nodes: 1303, NPS: 434333, Time: ms(3), PV: moves("e2e4", "c7c5", "g1f3", "b8c6", "c2c3")}}},
		{"bestmove with ponder", "stockfish_startpos.txt", 41,
			EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e2e4"), Ponder: protocol.MustParseMove("e7e6")}},
		{"mate score with wdl skipped", "stockfish_mate_multipv_wdl.txt", 8,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1, SelDepth: 1, MultiPV: 1, Score: mate(1),
				Nodes: 89, NPS: 89000, Time: ms(1), PV: moves("h5f7")}}},
		{"second multipv line", "stockfish_mate_multipv_wdl.txt", 9,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1, SelDepth: 1, MultiPV: 2, Score: cp(195),
				Nodes: 89, NPS: 89000, Time: ms(1), PV: moves("c4f7", "e8e7")}}},
		{"bestmove without ponder", "stockfish_mate_multipv_wdl.txt", 38,
			EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("h5f7")}},
		{"mated side has mate 0 at depth 0", "stockfish_mated.txt", 1,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Score: mate(0)}}},
		{"bestmove (none) is no move and no error", "stockfish_mated.txt", 2,
			EngineMessage{Kind: KindBestMove}},
		{"being mated is a negative mate", "stockfish_mated.txt", 9,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 5, SelDepth: 5, MultiPV: 1, Score: mate(-1),
				Nodes: 36, NPS: 36000, Time: ms(1), PV: moves("h1g1", "e2g2")}}},
		{"long mate", "stockfish_mate_in_22.txt", 1,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 21, SelDepth: 27, MultiPV: 1, Score: mate(22),
				Nodes: 406496, NPS: 1511137, HashFull: 47, Time: ms(269),
				PV: moves("a1b2", "e4d4", "b1f1", "d4d5", "b2c3", "d5e4", "f1h1", "e4e3", "h1b1", "e3e2", "c3d4",
					"e2f2", "d4d3", "f2g3", "b1f1", "g3h2", "d3e4", "h2g3", "f1g1", "g3h4", "e4d4")}}},
		{"currmove", "stockfish_currmove.txt", 4,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 22, CurrMove: protocol.MustParseMove("d1c2"), CurrMoveNumber: 2}}},
		{"negative cp and big counts", "stockfish_currmove.txt", 9,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 25, SelDepth: 34, MultiPV: 1, Score: cp(-414),
				Nodes: 2779544, NPS: 555686, HashFull: 864, Time: ms(5002),
				PV: moves("c4d5", "e6d5", "f1d3", "e7b4", "h2h3", "b4c3", "b2c3", "c8e6", "e1g1", "a8c8", "d1b1",
					"c6a5", "f3g5", "h7h6", "g5e6", "f7e6", "b1b4", "d8c7", "b4a4", "a5c4")}}},
		{"gnuchess bare depth", "gnuchess_uci.txt", 25,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1}}},
		{"gnuchess puts time before nodes", "gnuchess_uci.txt", 26,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1, SelDepth: 1, Score: cp(-40), Nodes: 2, PV: moves("a7a5")}}},
		{"gnuchess cpuload is skipped", "gnuchess_uci.txt", 50,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Time: ms(42), Nodes: 36951}}},
		{"gnuchess hashfull alone", "gnuchess_uci.txt", 51,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{HashFull: 5}}},
		{"gnuchess mate", "gnuchess_uci_mate.txt", 6,
			EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1, SelDepth: 3, Score: mate(-1), Nodes: 9, PV: moves("h1g1", "e2g2")}}},
		{"gnuchess names its null move a1a1 when mated", "gnuchess_uci_mate.txt", 49,
			EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("a1a1")}},
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

// TestEveryCapturedLineParses reads whole captures: every line parses without
// error and gets the kind its first word names.
func TestEveryCapturedLineParses(t *testing.T) {
	files := []string{"stockfish_startpos.txt", "stockfish_mate_multipv_wdl.txt", "stockfish_mated.txt",
		"stockfish_currmove.txt", "stockfish_mate_in_22.txt", "gnuchess_uci.txt", "gnuchess_uci_mate.txt"}
	var msg EngineMessage
	for _, file := range files {
		for i, line := range realLines(t, file) {
			if err := ParseEngineLine(line, &msg); err != nil {
				t.Errorf("%s:%d: %v", file, i+1, err)
				continue
			}
			first, _, _ := strings.Cut(string(line), " ")
			want := first
			if msg.Kind == KindUnknown {
				want = "unknown"
			}
			if msg.Kind.String() != want {
				t.Errorf("%s:%d: kind %v, line starts with %q", file, i+1, msg.Kind, first)
			}
			if msg.Kind == KindInfo && strings.Contains(string(line), " pv ") && len(msg.Info.PV) == 0 {
				t.Errorf("%s:%d: pv lost", file, i+1)
			}
		}
	}
}

func TestParseEngineLineToleratesSpacing(t *testing.T) {
	tests := []struct {
		line string
		want EngineMessage
	}{
		{"  bestmove\te2e4   ponder  e7e5 \r",
			EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e2e4"), Ponder: protocol.MustParseMove("e7e5")}},
		{"bestmove e7e8q\r", EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e7e8q")}},
		{"bestmove e7e8Q ponder a2a1N", EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e7e8q"),
			Ponder: protocol.MustParseMove("a2a1n")}},
		{"bestmove 0000", EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("0000")}},
		{"bestmove e2e4 ponder (none)", EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e2e4")}},
		{"\tinfo  depth\t3   score  cp  -7 \r", EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 3, Score: cp(-7)}}},
		{"uciok\r", EngineMessage{Kind: KindUCIOK}},
		{"id name  Two  Spaces \r", EngineMessage{Kind: KindID, IDField: "name", IDValue: "Two  Spaces"}},
		{"copyprotection ok", EngineMessage{Kind: KindCopyProtection, Status: "ok"}},
		{"registration checking", EngineMessage{Kind: KindRegistration, Status: "checking"}},
		{"readyokay", EngineMessage{Kind: KindUnknown}},
		{"", EngineMessage{Kind: KindUnknown}},
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

func TestMalformedBestMoveReportsTheToken(t *testing.T) {
	tests := []struct {
		line, token, text string
	}{
		{"bestmove xyz", "xyz", `bestmove: bad move "xyz"`},
		{"bestmove e2e9 ponder e7e5", "e2e9", `bestmove: bad move "e2e9"`},
		{"bestmove e7e8x", "e7e8x", `bestmove: bad move "e7e8x"`}, // e7e8k is antichess's promotion to king
		{"bestmove", "", "bestmove: missing move"},
		{"bestmove   \r", "", "bestmove: missing move"},
	}
	for _, tt := range tests {
		var msg EngineMessage
		err := ParseEngineLine([]byte(tt.line), &msg)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("%q: error %v, want a *MoveError", tt.line, err)
			continue
		}
		if msg.Kind != KindBestMove || me.Token != tt.token || err.Error() != tt.text {
			t.Errorf("%q: kind %v, token %q, error %q; want bestmove, %q, %q", tt.line, msg.Kind, me.Token, err, tt.token, tt.text)
		}
	}
}

func TestReusedMessageForgetsThePreviousLine(t *testing.T) {
	var msg EngineMessage
	must(t, ParseEngineLine([]byte("info depth 9 score cp 5 pv e2e4 e7e5 g1f3"), &msg))
	must(t, ParseEngineLine([]byte("info depth 10 pv d2d4"), &msg))
	want := protocol.Info{Depth: 10, PV: moves("d2d4")}
	if !sameMessage(msg, EngineMessage{Kind: KindInfo, Info: want}) {
		t.Errorf("got %+v, want %+v", msg.Info, want)
	}
	must(t, ParseEngineLine([]byte("bestmove d2d4"), &msg))
	if msg.Info.Depth != 0 || len(msg.Info.PV) != 0 || msg.Kind != KindBestMove {
		t.Errorf("bestmove kept info: %+v", msg)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
