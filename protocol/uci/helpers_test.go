package uci

import (
	"reflect"
	"time"

	"github.com/autoplay/autoplay/protocol/internal/prototest"
)

// The capture readers and move builder are shared with the other protocol's tests.
var (
	realLine  = prototest.RealLine
	realLines = prototest.RealLines
	moves     = prototest.Moves
)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// sameMessage compares messages treating an empty PV like a missing one: a
// reused message keeps its PV's capacity. Which counters were sent
// (Info.Sent) has tests of its own.
func sameMessage(a, b EngineMessage) bool {
	a.Info.Sent, b.Info.Sent = 0, 0
	if len(a.Info.PV) == 0 {
		a.Info.PV = nil
	}
	if len(b.Info.PV) == 0 {
		b.Info.PV = nil
	}
	a.lastString, b.lastString = "", "" // a cache, not part of the message
	return reflect.DeepEqual(a, b)
}
