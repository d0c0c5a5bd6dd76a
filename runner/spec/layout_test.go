package spec

import "testing"

// The automatic layout follows the measurements: one process on one Go
// processor for one game, a pinned process per slot for 2-8 games where
// slots may serve, one process on more Go processors from 16 games, its
// heap tighter from 192.
func TestChooseLayoutFollowsTheMeasurements(t *testing.T) {
	for _, tt := range []struct {
		conc, cpus int
		slots      bool
		want       Layout
	}{
		{1, 2, true, Layout{Procs: 1}},
		{2, 2, true, Layout{Procs: 1, SlotProcesses: true, Affinity: true}},
		{8, 2, true, Layout{Procs: 1, SlotProcesses: true, Affinity: true}},
		{4, 1, true, Layout{Procs: 1}},  // one CPU: nothing to keep apart
		{4, 8, false, Layout{Procs: 1}}, // an I/O log or remote workers
		{12, 2, true, Layout{Procs: 1}},
		{16, 2, true, Layout{Procs: 2, GCPercent: 50}},
		{128, 2, true, Layout{Procs: 2, GCPercent: 50}},
		{192, 2, true, Layout{Procs: 2, GCPercent: 25}},
		{256, 2, true, Layout{Procs: 2, GCPercent: 25}},
		{256, 64, true, Layout{Procs: 17, GCPercent: 25}},
		{64, 0, true, Layout{Procs: 1, GCPercent: 50}}, // no CPU count: one
	} {
		if got := ChooseLayout(tt.conc, tt.cpus, tt.slots); got != tt.want {
			t.Errorf("ChooseLayout(%d games, %d CPUs, slots %v) = %+v, want %+v", tt.conc, tt.cpus, tt.slots, got, tt.want)
		}
	}
}
