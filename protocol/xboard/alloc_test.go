package xboard

import (
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

// The hot-path lines, as Fairy-Max and GNU Chess send them.
var (
	hotThinking    = []byte(" 6      3        7     104514 g8f6 b1c3 d7d5 f1d3 b8c6 f2f4")
	hotSANThinking = []byte("12 -17 448 4968337 (e5) Nd5 Nf3 Nc6 d4 e6 Bb5 Bb4+ Bd2 O-O O-O a6 Bxc6 dxc6 Bxb4 Nxb4")
	hotExtended    = []byte("12 31 500 70000 17 140000 5\te2e4 e7e5")
	hotMove        = []byte("move g8f6\r")
	hotOldMove     = []byte("1. ... g8f6")
	hotSANMove     = []byte("move exf8=Q+")
	hotPong        = []byte("pong 7")
)

func TestHotPathParsingDoesNotAllocate(t *testing.T) {
	prototest.ParsesWithoutAllocating(t, ParseEngineLine, hotThinking, hotSANThinking, hotExtended, hotMove, hotOldMove, hotSANMove, hotPong)
}

func TestWritersDoNotAllocateWithRoom(t *testing.T) {
	dst := make([]byte, 0, 512)
	info := protocol.Info{Depth: 9, Score: protocol.Score{Kind: protocol.ScoreMate, Value: 3}, Time: time.Second, Nodes: 4800,
		SelDepth: 12, PV: moves("e2e4", "e7e5", "g1f3")}
	m := protocol.MustParseMove("e2e4")
	writers := map[string]func(){
		"AppendThinking":  func() { dst = AppendThinking(dst[:0], &info) },
		"AppendMove":      func() { dst = AppendMove(dst[:0], m) },
		"AppendUserMove":  func() { dst = AppendUserMove(dst[:0], m, true) },
		"AppendClock":     func() { dst = AppendClock(dst[:0], CmdTime, time.Minute) },
		"AppendCommandN":  func() { dst = AppendCommandN(dst[:0], CmdPing, 12) },
		"AppendCommand":   func() { dst = AppendCommand(dst[:0], CmdGo) },
		"AppendLevel":     func() { dst = AppendLevel(dst[:0], Level{Moves: 40, Base: 150 * time.Second, Inc: time.Second}) },
		"AppendPong":      func() { dst = AppendPong(dst[:0], 12) },
		"AppendResult":    func() { dst = AppendResult(dst[:0], WhiteWins, "White mates") },
		"AppendSetOption": func() { dst = AppendSetOption(dst[:0], "Hash", "64") },
	}
	prototest.WritesWithoutAllocating(t, writers)
}

func BenchmarkParseThinking(b *testing.B) {
	var msg EngineMessage
	b.ReportAllocs()
	b.SetBytes(int64(len(hotThinking)))
	for b.Loop() {
		if err := ParseEngineLine(hotThinking, &msg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseMove(b *testing.B) {
	var msg EngineMessage
	b.ReportAllocs()
	for b.Loop() {
		if err := ParseEngineLine(hotMove, &msg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendTimeAndMove(b *testing.B) {
	dst := make([]byte, 0, 256)
	m := protocol.MustParseMove("e2e4")
	b.ReportAllocs()
	for b.Loop() {
		dst = AppendClock(dst[:0], CmdTime, 61*time.Second)
		dst = AppendClock(dst, CmdOtim, 59*time.Second)
		dst = AppendUserMove(dst, m, true)
	}
}
