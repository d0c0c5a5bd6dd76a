package spec

import (
	"bytes"
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/stats"
)

// everyKey is a completed config with every setting away from its zero, so
// that each one shows in its wire form. It is built field by field, which
// reads the same whether a field sits in Config or in one of its groups.
func everyKey(t *testing.T) Config {
	t.Helper()
	var c Config
	a, b := EngineConfig{Name: "a", Cmd: "/bin/a", Proto: UCI, Args: []string{"-x"}, Dir: "/tmp", Options: []EngineOption{{"Hash", "16"}},
		TC: TimeControl{Moves: 40, Base: time.Minute, Inc: time.Second}, TimeMargin: 50 * time.Millisecond, Timeout: 3 * time.Second,
		StartupTimeout: time.Second, NewGameTimeout: 2 * time.Second, PingTimeout: 4 * time.Second, Restart: RestartOn,
		WhitePOV: true, StderrFile: "a.err", Book: "a.bin", BookDepth: 4, Ponder: true, FullHistory: true, SHA256: "ab", LenientOptions: true},
		EngineConfig{Cmd: "/bin/b", Proto: XBoard, TC: TimeControl{MoveTime: 2 * time.Second}, Timeout: 5 * time.Second, Restart: RestartOff, ZeroTimeMargin: true}
	c.Engines = []EngineConfig{a, b}
	c.SeedsMeet, c.Rounds, c.Games, c.OpeningRepeat = true, 3, 4, 4
	c.CirclePairings, c.NoSwap, c.Reverse, c.Wait = true, true, true, time.Second
	c.AffinityCPUs, c.Concurrency = []int{0, 1}, 2
	c.Openings = OpeningsConfig{File: "b.epd", Format: "epd", Order: "random", Plies: 8, Start: 2, Policy: "skip", Shuffle: ShuffleFastchess, Cycle: 3}
	c.Seed, c.Variant = 42, Chess960
	c.TB, c.TBPieces, c.TBAdjudicate, c.TBAfterMove, c.ExactScores = "/tb", 5, TBWin, true, true
	c.PGNOut, c.PGNMinimal, c.MoveFields, c.PGNStyle, c.RoundGames = "g.pgn", true, MoveFields{Nodes: true, PV: true}, PGNFastchess, 2
	c.MatchLine, c.GamesJSONL, c.Sample = "^info string", "g.jsonl", &SampleConfig{File: "s.epd", Freq: 0.5, Format: SampleEPD}
	c.EPDOut, c.JSONOut, c.LogFile, c.MaxMoves = "g.epd", "g.json", "io.log", 200
	c.Draw, c.Resign = &DrawAdjudication{MoveNumber: 40, MoveCount: 8, Score: 10}, &ResignAdjudication{MoveCount: 3, Score: 600, TwoSided: true}
	c.SPRT = &stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: stats.Normalized}
	c.ReportEvery, c.Event, c.Site, c.Verbose = 20, "e", "s", true
	if err := c.Complete(); err != nil {
		t.Fatal(err)
	}
	return c
}

// The wire form of a config is the one autoplay sent before Config was
// grouped by concern (testdata/wire_v2.json, written then): it decodes to
// the same config and encodes to the same bytes, so a worker and a
// coordinator of either side still understand each other, and a
// coordinator's run id (a hash of these bytes) still finds its run.
func TestWireFormIsTheOneBeforeTheGroups(t *testing.T) {
	c := everyKey(t)
	if os.Getenv("WRITE_WIRE_GOLDEN") != "" { // run once, on the code before the groups
		b, _ := MarshalWire(&c)
		os.WriteFile("testdata/wire_v2.json", append(b, '\n'), 0o644)
	}
	golden, err := os.ReadFile("testdata/wire_v2.json")
	if err != nil {
		t.Fatal(err)
	}
	// Version 3 added only settings written when used (clock periods,
	// hourglass, delays), so a config of version 2's settings keeps its
	// bytes under the new number.
	golden = bytes.Replace(bytes.TrimSpace(golden), []byte(`{"version":2,`), []byte(`{"version":`+strconv.Itoa(WireVersion)+`,`), 1)
	got, err := UnmarshalWire(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*got, c) {
		t.Errorf("the earlier wire form decodes to\n%+v\nwant\n%+v", *got, c)
	}
	b, err := MarshalWire(&c)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, golden) {
		t.Errorf("the wire form changed:\n%s\nwas\n%s", b, golden)
	}
}
