package xboard

import (
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

// A thinking line always holds depth, time and nodes; seldepth, speed and
// tbhits only when the engine writes them before a tab.
func TestThinkingSentNamesTheCountersOfTheLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		want protocol.Fields
	}{
		{" 9 31 120 54321 e2e4 e7e5", protocol.FieldDepth | protocol.FieldTime | protocol.FieldNodes},
		{" 9 31 120 54321 14 450000 0\te2e4 e7e5", protocol.FieldDepth | protocol.FieldTime | protocol.FieldNodes | protocol.FieldSelDepth | protocol.FieldNPS | protocol.FieldTBHits},
	} {
		var msg EngineMessage
		if err := ParseEngineLine([]byte(tc.line), &msg); err != nil {
			t.Fatal(err)
		}
		if msg.Kind != KindThinking || msg.Info.Sent != tc.want {
			t.Errorf("%q: %v sent %b, want %b", tc.line, msg.Kind, msg.Info.Sent, tc.want)
		}
	}
}
