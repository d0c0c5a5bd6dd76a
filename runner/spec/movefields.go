package spec

import (
	"fmt"
	"strings"
)

// MoveFields are the optional per-move data written into each move's PGN
// comment (and the per-game JSON lines), as fastchess's -pgnout switches:
// off by default, so the default PGN stays small.
type MoveFields struct {
	Nodes, SelDepth, NPS, HashFull, TBHits, PV bool
	TimeLeft                                   bool // the mover's clock after the move
	Latency                                    bool // measured think time minus the engine's own reported time
}

// moveFieldNames are the names ParseMoveFields reads, in comment order.
var moveFieldNames = []string{"timeleft", "latency", "nodes", "seldepth", "nps", "hashfull", "tbhits", "pv"}

func (f *MoveFields) field(name string) *bool {
	return map[string]*bool{"nodes": &f.Nodes, "seldepth": &f.SelDepth, "nps": &f.NPS, "hashfull": &f.HashFull,
		"tbhits": &f.TBHits, "pv": &f.PV, "timeleft": &f.TimeLeft, "latency": &f.Latency}[name]
}

// ParseMoveFields reads field names: nodes seldepth nps hashfull tbhits pv
// timeleft latency.
func ParseMoveFields(names []string) (MoveFields, error) {
	var f MoveFields
	for _, n := range names {
		p := f.field(strings.TrimSpace(n))
		if p == nil {
			return f, fmt.Errorf("unknown per-move field %q (known: %s)", n, strings.Join(moveFieldNames, " "))
		}
		*p = true
	}
	return f, nil
}

// Names lists the fields that are on, in comment order.
func (f MoveFields) Names() []string {
	var out []string
	for _, n := range moveFieldNames {
		if *f.field(n) {
			out = append(out, n)
		}
	}
	return out
}
