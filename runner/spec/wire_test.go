package spec

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// A config crosses to slot processes and workers whole, and one of another
// version is refused by name rather than played wrongly.
func TestConfigCrossesTheWire(t *testing.T) {
	c := Config{
		Engines:      twoEngines(),
		Schedule:     Schedule{Games: 6, Wait: 5, Openings: OpeningsConfig{File: "b.epd", Order: "random", Plies: 4}},
		RunLayout:    RunLayout{Concurrency: 3},
		Outputs:      Outputs{PGNOut: "x.pgn", Event: "e", MoveFields: MoveFields{Nodes: true, PV: true}},
		Adjudication: Adjudication{Draw: &DrawAdjudication{MoveNumber: 30, MoveCount: 4, Score: 8}, TB: "/tb", TBPieces: 4},
	}
	c.Engines[0].Options = []EngineOption{{Name: "Hash", Value: "16"}}
	if err := c.Complete(); err != nil {
		t.Fatal(err)
	}
	b, err := MarshalWire(&c)
	if err != nil {
		t.Fatal(err)
	}
	got, err := UnmarshalWire(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*got, c) {
		t.Errorf("crossed as\n%+v\nwant\n%+v", *got, c)
	}
	var w map[string]any
	json.Unmarshal(b, &w)
	w["version"] = WireVersion + 1
	other, _ := json.Marshal(w)
	if _, err := UnmarshalWire(other); err == nil || !strings.Contains(err.Error(), "same autoplay") {
		t.Errorf("another version: %v", err)
	}
}
