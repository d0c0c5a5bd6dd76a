package uci

import (
	"errors"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

func cp(v int) protocol.Score   { return protocol.Score{Kind: protocol.ScoreCP, Value: v} }
func mate(v int) protocol.Score { return protocol.Score{Kind: protocol.ScoreMate, Value: v} }

func TestParseEngineLineReadsRealEngineOutput(t *testing.T) {
	tests := []prototest.CaptureCase[EngineMessage]{
		{Name: "stockfish id name", File: "stockfish_startpos.txt", Line: 2, Want: EngineMessage{Kind: KindID, IDField: "name", IDValue: "Stockfish 15.1"}},
		{Name: "stockfish id author keeps spaces and parentheses", File: "stockfish_startpos.txt", Line: 3, Want: EngineMessage{Kind: KindID, IDField: "author", IDValue: "the Stockfish developers (see AUTHORS file)"}},
		{Name: "uciok", File: "stockfish_startpos.txt", Line: 26, Want: EngineMessage{Kind: KindUCIOK}},
		{Name: "readyok", File: "stockfish_startpos.txt", Line: 27, Want: EngineMessage{Kind: KindReadyOK}},
		{Name: "banner line is unknown", File: "stockfish_startpos.txt", Line: 1, Want: EngineMessage{Kind: KindUnknown}},
		{Name: "empty line is unknown", File: "stockfish_startpos.txt", Line: 4, Want: EngineMessage{Kind: KindUnknown}},
		{Name: "info string takes the rest of the line", File: "stockfish_startpos.txt", Line: 28, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{String: "NNUE evaluation using nn-ad9b42354671.nnue enabled"}}},
		{Name: "stockfish full info line", File: "stockfish_startpos.txt", Line: 34, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 6, SelDepth: 7, MultiPV: 1, Score: cp(34),
			Nodes: 1303, NPS: 434333, Time: ms(3), PV: moves("e2e4", "c7c5", "g1f3", "b8c6", "c2c3")}}},
		{Name: "bestmove with ponder", File: "stockfish_startpos.txt", Line: 41, Want: EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e2e4"), Ponder: protocol.MustParseMove("e7e6")}},
		{Name: "mate score with wdl skipped", File: "stockfish_mate_multipv_wdl.txt", Line: 8, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1, SelDepth: 1, MultiPV: 1, Score: mate(1),
			Nodes: 89, NPS: 89000, Time: ms(1), PV: moves("h5f7")}}},
		{Name: "second multipv line", File: "stockfish_mate_multipv_wdl.txt", Line: 9, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1, SelDepth: 1, MultiPV: 2, Score: cp(195),
			Nodes: 89, NPS: 89000, Time: ms(1), PV: moves("c4f7", "e8e7")}}},
		{Name: "bestmove without ponder", File: "stockfish_mate_multipv_wdl.txt", Line: 38, Want: EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("h5f7")}},
		{Name: "mated side has mate 0 at depth 0", File: "stockfish_mated.txt", Line: 1, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Score: mate(0)}}},
		{Name: "bestmove (none) is no move and no error", File: "stockfish_mated.txt", Line: 2, Want: EngineMessage{Kind: KindBestMove}},
		{Name: "being mated is a negative mate", File: "stockfish_mated.txt", Line: 9, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 5, SelDepth: 5, MultiPV: 1, Score: mate(-1),
			Nodes: 36, NPS: 36000, Time: ms(1), PV: moves("h1g1", "e2g2")}}},
		{Name: "long mate", File: "stockfish_mate_in_22.txt", Line: 1, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 21, SelDepth: 27, MultiPV: 1, Score: mate(22),
			Nodes: 406496, NPS: 1511137, HashFull: 47, Time: ms(269),
			PV: moves("a1b2", "e4d4", "b1f1", "d4d5", "b2c3", "d5e4", "f1h1", "e4e3", "h1b1", "e3e2", "c3d4",
				"e2f2", "d4d3", "f2g3", "b1f1", "g3h2", "d3e4", "h2g3", "f1g1", "g3h4", "e4d4")}}},
		{Name: "currmove", File: "stockfish_currmove.txt", Line: 4, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 22, CurrMove: protocol.MustParseMove("d1c2"), CurrMoveNumber: 2}}},
		{Name: "negative cp and big counts", File: "stockfish_currmove.txt", Line: 9, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 25, SelDepth: 34, MultiPV: 1, Score: cp(-414),
			Nodes: 2779544, NPS: 555686, HashFull: 864, Time: ms(5002),
			PV: moves("c4d5", "e6d5", "f1d3", "e7b4", "h2h3", "b4c3", "b2c3", "c8e6", "e1g1", "a8c8", "d1b1",
				"c6a5", "f3g5", "h7h6", "g5e6", "f7e6", "b1b4", "d8c7", "b4a4", "a5c4")}}},
		{Name: "gnuchess bare depth", File: "gnuchess_uci.txt", Line: 25, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1}}},
		{Name: "gnuchess puts time before nodes", File: "gnuchess_uci.txt", Line: 26, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1, SelDepth: 1, Score: cp(-40), Nodes: 2, PV: moves("a7a5")}}},
		{Name: "gnuchess cpuload is skipped", File: "gnuchess_uci.txt", Line: 50, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Time: ms(42), Nodes: 36951}}},
		{Name: "gnuchess hashfull alone", File: "gnuchess_uci.txt", Line: 51, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{HashFull: 5}}},
		{Name: "gnuchess mate", File: "gnuchess_uci_mate.txt", Line: 6, Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 1, SelDepth: 3, Score: mate(-1), Nodes: 9, PV: moves("h1g1", "e2g2")}}},
		{Name: "gnuchess names its null move a1a1 when mated", File: "gnuchess_uci_mate.txt", Line: 49, Want: EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("a1a1")}},
	}
	prototest.ParsesCaptures(t, ParseEngineLine, sameMessage, tests)
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
	tests := []prototest.LineCase[EngineMessage]{
		{Line: "  bestmove\te2e4   ponder  e7e5 \r",
			Want: EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e2e4"), Ponder: protocol.MustParseMove("e7e5")}},
		{Line: "bestmove e7e8q\r", Want: EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e7e8q")}},
		{Line: "bestmove e7e8Q ponder a2a1N", Want: EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e7e8q"),
			Ponder: protocol.MustParseMove("a2a1n")}},
		{Line: "bestmove 0000", Want: EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("0000")}},
		{Line: "bestmove e2e4 ponder (none)", Want: EngineMessage{Kind: KindBestMove, BestMove: protocol.MustParseMove("e2e4")}},
		{Line: "\tinfo  depth\t3   score  cp  -7 \r", Want: EngineMessage{Kind: KindInfo, Info: protocol.Info{Depth: 3, Score: cp(-7)}}},
		{Line: "uciok\r", Want: EngineMessage{Kind: KindUCIOK}},
		{Line: "id name  Two  Spaces \r", Want: EngineMessage{Kind: KindID, IDField: "name", IDValue: "Two  Spaces"}},
		{Line: "copyprotection ok", Want: EngineMessage{Kind: KindCopyProtection, Status: "ok"}},
		{Line: "registration checking", Want: EngineMessage{Kind: KindRegistration, Status: "checking"}},
		{Line: "readyokay", Want: EngineMessage{Kind: KindUnknown}},
		{Line: "", Want: EngineMessage{Kind: KindUnknown}},
	}
	prototest.ParsesEngineLines(t, ParseEngineLine, sameMessage, tests)
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
