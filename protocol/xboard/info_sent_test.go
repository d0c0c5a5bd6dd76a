package xboard

import (
	"testing"
	"time"

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

// A thinking line whose time is below 0 is still a thinking line, its time
// kept as said (the runner reports it), not a line dropped.
func TestThinkingKeepsATimeBelowZero(t *testing.T) {
	var msg EngineMessage
	if err := ParseEngineLine([]byte("9 31 -500 54321 e2e4 e7e5"), &msg); err != nil {
		t.Fatal(err)
	}
	if msg.Kind != KindThinking || msg.Info.Time != -5*time.Second || msg.Info.Depth != 9 {
		t.Errorf("kind %v, info %+v", msg.Kind, msg.Info)
	}
}
