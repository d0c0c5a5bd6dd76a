package uci

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// Fields the captures above do not show, as the UCI spec words them.
func TestParseInfoFieldsFromTheSpec(t *testing.T) {
	tests := []struct {
		name, line string
		want       protocol.Info
	}{
		{"lowerbound after the value", "info depth 20 score cp 35 lowerbound nodes 10",
			protocol.Info{Depth: 20, Score: protocol.Score{Kind: protocol.ScoreCP, Value: 35, Bound: protocol.BoundLower}, Nodes: 10}},
		{"upperbound after the value", "info score cp -12 upperbound time 1500",
			protocol.Info{Score: protocol.Score{Kind: protocol.ScoreCP, Value: -12, Bound: protocol.BoundUpper}, Time: ms(1500)}},
		{"bound before the kind", "info score lowerbound mate 3",
			protocol.Info{Score: protocol.Score{Kind: protocol.ScoreMate, Value: 3, Bound: protocol.BoundLower}}},
		{"mated in three", "info depth 12 score mate -3 pv e1d1 d8d1",
			protocol.Info{Depth: 12, Score: mate(-3), PV: moves("e1d1", "d8d1")}},
		{"tbhits", "info tbhits 123456789012", protocol.Info{TBHits: 123456789012}},
		{"refutation moves are skipped", "info refutation d1h5 g6h5 depth 4",
			protocol.Info{Depth: 4}},
		{"currline with cpu number is skipped", "info currline 1 d1h5 g6h5 nodes 7",
			protocol.Info{Nodes: 7}},
		{"currline without cpu number is skipped", "info currline d1h5 g6h5 nodes 7",
			protocol.Info{Nodes: 7}},
		{"unknown single token is skipped", "info ebf depth 3", protocol.Info{Depth: 3}},
		{"pv stops at the first non-move", "info pv e2e4 e7e5 nodes 9",
			protocol.Info{PV: moves("e2e4", "e7e5"), Nodes: 9}},
		{"promotion and castling in pv", "info pv e7e8q e8g8 0000",
			protocol.Info{PV: moves("e7e8q", "e8g8", "0000")}},
		{"string keeps inner spacing", "info depth 1 string hello   world  \r",
			protocol.Info{Depth: 1, String: "hello   world"}},
		{"string eats later field names", "info string depth 5",
			protocol.Info{String: "depth 5"}},
		// A time that cannot be so is kept for the runner to report, not
		// lost with the line's score.
		{"a time below 0 is kept", "info score cp 7 time -5000",
			protocol.Info{Score: protocol.Score{Kind: protocol.ScoreCP, Value: 7}, Time: ms(-5000)}},
		{"a time past a Duration is held at its limit", "info time 99999999999999999",
			protocol.Info{Time: time.Duration(maxTimeMillis) * time.Millisecond}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var msg EngineMessage
			if err := ParseEngineLine([]byte(tt.line), &msg); err != nil {
				t.Fatal(err)
			}
			if !sameMessage(msg, EngineMessage{Kind: KindInfo, Info: tt.want}) {
				t.Errorf("%q:\n got %+v\nwant %+v", tt.line, msg.Info, tt.want)
			}
		})
	}
}

func TestMalformedInfoSaysWhichField(t *testing.T) {
	tests := []struct{ line, want string }{
		{"info depth x", `info: bad depth "x"`},
		{"info nodes -5", `info: bad nodes "-5"`},
		{"info time", `info: bad time ""`},
		{"info score cp", `info: bad score cp ""`},
		{"info score 35", "info: score without cp or mate"},
		{"info nps 99999999999999999999", `info: bad nps "99999999999999999999"`},
		{"info currmove z9", `info currmove: bad move "z9"`},
	}
	for _, tt := range tests {
		var msg EngineMessage
		err := ParseEngineLine([]byte(tt.line), &msg)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: error %v, want %q", tt.line, err, tt.want)
		}
		if msg.Kind != KindInfo {
			t.Errorf("%q: kind %v, want info", tt.line, msg.Kind)
		}
	}
}

func TestAppendInfoWritesOnlySetFieldsInOrder(t *testing.T) {
	tests := []struct {
		info protocol.Info
		want string
	}{
		{protocol.Info{}, "info\n"},
		{protocol.Info{Depth: 12, SelDepth: 18, MultiPV: 1, Score: mate(-3), Nodes: 1000, NPS: 50000,
			HashFull: 12, TBHits: 4, Time: ms(20), PV: moves("e2e4", "e7e5")},
			"info depth 12 seldepth 18 multipv 1 score mate -3 nodes 1000 nps 50000 hashfull 12 tbhits 4 time 20 pv e2e4 e7e5\n"},
		{protocol.Info{Depth: 3, Score: protocol.Score{Kind: protocol.ScoreCP, Value: 0, Bound: protocol.BoundUpper}},
			"info depth 3 score cp 0 upperbound\n"},
		{protocol.Info{Score: protocol.Score{Kind: protocol.ScoreCP, Value: 40, Bound: protocol.BoundLower}},
			"info score cp 40 lowerbound\n"},
		{protocol.Info{Depth: 7, CurrMove: protocol.MustParseMove("g1f3"), CurrMoveNumber: 3},
			"info depth 7 currmove g1f3 currmovenumber 3\n"},
		{protocol.Info{Depth: 2, String: "book move"}, "info depth 2 string book move\n"},
	}
	for _, tt := range tests {
		if got := string(AppendInfo(nil, &tt.info)); got != tt.want {
			t.Errorf("got  %q\nwant %q", got, tt.want)
		}
	}
}

// TestInfoRoundTrip writes every real info line back and parses it again:
// the value must survive, whatever the engine's field order was.
func TestInfoRoundTrip(t *testing.T) {
	for _, file := range []string{"stockfish_startpos.txt", "stockfish_mate_multipv_wdl.txt", "gnuchess_uci.txt", "stockfish_currmove.txt"} {
		for i, line := range realLines(t, file) {
			if !strings.HasPrefix(string(line), "info") {
				continue
			}
			var first, second EngineMessage
			must(t, ParseEngineLine(line, &first))
			out := AppendInfo(nil, &first.Info)
			must(t, ParseEngineLine(out[:len(out)-1], &second))
			if !reflect.DeepEqual(first.Info, second.Info) && !sameMessage(first, second) {
				t.Errorf("%s:%d: wrote %q\n got %+v\nwant %+v", file, i+1, out, second.Info, first.Info)
			}
		}
	}
}

// The info string kept between lines for reuse never shows in a line
// without one, and a new text replaces it.
func TestInfoStringReuseAcrossLines(t *testing.T) {
	var msg EngineMessage
	for _, step := range []struct{ line, want string }{
		{"info string NNUE enabled", "NNUE enabled"},
		{"info depth 1 score cp 3", ""},
		{"info string NNUE enabled", "NNUE enabled"},
		{"info string other text", "other text"},
		{"bestmove e2e4", ""},
	} {
		if err := ParseEngineLine([]byte(step.line), &msg); err != nil {
			t.Fatal(err)
		}
		if msg.Info.String != step.want {
			t.Errorf("%q: info string %q, want %q", step.line, msg.Info.String, step.want)
		}
	}
}
