package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/engine/syzygy"
	"github.com/autoplay/autoplay/runner/spec"
)

// Games are adjudicated by Syzygy tables as soon as the position after a
// capture or pawn move is in them, with the tables' result; tbadjudicate
// narrows which results end a game, and tables that cannot be read are an
// error before any game.
func TestSyzygyAdjudication(t *testing.T) {
	needStockfish(t)
	tables, _ := filepath.Abs("../engine/syzygy/testdata/tables")
	dir := t.TempDir()
	book := filepath.Join(dir, "endings.epd")
	// KPvK and KRvKP: the first pawn move or capture is in the tables.
	os.WriteFile(book, []byte(strings.Join([]string{
		"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
		"8/8/8/8/3k4/8/1K1P4/8 w - - 0 1",
		"8/8/2k5/8/8/1p6/8/1K4R1 b - - 0 1",
	}, "\n")+"\n"), 0o644)
	tb, err := syzygy.Open(tables)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	for _, mode := range []string{spec.TBBoth, spec.TBDraw} {
		epd := filepath.Join(dir, mode+".epd")
		run := runMatch(t, spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, "cmd="+stockfishPath+" name=a nodes=300 option.Hash=4"),
				engineSpec(t, "cmd="+stockfishPath+" name=b nodes=300 option.Hash=4"),
			},
			Schedule:     spec.Schedule{Games: 6, Openings: spec.OpeningsConfig{File: book}},
			Adjudication: spec.Adjudication{MaxMoves: 60, TB: tables, TBAdjudicate: mode},
			Outputs:      spec.Outputs{EPDOut: epd},
		})
		if run.err != nil {
			t.Fatal(run.err)
		}
		games := parseGames(t, run.pgn)
		finals, _ := os.ReadFile(epd)
		lines := strings.Split(strings.TrimSpace(string(finals)), "\n")
		if len(games) != 6 || len(lines) != 6 {
			t.Fatalf("%s: %d games, %d final positions", mode, len(games), len(lines))
		}
		adjudicated := 0
		for i, g := range games {
			if !strings.HasSuffix(g.ending, "SyzygyTB") {
				continue
			}
			adjudicated++
			if g.tags["Termination"] != "adjudication" {
				t.Errorf("%s game %d: Termination %q", mode, i+1, g.tags["Termination"])
			}
			fields := strings.Fields(lines[i])
			pos, err := chess.ParseFEN(strings.Join(fields[:4], " ") + " 0 1")
			if err != nil {
				t.Fatal(err)
			}
			wdl, err := tb.ProbeWDL(pos)
			if err != nil {
				t.Fatal(err)
			}
			want := "1/2-1/2"
			if wdl == syzygy.Win || wdl == syzygy.Loss {
				winner := pos.SideToMove()
				if wdl == syzygy.Loss {
					winner = winner.Other()
				}
				want = map[chess.Color]string{chess.White: "1-0", chess.Black: "0-1"}[winner]
			}
			if g.tags["Result"] != want {
				t.Errorf("%s game %d: %s, the tables say %s (%v) for %s", mode, i+1, g.tags["Result"], want, wdl, lines[i])
			}
			if mode == spec.TBDraw && want != "1/2-1/2" {
				t.Errorf("draw mode adjudicated a decisive result: %s", g.ending)
			}
		}
		if adjudicated == 0 {
			t.Errorf("%s: no game adjudicated by the tables:\n%s", mode, run.out)
		}
	}
	// A corrupt table: a warning, games in its positions played on.
	bad := t.TempDir()
	orig, _ := os.ReadFile(filepath.Join(tables, "KPvK.rtbw"))
	os.WriteFile(filepath.Join(bad, "KPvK.rtbw"), make([]byte, len(orig)), 0o644)
	os.WriteFile(filepath.Join(bad, "KQvK.rtbw"), must(os.ReadFile(filepath.Join(tables, "KQvK.rtbw"))), 0o644)
	badEPD := filepath.Join(dir, "bad.epd")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=300 option.Hash=4"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=300 option.Hash=4"),
		},
		Schedule:     spec.Schedule{Games: 2, Openings: spec.OpeningsConfig{File: book}},
		Adjudication: spec.Adjudication{MaxMoves: 30, TB: bad},
		Outputs:      spec.Outputs{EPDOut: badEPD},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	if !strings.Contains(run.out, "Warning: tablebase: ") || !strings.Contains(run.out, "KPvK.rtbw") {
		t.Errorf("no warning about the corrupt table:\n%s", run.out)
	}
	finals, _ := os.ReadFile(badEPD)
	for i, g := range parseGames(t, run.pgn) {
		final := strings.Split(strings.TrimSpace(string(finals)), "\n")[i]
		placement := strings.Fields(final)[0]
		if strings.Contains(g.ending, "SyzygyTB") && strings.ContainsAny(placement, "Pp") {
			t.Errorf("adjudicated in a position of the corrupt table: %s at %s", g.ending, final)
		}
	}
	run = runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=100"), engineSpec(t, "cmd="+stockfishPath+" name=b nodes=100")},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{TB: t.TempDir()},
	})
	if run.err == nil || !strings.Contains(run.err.Error(), "no WDL tables") {
		t.Errorf("empty tables directory: %v", run.err)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// The tables decide a game from its start position when its fifty-move
// count is fresh and no side can castle: no engine is asked. A start with
// moves on the fifty-move count, or with a castling right, is played.
func TestSyzygyAdjudicatesFromTheStart(t *testing.T) {
	needStockfish(t)
	tables, _ := filepath.Abs("../engine/syzygy/testdata/tables")
	book := filepath.Join(t.TempDir(), "starts.epd")
	os.WriteFile(book, []byte(strings.Join([]string{
		"8/8/8/4k3/8/8/8/3QK3 w - - 0 1",  // KQvK, fresh count: decided at once
		"8/8/8/4k3/8/8/8/3QK3 w - - 10 1", // the same ten plies into the count: played
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",  // KRvK with a castling right: played
	}, "\n")+"\n"), 0o644)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=200 option.Hash=4"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=200 option.Hash=4"),
		},
		Schedule:     spec.Schedule{Games: 6, Openings: spec.OpeningsConfig{File: book}},
		Adjudication: spec.Adjudication{MaxMoves: 6, TB: tables},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 6 {
		t.Fatalf("%d games", len(games))
	}
	for i, g := range games {
		atOnce := i < 2 // each opening is played twice, colours swapped
		if atOnce != (g.tags["PlyCount"] == "0") {
			t.Errorf("game %d from %s: %s plies, %s", i+1, g.tags["FEN"], g.tags["PlyCount"], g.ending)
		}
		if atOnce && (g.ending != "White wins by adjudication: SyzygyTB" || g.tags["Result"] != "1-0") {
			t.Errorf("game %d: %s %s, want White's win by the tables", i+1, g.tags["Result"], g.ending)
		}
	}
}
