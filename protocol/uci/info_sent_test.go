package uci

import (
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

// Info.Sent names exactly the counters a line held, zeros included, so
// that a counter an engine never sends is not taken for a 0 it sent.
func TestInfoSentNamesTheCountersOfTheLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		want protocol.Fields
	}{
		{"info depth 12 seldepth 16 score cp 31 nodes 123 nps 0 hashfull 0 tbhits 0 time 7 pv e2e4",
			protocol.FieldDepth | protocol.FieldSelDepth | protocol.FieldNodes | protocol.FieldNPS | protocol.FieldHashFull | protocol.FieldTBHits | protocol.FieldTime},
		{"info depth 3 score cp 5 time 1 nodes 40 pv e2e4", protocol.FieldDepth | protocol.FieldTime | protocol.FieldNodes},
		{"info string hello", 0},
	} {
		var msg EngineMessage
		if err := ParseEngineLine([]byte(tc.line), &msg); err != nil {
			t.Fatal(err)
		}
		if msg.Info.Sent != tc.want {
			t.Errorf("%q: sent %b, want %b", tc.line, msg.Info.Sent, tc.want)
		}
	}
}
