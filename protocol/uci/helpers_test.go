package uci

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

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// sameMessage compares messages treating an empty PV like a missing one: a
// reused message keeps its PV's capacity.
func sameMessage(a, b EngineMessage) bool {
	if len(a.Info.PV) == 0 {
		a.Info.PV = nil
	}
	if len(b.Info.PV) == 0 {
		b.Info.PV = nil
	}
	return reflect.DeepEqual(a, b)
}
