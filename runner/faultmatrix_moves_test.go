package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// Castling written king-takes-rook (e1h1), as stockfish writes it with
// UCI_Chess960 set, is castling in a standard game too: the runner keeps it
// as castling and writes it to each engine in the notation that engine
// reads, so no innocent engine is blamed and every game is legal.
func TestFaultMatrixCastlingNotation(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	// Positions where both sides are about to castle short or long.
	book := filepath.Join(dir, "castle.epd")
	os.WriteFile(book, []byte(strings.Join([]string{
		"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
		"r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/R3KBNR w KQkq - 6 5",
	}, "\n")+"\n"), 0o644)
	logPath := filepath.Join(dir, "io.log")
	pgnPath := filepath.Join(dir, "games.pgn")
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=sf960 option.UCI_Chess960=true option.Hash=4 nodes=3000"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf option.Hash=4 nodes=3000"),
		},
		Schedule:     spec.Schedule{Games: 8, Openings: spec.OpeningsConfig{File: book}},
		Adjudication: spec.Adjudication{MaxMoves: 25},
		Outputs:      spec.Outputs{LogFile: logPath, PGNOut: pgnPath},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 8 {
		t.Fatalf("%d games, want 8", len(games))
	}
	castles := 0
	for _, g := range games {
		if strings.Contains(g.ending, "illegal") || strings.Contains(g.ending, "rejects") {
			t.Errorf("game %s: %s", g.tags["Round"], g.ending)
		}
		castles += strings.Count(g.moves, "O-O")
	}
	if castles < 4 {
		t.Errorf("only %d castlings in 8 games: the test proves little", castles)
	}
	checkPGNExtract(t, pgnPath, 8)
	// What each engine was told: king-takes-rook to sf960 only. A position
	// command starts from a FEN (the opening's, or the position after the
	// last capture or pawn move); where that FEN still lets a side castle,
	// its king stands on e1 (e8) in these openings, so the first move from
	// e1 (e8) is the king's.
	log, _ := os.ReadFile(logPath)
	sawRook := false
	for _, line := range strings.Split(string(log), "\n") {
		head, moves, ok := strings.Cut(line, " moves ")
		if !ok || !strings.Contains(line, " > position ") {
			continue
		}
		castling := ""
		if _, fen, ok := strings.Cut(head, " > position fen "); ok {
			if f := strings.Fields(fen); len(f) > 2 {
				castling = f[2]
			}
		}
		for _, from := range []string{"e1", "e8"} {
			if from == "e1" && !strings.ContainsAny(castling, "KQ") || from == "e8" && !strings.ContainsAny(castling, "kq") {
				continue
			}
			castle := firstMoveFrom(moves, from)
			rank := from[1:]
			kingStep := castle == from+"g"+rank || castle == from+"c"+rank
			takesRook := castle == from+"h"+rank || castle == from+"a"+rank
			switch {
			case strings.Contains(line, " sf960(") && kingStep:
				t.Fatalf("sf960 told the king's step %s: %s", castle, line)
			case strings.Contains(line, " sf(") && takesRook:
				t.Fatalf("sf told king-takes-rook %s: %s", castle, line)
			}
			sawRook = sawRook || (takesRook && strings.Contains(line, " sf960("))
		}
	}
	if !sawRook {
		t.Error("no castling was ever forwarded to sf960")
	}
}

// firstMoveFrom is the first move in a UCI move list that starts on square from.
func firstMoveFrom(moves, from string) string {
	for _, m := range strings.Fields(moves) {
		if strings.HasPrefix(m, from) {
			return m
		}
	}
	return ""
}

// An XBoard engine that moves while its opponent is to move loses for it.
func TestFaultMatrixXBoardMoveOutOfTurn(t *testing.T) {
	needEngine(t, fairymaxPath)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+misengine(t)+" name=mis proto=xboard arg=-xboard arg=-mode=outofturn arg=-at=3 tc=5+0.05"),
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=5+0.05"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 40},
	})
	wantEndings(t, run, []ending3{
		{"loss", "rules infraction", "mis moves out of turn"},
		{"loss", "rules infraction", "mis moves out of turn"},
	})
}
