package runner

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// What cannot play a Chess960 run is refused before any game, with the
// reason: an engine without UCI_Chess960 or without variant fischerandom,
// and a Chess960 opening in a standard run (naming its line).
func TestChess960RefusalsComeBeforeAnyGame(t *testing.T) {
	needStockfish(t)
	needEngine(t, fairymaxPath)
	sf := "cmd=" + stockfishPath + " name=sf nodes=100 option.Hash=4"
	for _, tc := range []struct {
		name    string
		cfg     spec.Config
		wantErr string
	}{
		{"XBoard engine without fischerandom", spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, sf), engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=2+0.02")},
			Schedule: spec.Schedule{Variant: spec.Chess960, Games: 2},
		},
			"engine fm: handshake: cannot play this run: its feature variants does not list fischerandom"},
		{"UCI engine without UCI_Chess960", spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, sf), engineSpec(t, "cmd="+misengine(t)+" name=mis tc=2+0.02")},
			Schedule: spec.Schedule{Variant: spec.Chess960, Games: 2},
		},
			"engine mis: handshake: cannot play this run: it does not declare the UCI_Chess960 option"},
		{"Chess960 opening in a standard run", spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, sf), engineSpec(t, sf+"2")},
			Schedule: spec.Schedule{Games: 2, Openings: spec.OpeningsConfig{File: "testdata/frc.epd"}},
		},
			"testdata/frc.epd:1: \"1rbbnnkr/p1pp1ppp/8/1p2p3/1P2q3/5N2/P1PP1PPP/QRBB1NKR w KQkq - 0 4\" is a Chess960 position"},
		{"random arrays in a standard run", spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, sf), engineSpec(t, sf+"2")},
			Schedule: spec.Schedule{Games: 2, Openings: spec.OpeningsConfig{Random: spec.RandomDFRC}},
		},
			"Chess960 start positions need --variant fischerandom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := runMatch(t, tc.cfg)
			if run.err == nil || !strings.Contains(run.err.Error(), tc.wantErr) {
				t.Fatalf("error %v, want %q", run.err, tc.wantErr)
			}
			if strings.Contains(run.pgn, "[Event") {
				t.Errorf("a game was played:\n%s", run.pgn)
			}
		})
	}
}

// Stockfish plays stockfish in Chess960 from the FRC book and from random
// Double Chess960 arrays: every game is legal, tagged, and starts from its FEN.
func TestChess960StockfishMatch(t *testing.T) {
	needStockfish(t)
	for _, oc := range []spec.OpeningsConfig{{File: "testdata/frc.epd"}, {Random: spec.RandomDFRC}} {
		run := runMatch(t, spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, "cmd="+stockfishPath+" name=a nodes=500 option.Hash=4"),
				engineSpec(t, "cmd="+stockfishPath+" name=b nodes=600 option.Hash=4"),
			},
			Schedule:     spec.Schedule{Variant: spec.Chess960, Games: 4, Openings: oc},
			Adjudication: spec.Adjudication{MaxMoves: 40},
		})
		if run.err != nil {
			t.Fatal(run.err)
		}
		games := parseGames(t, run.pgn)
		if len(games) != 4 {
			t.Fatalf("%d games", len(games))
		}
		for _, g := range games {
			if g.tags["Variant"] != "Chess960" || g.tags["SetUp"] != "1" || g.tags["FEN"] == "" {
				t.Errorf("game %s tags %v", g.tags["Round"], g.tags)
			}
			if strings.Contains(g.ending, "illegal") || strings.Contains(g.ending, "stalls") || strings.Contains(g.ending, "disconnects") {
				t.Errorf("game %s: %s", g.tags["Round"], g.ending)
			}
		}
	}
}
