package live

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/runner/spec"
)

// A PV in SAN: numbered from its position, cut at its first illegal move
// and after maxPVMoves.
func TestSANLineNumbersAndCuts(t *testing.T) {
	for _, tc := range []struct{ fen, pv, want string }{
		{"", "e2e4 e7e5 g1f3", "1. e4 e5 2. Nf3"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e7e5 g1f3 b8c6", "1... e5 2. Nf3 Nc6"},
		{"", "e2e4 e7e5 e4e5 d7d5", "1. e4 e5"}, // e4e5 is not legal: cut there
		{"", "e2e4 junk", "1. e4"},
		{"", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
			"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 …"},
	} {
		pos, err := chess.StartPosition(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := sanLine(pos, tc.pv); got != tc.want {
			t.Errorf("%q from %q: %q, want %q", tc.pv, tc.fen, got, tc.want)
		}
	}
}

// Each side's PV is spelled from the position it was searched in: White's
// from before White's last move, Black's from before Black's; a view later
// moves the kept position on.
func TestLivePVsAreSpelledFromTheirOwnPositions(t *testing.T) {
	var b pvBoards
	g := Game{Number: 7, Moves: []string{"e2e4", "e7e5", "g1f3"}}
	g.Evals[0] = Eval{PV: "g1f3 b8c6 f1b5", Ply: 3}
	g.Evals[1] = Eval{PV: "e7e5 g1f3", Ply: 2}
	games := []Game{g}
	b.spell(games, spec.Standard)
	if games[0].Evals[0].PV != "2. Nf3 Nc6 3. Bb5" || games[0].Evals[1].PV != "1... e5 2. Nf3" {
		t.Fatalf("PVs %q, %q", games[0].Evals[0].PV, games[0].Evals[1].PV)
	}
	g.Moves = append(g.Moves, "b8c6", "f1b5")
	g.Evals[1] = Eval{PV: "b8c6 f1b5 a7a6", Ply: 4}
	g.Evals[0] = Eval{PV: "f1b5 a7a6 b5a4", Ply: 5}
	games = []Game{g}
	b.spell(games, spec.Standard)
	if games[0].Evals[0].PV != "3. Bb5 a6 4. Ba4" || games[0].Evals[1].PV != "2... Nc6 3. Bb5 a6" {
		t.Fatalf("PVs %q, %q", games[0].Evals[0].PV, games[0].Evals[1].PV)
	}
	if b.boards[7].plies != 3 {
		t.Errorf("kept position at ply %d, want 3", b.boards[7].plies)
	}
	b.spell(nil, spec.Standard)
	if len(b.boards) != 0 {
		t.Error("a finished game's position is kept")
	}
}

// The plots' points stay few however long the run, spread over it, the
// latest always last.
func TestHistoryThinsAndKeepsTheLatest(t *testing.T) {
	var h history
	for n := 1; n <= 100000; n++ {
		h.add(Point{Played: n})
		if len(h.points) > maxHistory+1 {
			t.Fatalf("%d points after %d games", len(h.points), n)
		}
		if h.points[len(h.points)-1].Played != n {
			t.Fatalf("latest %d after %d games", h.points[len(h.points)-1].Played, n)
		}
	}
	if len(h.points) < maxHistory/4 || h.points[0].Played > 100000/maxHistory*4 {
		t.Errorf("%d points from game %d", len(h.points), h.points[0].Played)
	}
	for i := 1; i < len(h.points); i++ {
		if h.points[i].Played <= h.points[i-1].Played {
			t.Fatalf("points out of order at %d", i)
		}
	}
}

func TestOpeningFileDropsThePlace(t *testing.T) {
	for in, want := range map[string]string{"uho.epd:12": "uho.epd", "book.bin#3": "book.bin", "frc:518": "frc",
		"dfrc:12/40": "dfrc", "startpos": "startpos", "c:/x.epd": "c:/x.epd", "": ""} {
		if got := openingFile(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// A live crazyhouse game: its position now (the pocket a capture filled,
// the drop made from it) for the page to draw, and a PV with a drop spelled
// in SAN; a chess game gets no position (the page plays its moves).
func TestLiveVariantGameHasItsPositionAndSpelledPVs(t *testing.T) {
	var b pvBoards
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	g := Game{Number: 3, StartFEN: start, Moves: []string{"e2e4", "d7d5", "e4d5", "d8d5", "b1c3"}}
	g.Evals[1] = Eval{PV: "d8d5 b1c3 d5a5 P@e4", Ply: 4}
	games := []Game{g}
	b.spell(games, "crazyhouse")
	if games[0].FEN != "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR[Pp] b KQkq - 1 3" {
		t.Errorf("position %q", games[0].FEN)
	}
	if games[0].Evals[1].PV != "2... Qxd5 3. Nc3 Qa5 4. P@e4" {
		t.Errorf("PV %q", games[0].Evals[1].PV)
	}
	games = []Game{{Number: 4, Moves: []string{"e2e4"}}}
	b.spell(games, spec.Standard)
	if games[0].FEN != "" {
		t.Errorf("a chess game's position %q", games[0].FEN)
	}
}
