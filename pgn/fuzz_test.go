package pgn

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzEPDLine feeds any line to the EPD reader and the start-position
// check: an error or an opening, never a panic, and an accepted opening's
// FEN must check again as a start.
func FuzzEPDLine(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3; id \"x\";",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"8/8/8/8/8/8/8/K6k w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		fen, err := epdToFEN(line)
		if err != nil {
			return
		}
		if _, err := checkStart(fen); err != nil {
			return
		}
		if _, err := checkStart(fen); err != nil {
			t.Fatalf("%q accepted once, then refused: %v", fen, err)
		}
	})
}

// FuzzPGNOpening feeds any text to the PGN suite reader: an error naming a
// place or openings whose moves replay, never a panic or a hang.
func FuzzPGNOpening(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n",
		"[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1. d4 (1. e4 e5) d5 {c} 2. c4 ; x\n*\n",
		"1. e4 e5 2. O-O 1-0\n",
		"%escape\n[Event \"a\\\"b\"]\n1.e4!? e5?! 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(t.TempDir(), "f.pgn")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := OpenSuite(path, FormatPGN, 0)
		if err != nil {
			return
		}
		for i := range s.Len() {
			o, err := s.Opening(i)
			if err != nil {
				continue
			}
			if len(o.SAN) != len(o.Moves) {
				t.Fatalf("opening %d: %d SAN for %d moves", i, len(o.SAN), len(o.Moves))
			}
		}
	})
}
