package uci

import (
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

// The hot-path lines, as Stockfish and GNU Chess send them.
var (
	hotInfo     = []byte("info depth 25 seldepth 34 multipv 1 score cp -414 nodes 2779544 nps 555686 hashfull 864 tbhits 0 time 5002 pv c4d5 e6d5 f1d3 e7b4 h2h3 b4c3 b2c3 c8e6 e1g1 a8c8 d1b1 c6a5 f3g5 h7h6 g5e6 f7e6 b1b4 d8c7 b4a4 a5c4")
	hotWDLInfo  = []byte("info depth 11 seldepth 17 multipv 2 score cp 302 wdl 1000 0 0 nodes 16464 nps 470400 hashfull 9 tbhits 0 time 35 pv c4f7 e8e7 f7g8")
	hotCurrMove = []byte("info depth 22 currmove d1c2 currmovenumber 2")
	hotBestMove = []byte("bestmove c4d5 ponder e6d5\r")
	hotNone     = []byte("bestmove (none)")
	hotBound    = []byte("info depth 20 score cp 35 lowerbound nodes 10 time 3001 pv e2e4")
)

func TestHotPathParsingDoesNotAllocate(t *testing.T) {
	prototest.ParsesWithoutAllocating(t, ParseEngineLine, hotInfo, hotWDLInfo, hotCurrMove, hotBestMove, hotNone, hotBound)
}

func TestWritersDoNotAllocateWithRoom(t *testing.T) {
	dst := make([]byte, 0, 512)
	info := protocol.Info{Depth: 12, SelDepth: 18, MultiPV: 1, Score: protocol.Score{Kind: protocol.ScoreMate, Value: -3},
		Nodes: 1000, NPS: 50000, Time: 20 * time.Millisecond, PV: moves("e2e4", "e7e5", "g1f3")}
	g := Go{Clock: true, WTime: time.Minute, BTime: time.Minute, WInc: time.Second, BInc: time.Second, MovesToGo: 3}
	game := moves("e2e4", "e7e5", "g1f3", "b8c6", "f1b5")
	best, ponder := protocol.MustParseMove("e2e4"), protocol.MustParseMove("e7e5")
	opt := OptionDecl{Name: "Hash", Type: OptionSpin, Default: "16", Min: 1, Max: 1024}
	writers := map[string]func(){
		"AppendInfo":       func() { dst = AppendInfo(dst[:0], &info) },
		"AppendGo":         func() { dst = AppendGo(dst[:0], &g) },
		"AppendPosition":   func() { dst = AppendPosition(dst[:0], "", game) },
		"AppendSetOption":  func() { dst = AppendSetOption(dst[:0], "Hash", "64") },
		"AppendBestMove":   func() { dst = AppendBestMove(dst[:0], best, ponder) },
		"AppendOptionDecl": func() { dst = AppendOptionDecl(dst[:0], &opt) },
	}
	prototest.WritesWithoutAllocating(t, writers)
}

func BenchmarkParseInfo(b *testing.B) {
	var msg EngineMessage
	b.ReportAllocs()
	b.SetBytes(int64(len(hotInfo)))
	for b.Loop() {
		if err := ParseEngineLine(hotInfo, &msg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseBestMove(b *testing.B) {
	var msg EngineMessage
	b.ReportAllocs()
	for b.Loop() {
		if err := ParseEngineLine(hotBestMove, &msg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendGoAndPosition(b *testing.B) {
	dst := make([]byte, 0, 1024)
	g := Go{Clock: true, WTime: time.Minute, BTime: time.Minute, WInc: time.Second, BInc: time.Second}
	game := moves("e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7")
	b.ReportAllocs()
	for b.Loop() {
		dst = AppendPosition(dst[:0], "", game)
		dst = AppendGo(dst, &g)
	}
}
