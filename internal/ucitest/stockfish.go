// Package ucitest drives Debian's stockfish from tests, as an independent
// oracle: perft counts, tablebase verdicts, replaying games.
package ucitest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// StockfishPath is where Debian installs stockfish.
const StockfishPath = "/usr/games/stockfish"

// Session is one stockfish process speaking UCI to a test.
type Session struct {
	in  io.Writer
	out *bufio.Scanner
}

// Stockfish starts stockfish, sends uci, sets the options ("Name=Value"),
// and waits until it is ready; it is quit when the test ends. Without
// stockfish the test is skipped, except under CI, where it fails.
func Stockfish(t testing.TB, options ...string) *Session {
	t.Helper()
	return start(t, StockfishPath, "stockfish", options)
}

// FairyStockfishPath is where Debian installs Fairy-Stockfish.
const FairyStockfishPath = "/usr/games/fairy-stockfish"

// FairyStockfish is Stockfish for Fairy-Stockfish, the oracle of the
// chess variants (set UCI_Variant among the options);
// AUTOPLAY_FAIRY_STOCKFISH names another build than Debian's.
func FairyStockfish(t testing.TB, options ...string) *Session {
	t.Helper()
	path := FairyStockfishPath
	if p := os.Getenv("AUTOPLAY_FAIRY_STOCKFISH"); p != "" {
		path = p
	}
	return start(t, path, "fairy-stockfish", options)
}

// Variants lists the variants Fairy-Stockfish declares in its
// UCI_Variant option (Debian's 11.1, for one, has no atomic).
func (s *Session) Variants() []string {
	var names []string
	s.Send("uci")
	s.Until("uciok", func(line string) {
		if strings.HasPrefix(line, "option name UCI_Variant ") {
			f := strings.Fields(line)
			for i := 0; i+1 < len(f); i++ {
				if f[i] == "var" {
					names = append(names, f[i+1])
				}
			}
		}
	})
	return names
}

func start(t testing.TB, path, name string, options []string) *Session {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install %s", name)
		}
		t.Skipf("%s not installed", name)
	}
	cmd := exec.Command(path)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		io.WriteString(in, "quit\n")
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	s := &Session{in: in, out: bufio.NewScanner(out)}
	s.Send("uci")
	for _, o := range options {
		name, value, _ := strings.Cut(o, "=")
		s.Send("setoption name %s value %s", name, value)
	}
	s.Send("isready")
	if _, ok := s.Until("readyok"); !ok {
		t.Fatalf("%s did not get ready", name)
	}
	return s
}

// Send writes one command line.
func (s *Session) Send(format string, args ...any) {
	fmt.Fprintf(s.in, format+"\n", args...)
}

// Until reads lines up to the first that starts with prefix and returns
// it; every line read on the way is passed to each, if given.
func (s *Session) Until(prefix string, each ...func(line string)) (string, bool) {
	for s.out.Scan() {
		line := s.out.Text()
		if strings.HasPrefix(line, prefix) {
			return line, true
		}
		for _, f := range each {
			f(line)
		}
	}
	return "", false
}
