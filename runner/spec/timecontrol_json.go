package spec

import (
	"encoding/json"
	"fmt"
	"time"
)

// timeControlJSON is TimeControl's JSON form: the fields it always had,
// under the names they always had, and the later periods, hourglass and
// delay only when used, so that a run's fingerprint (resume's check that
// the config is the same) and its wire form do not change for clocks that
// use none of them.
type timeControlJSON struct {
	Moves     int
	Base      time.Duration
	Inc       time.Duration
	MoveTime  time.Duration
	Nodes     uint64
	Depth     int
	Later     []Period      `json:",omitempty"`
	Hourglass bool          `json:",omitempty"`
	Delay     time.Duration `json:",omitempty"`
	Bronstein bool          `json:",omitempty"`
}

// MarshalJSON writes timeControlJSON.
func (tc TimeControl) MarshalJSON() ([]byte, error) {
	j := timeControlJSON{Moves: tc.Moves, Base: tc.Base, Inc: tc.Inc, MoveTime: tc.MoveTime, Nodes: tc.Nodes, Depth: tc.Depth,
		Hourglass: tc.Hourglass, Delay: tc.Delay, Bronstein: tc.Bronstein}
	for i := 1; i < tc.Periods(); i++ {
		j.Later = append(j.Later, tc.Period(i))
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads timeControlJSON.
func (tc *TimeControl) UnmarshalJSON(b []byte) error {
	var j timeControlJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	if len(j.Later) > len(tc.Later) {
		return fmt.Errorf("time control of %d periods: at most %d", len(j.Later)+1, MaxPeriods)
	}
	*tc = TimeControl{Moves: j.Moves, Base: j.Base, Inc: j.Inc, MoveTime: j.MoveTime, Nodes: j.Nodes, Depth: j.Depth,
		Hourglass: j.Hourglass, Delay: j.Delay, Bronstein: j.Bronstein}
	copy(tc.Later[:], j.Later)
	return nil
}
