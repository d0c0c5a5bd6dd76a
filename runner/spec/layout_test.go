package spec

import "testing"

// The automatic layout follows the measurements: one process on one Go
// processor, nothing pinned, up to 15 games (pinning engines cost 1.3-1.4x
// the wall time at 4 and 8 games on an idle machine, a process per slot
// 1.5-2.6x the CPU); one process on more Go processors from 16 games, its
// heap tighter from 192. Each choice comes with its reason.
func TestChooseLayoutFollowsTheMeasurements(t *testing.T) {
	for _, tt := range []struct {
		conc, cpus int
		local      bool
		want       Layout
		why        string
	}{
		{1, 2, true, Layout{Procs: 1}, "one game: one process on one Go processor relays a move soonest"},
		{2, 2, true, Layout{Procs: 1}, fewGamesReason},
		{4, 2, true, Layout{Procs: 1}, fewGamesReason},
		{8, 2, true, Layout{Procs: 1}, fewGamesReason},
		{8, 64, true, Layout{Procs: 1}, fewGamesReason},
		{4, 1, true, Layout{Procs: 1}, "one CPU: nothing to keep apart"},
		{4, 8, false, Layout{Procs: 1}, "the games are played on workers, which choose their own layout"},
		{12, 2, true, Layout{Procs: 1}, fewGamesReason},
		{15, 2, true, Layout{Procs: 1}, fewGamesReason},
		{16, 2, true, Layout{Procs: 2, GCPercent: 50}, manyGamesReason},
		{128, 2, true, Layout{Procs: 2, GCPercent: 50}, manyGamesReason},
		{192, 2, true, Layout{Procs: 2, GCPercent: 25}, manyGamesReason + hundredsOfGamesReason},
		{256, 2, true, Layout{Procs: 2, GCPercent: 25}, manyGamesReason + hundredsOfGamesReason},
		{256, 64, true, Layout{Procs: 17, GCPercent: 25}, manyGamesReason + hundredsOfGamesReason},
		{64, 0, true, Layout{Procs: 1, GCPercent: 50}, manyGamesReason}, // no CPU count: one
		{64, 2, false, Layout{Procs: 2, GCPercent: 50}, manyGamesReason},
	} {
		got, why := ChooseLayout(tt.conc, tt.cpus, tt.local)
		if got != tt.want || why != tt.why {
			t.Errorf("ChooseLayout(%d games, %d CPUs, local %v) = %+v, %q\nwant %+v, %q", tt.conc, tt.cpus, tt.local, got, why, tt.want, tt.why)
		}
	}
}
