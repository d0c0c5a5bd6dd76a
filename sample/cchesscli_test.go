package sample

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// format=csv is c-chess-cli's -sample CSV byte for byte. testdata holds a
// real c-chess-cli run (built from lucasart/c-chess-cli de8a371):
//
//	c-chess-cli -each cmd=stockfish option.Hash=8 option.Threads=1
//	  -engine name=strong nodes=20000 -engine name=weak nodes=200 -games 4
//	  -concurrency 2 -openings file=open.epd order=sequential -repeat
//	  -pgn cchesscli.pgn 2 -sample freq=1 file=cchesscli.csv format=csv
//
// with a standard opening, Black to move, and a Chess960 one: four games
// ending in mate, so mating and mated scores, results of both sides and
// Shredder-FEN castling are in it. Its games, read back from its PGN
// (scores in the comments), give the samples it wrote.
func TestCSVIsCChessCLIs(t *testing.T) {
	pgnText, err := os.ReadFile("testdata/cchesscli.pgn")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/cchesscli.csv")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &spec.SampleConfig{Freq: 1, Format: spec.SampleCSV}
	games := strings.Split(string(pgnText), "[Round ")[1:]
	if len(games) != 4 {
		t.Fatalf("%d games in c-chess-cli's PGN", len(games))
	}
	// c-chess-cli wrote its samples and its PGN in different game orders:
	// each game's lines are one block of its file, the blocks all of it.
	// Its halfmove clock restarts at castling (it moves the king onto its
	// own rook, which its clock counts as a capture); ours does not, so
	// the clocks are compared apart: equal, or ours higher after castling.
	wantText, clocksAfterCastling := withoutClocks(string(want)), 0
	var ours []string
	for i, text := range games {
		rec := cchessCLIGame(t, i+1, text)
		lines, err := Lines(rec, cfg, 1)
		if err != nil {
			t.Fatal(err)
		}
		ours = append(ours, strings.Split(strings.TrimSuffix(string(lines), "\n"), "\n")...)
		if block := withoutClocks(string(lines)); !strings.Contains("\n"+wantText, "\n"+block) {
			for _, l := range strings.SplitAfter(block, "\n") {
				if !strings.Contains("\n"+wantText, "\n"+l) {
					t.Errorf("game %d (from %s, %s): c-chess-cli wrote no sample %s", i+1, rec.StartFEN, rec.Outcome, l)
					break
				}
			}
		}
	}
	theirs := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	if len(ours) != len(theirs) {
		t.Fatalf("%d samples, c-chess-cli wrote %d", len(ours), len(theirs))
	}
	clockOf := map[string]int{}
	for _, l := range theirs {
		f := strings.Fields(l)
		clockOf[withoutClocks(l)], _ = strconv.Atoi(f[4])
	}
	for _, l := range ours {
		f := strings.Fields(l)
		clock, _ := strconv.Atoi(f[4])
		switch c := clockOf[withoutClocks(l)]; {
		case c == clock:
		case c < clock: // reset by castling, only in c-chess-cli's clock
			clocksAfterCastling++
		default:
			t.Errorf("%s: c-chess-cli's halfmove clock was %d", l, c)
		}
	}
	if clocksAfterCastling == 0 {
		t.Errorf("no clock after castling: the games no longer test it")
	}
	wantLines := strings.Split(string(want), "\n")
	// Read back: the results as −1/0/1, the mates as autoplay counts them.
	for _, line := range wantLines[:len(wantLines)-1] {
		s, err := Parse(line, spec.SampleCSV)
		if err != nil {
			t.Fatal(err)
		}
		var back []byte
		if back = appendCChessCLI(nil, &s); string(back) != line+"\n" {
			t.Fatalf("%s read back as %+v, written again as %s", line, s, back)
		}
	}
}

// withoutClocks blanks the halfmove clock of each line's FEN.
func withoutClocks(text string) string {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if f := strings.SplitN(l, " ", 6); len(f) == 6 {
			f[4] = "_"
			lines[i] = strings.Join(f, " ")
		}
	}
	return strings.Join(lines, "")
}

// cchessCLIGame reads one game of c-chess-cli's PGN (verbosity 2: a
// {score/depth} comment a move, M3 and -M2 for mates) as a record.
func cchessCLIGame(t *testing.T, n int, text string) *record.GameRecord {
	t.Helper()
	tag := func(name string) string {
		_, v, _ := strings.Cut(text, "["+name+" \"")
		v, _, _ = strings.Cut(v, "\"]")
		return v
	}
	rec := &record.GameRecord{Number: n, StartFEN: tag("FEN")}
	rec.Outcome, _ = record.ParseOutcome(tag("Result"))
	if tag("Variant") == "Chess960" {
		rec.Variant = spec.Chess960
	}
	pos, err := chess.StartPosition(rec.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	pos.SetChess960(rec.Variant == spec.Chess960)
	_, moves, _ := strings.Cut(text, "\n\n")
	fields := strings.Fields(moves)
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if strings.HasSuffix(f, ".") || f == tag("Result") {
			continue
		}
		m, err := pos.ParseSAN(strings.TrimRight(f, "+#"))
		if err != nil {
			t.Fatalf("game %d: %s: %v", n, f, err)
		}
		comment := strings.Trim(fields[i+1], "{}")
		i++
		value, _, _ := strings.Cut(comment, "/")
		score := protocol.Score{Kind: protocol.ScoreCP}
		if mate, ok := strings.CutPrefix(strings.TrimPrefix(value, "-"), "M"); ok {
			score.Kind = protocol.ScoreMate
			value = mate
			if strings.HasPrefix(comment, "-") {
				value = "-" + mate
			}
		}
		if score.Value, err = strconv.Atoi(value); err != nil {
			t.Fatalf("game %d: comment %q", n, comment)
		}
		pm, _ := protocol.ParseMove(m.AppendUCI(nil, pos.Chess960()))
		rec.Plies = append(rec.Plies, record.Ply{Move: pm, Info: record.MoveInfo{Score: score}})
		pos.MakeMove(m)
	}
	return rec
}
