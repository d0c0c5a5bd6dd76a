package engine

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

const stockfishPath = "/usr/games/stockfish"

// stockfishPerft asks Debian's stockfish, in Chess960 mode, for perft
// counts: the independent oracle for castling in every array.
type stockfishPerft struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startStockfishPerft(t *testing.T) *stockfishPerft {
	t.Helper()
	if _, err := os.Stat(stockfishPath); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must install stockfish")
		}
		t.Skip("stockfish not installed")
	}
	cmd := exec.Command(stockfishPath)
	in, _ := cmd.StdinPipe()
	outPipe, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &stockfishPerft{cmd: cmd, in: in, out: bufio.NewScanner(outPipe)}
	t.Cleanup(func() {
		io.WriteString(in, "quit\n")
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	io.WriteString(in, "uci\nsetoption name UCI_Chess960 value true\nsetoption name Threads value 1\nisready\n")
	for s.out.Scan() && s.out.Text() != "readyok" {
	}
	return s
}

func (s *stockfishPerft) perft(t *testing.T, fen string, depth int) uint64 {
	t.Helper()
	fmt.Fprintf(s.in, "position fen %s\ngo perft %d\n", fen, depth)
	for s.out.Scan() {
		if rest, ok := strings.CutPrefix(s.out.Text(), "Nodes searched: "); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(rest), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("stockfish gave no perft for %s", fen)
	return 0
}

// Chess960 move generation agrees with stockfish's perft on the 51
// positions of testdata/frc_perft.epd (from the 3moves_FRC book) and on
// Double Chess960 start positions, to depth 5 (depth 3 under the race
// detector or -short, which slow the count, not the rules).
func TestChess960PerftAgreesWithStockfish(t *testing.T) {
	sf := startStockfishPerft(t)
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
		got, want := p.Perft(depth), sf.perft(t, fen, depth)
		if got != want {
			t.Errorf("%s: perft %d = %d, stockfish %d", fen, depth, got, want)
		}
	}
	t.Logf("%d Chess960 positions agree with stockfish to depth %d", len(fens), depth)
}
