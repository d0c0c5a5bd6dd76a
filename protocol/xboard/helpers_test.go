package xboard

import (
	"reflect"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

// The capture readers and move builder are shared with the other protocol's tests.
var (
	realLine  = prototest.RealLine
	realLines = prototest.RealLines
	moves     = prototest.Moves
)

func cs(n int) time.Duration { return time.Duration(n) * 10 * time.Millisecond }

func cp(v int) protocol.Score   { return protocol.Score{Kind: protocol.ScoreCP, Value: v} }
func mate(v int) protocol.Score { return protocol.Score{Kind: protocol.ScoreMate, Value: v} }

// sameMessage compares messages treating empty slices like missing ones: a
// reused message keeps their capacity. Which counters were sent
// (Info.Sent) has tests of its own.
func sameMessage(a, b EngineMessage) bool {
	a.Info.Sent, b.Info.Sent = 0, 0
	for _, m := range []*EngineMessage{&a, &b} {
		if len(m.Info.PV) == 0 {
			m.Info.PV = nil
		}
		if len(m.Features) == 0 {
			m.Features = nil
		}
		if len(m.PVText) == 0 {
			m.PVText = nil
		}
	}
	return reflect.DeepEqual(a, b)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
