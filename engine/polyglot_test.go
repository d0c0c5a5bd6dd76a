package engine

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// The worked examples of the Polyglot book format description.
func TestPolyglotKeysMatchThePublishedExamples(t *testing.T) {
	tests := []struct {
		moves []string
		key   uint64
	}{
		{nil, 0x463b96181691fc9c},
		{[]string{"e2e4"}, 0x823c9b50fd114196},
		{[]string{"e2e4", "d7d5"}, 0x0756b94461c50fb0},
		{[]string{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560},
	}
	for _, tc := range tests {
		p := chess.NewPosition()
		for _, u := range tc.moves {
			p.MakeMove(mustUCI(t, p, u))
		}
		if got := p.PolyglotKey(); got != tc.key {
			t.Errorf("after %v: key %016x, want %016x", tc.moves, got, tc.key)
		}
	}
}

func TestPolyglotBookGivesTheHeaviestMoveAndCastlesKingTakesRook(t *testing.T) {
	entry := func(p *chess.Position, from, to chess.Square, weight uint16) []byte {
		b := make([]byte, 16)
		binary.BigEndian.PutUint64(b, p.PolyglotKey())
		code := uint16(to.File()) | uint16(to.Rank())<<3 | uint16(from.File())<<6 | uint16(from.Rank())<<9
		binary.BigEndian.PutUint16(b[8:], code)
		binary.BigEndian.PutUint16(b[10:], weight)
		return b
	}
	start := chess.NewPosition()
	castle, _ := chess.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	var data []byte
	data = append(data, entry(castle, 4, 7, 1)...) // e1h1: O-O
	data = append(data, entry(start, 12, 28, 5)...)
	data = append(data, entry(start, 11, 27, 9)...) // d2d4, heavier
	path := t.TempDir() + "/book.bin"
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := LoadBookFile(path, 20)
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := b.Probe(start); !ok || m.UCI() != "d2d4" {
		t.Errorf("start: book move %v %v, want d2d4", m, ok)
	}
	if m, ok := b.Probe(castle); !ok || !m.IsCastle() || m.UCI() != "e1g1" {
		t.Errorf("castling position: book move %v %v, want O-O", m, ok)
	}
	if _, err := LoadBookFile(path[:len(path)-4]+".bad.bin", 20); err == nil {
		t.Error("missing book file loaded")
	}
	short := t.TempDir() + "/short.bin"
	os.WriteFile(short, data[:20], 0o644)
	if _, err := LoadBookFile(short, 20); err == nil {
		t.Error("truncated book accepted")
	}
}
