package engine

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/autoplay/autoplay/engine/chess"
)

// engineSession runs the engine over pipes for a test, in either protocol.
type engineSession struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func startUCI(t *testing.T) *engineSession { return startSession(t, UCI{}) }

// startSession runs the engine over pipes in proto for a test; it must
// exit once its input closes.
func startSession(t *testing.T, proto Protocol) *engineSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &engineSession{t: t, in: inW, lines: make(chan string, 4096), done: make(chan error, 1)}
	go func() {
		err := Run(inR, outW, proto)
		outW.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			t.Error("engine did not exit")
		}
	})
	return s
}

func (s *engineSession) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatalf("write %q: %v", l, err)
		}
	}
}

// expect reads lines until one starts with prefix, returning it and the
// lines skipped.
func (s *engineSession) expect(prefix string, within time.Duration) (string, []string) {
	s.t.Helper()
	var skipped []string
	timeout := time.After(within)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("output ended waiting for %q; got %q", prefix, skipped)
			}
			if strings.HasPrefix(l, prefix) {
				return l, skipped
			}
			skipped = append(skipped, l)
		case <-timeout:
			s.t.Fatalf("no %q within %v; got %q", prefix, within, skipped)
		}
	}
}

// firstSearch bounds the answer to a go sent without isready: its search
// first makes the 16 MB hash table (over 1 s under -race at load 20, in a
// test binary whose heap must clear it).
const firstSearch = 10 * time.Second

func TestUCIHandshakeListsOptionsThenUCIOK(t *testing.T) {
	before := goleak.IgnoreCurrent()
	s := startUCI(t)
	s.send("uci")
	_, lines := s.expect("uciok", 2*time.Second)
	joined := strings.Join(lines, "\n")
	for _, want := range []string{"id name autoplay", "id author", "option name Hash type spin", "option name Move Overhead type spin"} {
		if !strings.Contains(joined, want) {
			t.Errorf("handshake lacks %q:\n%s", want, joined)
		}
	}
	// isready makes and writes the 16 MB hash table: 0.03-1.3 s under
	// -race at load 20 (4,096 page faults); the test proves the dialogue.
	s.send("isready")
	s.expect("readyok", 10*time.Second)
	s.send("quit")
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
	s.done <- nil
	s.in.Close() // the reader goroutine ends with its input
	goleak.VerifyNone(t, before, goleak.IgnoreTopFunction("github.com/autoplay/autoplay/engine.startUCI.func2"))
}

func TestUCIAnswersIsReadyWhileSearching(t *testing.T) {
	s := startUCI(t)
	s.send("position startpos", "go infinite")
	time.Sleep(50 * time.Millisecond)
	s.send("isready")
	_, skipped := s.expect("readyok", 500*time.Millisecond)
	for _, l := range skipped {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("bestmove %q before stop in go infinite", l)
		}
	}
	s.send("stop")
	s.expect("bestmove", firstSearch)
	s.send("quit")
}

func TestUCIGoStopCyclesGiveOneFreshBestmovePerGo(t *testing.T) {
	// Two positions with no legal move in common: a bestmove answering the
	// wrong go would be illegal in the position it is checked against.
	positions := []struct{ cmd, fen string }{
		{"position startpos moves e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
	}
	cycles := 300
	if testing.Short() {
		cycles = 60
	}
	s := startUCI(t)
	var order []int
	for i := 0; i < cycles; i++ {
		pi := i % 2
		order = append(order, pi)
		s.send(positions[pi].cmd)
		switch i % 5 {
		case 0:
			s.send("go infinite", "stop")
		case 1:
			s.send("go depth 2")
		case 2:
			s.send("go movetime 5", "isready")
		case 3:
			s.send("go wtime 30 btime 30 winc 1 binc 1", "stop", "stop")
		case 4:
			s.send("stop", "go nodes 500", "isready", "stop")
		}
	}
	s.send("isready")
	for i, pi := range order {
		l, _ := s.expect("bestmove", 5*time.Second)
		f := strings.Fields(l)
		p, err := chess.ParseFEN(positions[pi].fen)
		if err != nil {
			t.Fatal(err)
		}
		if len(f) < 2 {
			t.Fatalf("go %d: bad line %q", i, l)
		}
		if _, ok := p.ParseUCI(f[1]); !ok {
			t.Fatalf("go %d: bestmove %s is not legal in %s: stale or wrong", i, f[1], positions[pi].fen)
		}
	}
	_, extra := s.expect("readyok", 5*time.Second)
	for _, l := range extra {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("extra bestmove %q: more than one per go", l)
		}
	}
	s.send("quit")
}

func TestUCIQuitMidSearchEndsTheEngine(t *testing.T) {
	s := startUCI(t)
	s.send("position startpos", "go infinite")
	time.Sleep(20 * time.Millisecond)
	s.send("quit")
	select {
	case err := <-s.done:
		if err != nil {
			t.Fatal(err)
		}
		s.done <- nil
	case <-time.After(2 * time.Second):
		t.Fatal("engine still running 2s after quit")
	}
}

func TestUCIEndOfInputEndsTheEngine(t *testing.T) {
	s := startUCI(t)
	s.send("position startpos", "go depth 3")
	s.expect("bestmove", firstSearch)
	s.in.Close()
	select {
	case <-s.done:
		s.done <- nil
	case <-time.After(2 * time.Second):
		t.Fatal("engine still running 2s after end of input")
	}
}

func TestUCIPonderWaitsForPonderHit(t *testing.T) {
	s := startUCI(t)
	s.send("position startpos", "go ponder wtime 100 btime 100")
	time.Sleep(300 * time.Millisecond) // longer than the whole clock
	s.send("isready")
	_, skipped := s.expect("readyok", time.Second)
	for _, l := range skipped {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("bestmove %q while pondering", l)
		}
	}
	s.send("ponderhit")
	s.expect("bestmove", firstSearch)
	s.send("quit")
}

func TestUCIReportsBadInputAsInfoString(t *testing.T) {
	s := startUCI(t)
	s.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1")
	l, _ := s.expect("info string", time.Second)
	if !strings.Contains(l, "kings") {
		t.Errorf("error %q does not say what was wrong", l)
	}
	s.send("position startpos moves e2e5")
	l, _ = s.expect("info string", time.Second)
	if !strings.Contains(l, "e2e5") {
		t.Errorf("error %q does not name the move", l)
	}
	s.send("quit")
}

func TestUCIChess960CastlingIsKingTakesRook(t *testing.T) {
	s := startUCI(t)
	// Only castling (or a king move) is sensible; force it with searchmoves.
	s.send("setoption name UCI_Chess960 value true",
		"position fen 4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1",
		"go depth 1 searchmoves e1h1")
	l, _ := s.expect("bestmove", firstSearch)
	if f := strings.Fields(l); f[1] != "e1h1" {
		t.Errorf("got %q, want bestmove e1h1", l)
	}
	s.send("setoption name UCI_Chess960 value false", "position fen 4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1", "go depth 1 searchmoves e1g1")
	l, _ = s.expect("bestmove", 2*time.Second)
	if f := strings.Fields(l); f[1] != "e1g1" {
		t.Errorf("got %q, want bestmove e1g1", l)
	}
	s.send("quit")
}

func TestUCIQuitRightAfterGoGivesOneBestmoveAndExits(t *testing.T) {
	runs := 50
	if testing.Short() {
		runs = 10
	}
	for i := 0; i < runs; i++ {
		s := startUCI(t)
		s.send("position startpos", "go infinite", "isready", "quit")
		select {
		case err := <-s.done:
			if err != nil {
				t.Fatal(err)
			}
			s.done <- nil
		case <-time.After(2 * time.Second):
			t.Fatalf("run %d: engine still running after quit", i)
		}
		n := 0
		for l := range s.lines {
			if strings.HasPrefix(l, "bestmove") {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("run %d: %d bestmoves for one go", i, n)
		}
	}
}
