package runner

import (
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// A run's state file ties its PGN to one config by a fingerprint; the one
// of this config was written by autoplay before Config was grouped by
// concern and its defaults moved into Complete, and stays: such a run
// still resumes.
func TestFingerprintIsTheOneBeforeTheGroups(t *testing.T) {
	const before = "16ebab5d47305cca19e6025b707cccb170dcebb538b1463139277be31daafefd"
	var c spec.Config
	c.Engines = []spec.EngineConfig{
		{Name: "a", Cmd: "/bin/a", Proto: spec.UCI, Args: []string{"-x"}, Dir: "/tmp", Options: []spec.EngineOption{{Name: "Hash", Value: "16"}},
			TC: spec.TimeControl{Moves: 40, Base: time.Minute, Inc: time.Second}, Timeout: time.Second, Restart: spec.RestartOn},
		{Name: "b", Cmd: "/bin/b", Proto: spec.XBoard, TC: spec.TimeControl{MoveTime: 2 * time.Second}, Timeout: time.Second, Restart: spec.RestartAuto},
	}
	c.Type, c.Rounds, c.Games, c.OpeningRepeat, c.NoSwap, c.Reverse = spec.TypeMatch, 3, 4, 4, true, true
	c.Openings = spec.OpeningsConfig{File: "b.epd", Format: "epd", Order: "random", Plies: 8, Start: 2}
	c.Seed, c.Variant, c.MaxMoves = 42, spec.Chess960, 200
	c.TB, c.TBPieces, c.TBAdjudicate = "/tb", 5, spec.TBWin
	c.Draw, c.Resign = &spec.DrawAdjudication{MoveNumber: 40, MoveCount: 8, Score: 10}, &spec.ResignAdjudication{MoveCount: 3, Score: 600}
	c.SPRT = &stats.SPRT{Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if err := c.Complete(); err != nil {
		t.Fatal(err)
	}
	if got := fingerprint(&c); got != before {
		t.Errorf("fingerprint %s, was %s: a run started before would no longer resume", got, before)
	}
}
