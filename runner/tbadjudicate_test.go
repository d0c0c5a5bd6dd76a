package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/engine/syzygy"
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
	for _, mode := range []string{TBBoth, TBDraw} {
		epd := filepath.Join(dir, mode+".epd")
		run := runMatch(t, Config{
			Games: 6, MaxMoves: 60, TB: tables, TBAdjudicate: mode, EPDOut: epd,
			Openings: OpeningsConfig{File: book},
			Engines: []EngineConfig{
				engineSpec(t, "cmd="+stockfishPath+" name=a nodes=300 option.Hash=4"),
				engineSpec(t, "cmd="+stockfishPath+" name=b nodes=300 option.Hash=4"),
			},
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
			if mode == TBDraw && want != "1/2-1/2" {
				t.Errorf("draw mode adjudicated a decisive result: %s", g.ending)
			}
		}
		if adjudicated == 0 {
			t.Errorf("%s: no game adjudicated by the tables:\n%s", mode, run.out)
		}
	}
	run := runMatch(t, Config{Games: 2, TB: t.TempDir(), Engines: []EngineConfig{
		engineSpec(t, "cmd="+stockfishPath+" name=a nodes=100"), engineSpec(t, "cmd="+stockfishPath+" name=b nodes=100")}})
	if run.err == nil || !strings.Contains(run.err.Error(), "no WDL tables") {
		t.Errorf("empty tables directory: %v", run.err)
	}
}
