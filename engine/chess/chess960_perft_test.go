package chess

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/ucitest"
)

// stockfishPerft asks stockfish, in Chess960 mode, for a perft count: the
// independent oracle for castling in every array.
func stockfishPerft(t *testing.T, sf *ucitest.Session, fen string, depth int) uint64 {
	t.Helper()
	sf.Send("position fen %s", fen)
	sf.Send("go perft %d", depth)
	line, ok := sf.Until("Nodes searched: ")
	if !ok {
		t.Fatalf("stockfish gave no perft for %s", fen)
	}
	n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(line, "Nodes searched: ")), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Chess960 move generation agrees with stockfish's perft on the 51
// positions of testdata/frc_perft.epd (from the 3moves_FRC book) and on
// Double Chess960 start positions, to depth 5 (depth 3 under the race
// detector or -short, which slow the count, not the rules).
func TestChess960PerftAgreesWithStockfish(t *testing.T) {
	sf := ucitest.Stockfish(t, "UCI_Chess960=true", "Threads=1")
	depth := 5
	if raceEnabled || testing.Short() {
		depth = 3
	}
	b, err := os.ReadFile("testdata/frc_perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	var fens []string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(line)
		fens = append(fens, strings.Join(f[:4], " ")+" 0 1")
	}
	for _, pair := range [][2]int{{0, 959}, {518, 0}, {100, 700}, {959, 518}, {333, 444}} {
		fens = append(fens, Chess960FEN(pair[0], pair[1]))
	}
	if len(fens) < 50 {
		t.Fatalf("only %d positions", len(fens))
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		got, want := p.Perft(depth), stockfishPerft(t, sf, fen, depth)
		if got != want {
			t.Errorf("%s: perft %d = %d, stockfish %d", fen, depth, got, want)
		}
	}
	t.Logf("%d Chess960 positions agree with stockfish to depth %d", len(fens), depth)
}
