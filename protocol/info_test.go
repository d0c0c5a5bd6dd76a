package protocol

import "testing"

func TestInfoResetKeepsPVCapacity(t *testing.T) {
	info := Info{Depth: 7, Score: Score{Kind: ScoreCP, Value: 20}, String: "x", PV: make([]Move, 3, 32)}
	info.Reset()
	if info.Depth != 0 || info.HasScore() || info.String != "" || len(info.PV) != 0 {
		t.Errorf("Reset left %+v", info)
	}
	if cap(info.PV) != 32 {
		t.Errorf("Reset dropped the PV's capacity: %d", cap(info.PV))
	}
	var zero Info
	zero.Reset() // a zero Info resets too
	if zero.PV != nil {
		t.Errorf("zero Info got a PV: %v", zero.PV)
	}
}

func TestHasScore(t *testing.T) {
	if (&Info{}).HasScore() {
		t.Error("no score sent, HasScore true")
	}
	if !(&Info{Score: Score{Kind: ScoreMate, Value: 0}}).HasScore() {
		t.Error("mate 0 is a score")
	}
}
