package xboard

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// realLine returns line n (1-based) of a capture of real engine output in
// testdata, so table tests quote engines rather than our idea of them.
func realLine(t testing.TB, file string, n int) []byte {
	t.Helper()
	lines := realLines(t, file)
	if n < 1 || n > len(lines) {
		t.Fatalf("%s has %d lines, no line %d", file, len(lines), n)
	}
	return lines[n-1]
}

func realLines(t testing.TB, file string) [][]byte {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines [][]byte
	s := bufio.NewScanner(f)
	for s.Scan() {
		lines = append(lines, append([]byte(nil), s.Bytes()...))
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func moves(ss ...string) []protocol.Move {
	ms := make([]protocol.Move, len(ss))
	for i, s := range ss {
		ms[i] = protocol.MustParseMove(s)
	}
	return ms
}

func cs(n int) time.Duration { return time.Duration(n) * 10 * time.Millisecond }

func cp(v int) protocol.Score   { return protocol.Score{Kind: protocol.ScoreCP, Value: v} }
func mate(v int) protocol.Score { return protocol.Score{Kind: protocol.ScoreMate, Value: v} }

// sameMessage compares messages treating empty slices like missing ones: a
// reused message keeps their capacity.
func sameMessage(a, b EngineMessage) bool {
	for _, m := range []*EngineMessage{&a, &b} {
		if len(m.Info.PV) == 0 {
			m.Info.PV = nil
		}
		if len(m.Features) == 0 {
			m.Features = nil
		}
		if len(m.PVText) == 0 {
			m.PVText = nil
		}
	}
	return reflect.DeepEqual(a, b)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
