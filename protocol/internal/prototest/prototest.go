// Package prototest holds the helpers the UCI and XBoard parser tests share:
// reading captures of real engine output from testdata, and building moves.
package prototest

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

// RealLine returns line n (1-based) of a capture of real engine output in
// testdata, so table tests quote engines rather than our idea of them.
func RealLine(t testing.TB, file string, n int) []byte {
	t.Helper()
	lines := RealLines(t, file)
	if n < 1 || n > len(lines) {
		t.Fatalf("%s has %d lines, no line %d", file, len(lines), n)
	}
	return lines[n-1]
}

// RealLines returns every line of a capture in testdata.
func RealLines(t testing.TB, file string) [][]byte {
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

// Moves parses coordinate moves, panicking on a bad one.
func Moves(ss ...string) []protocol.Move {
	ms := make([]protocol.Move, len(ss))
	for i, s := range ss {
		ms[i] = protocol.MustParseMove(s)
	}
	return ms
}
