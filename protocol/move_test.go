package protocol

import "testing"

func TestParseMoveChecksShapeOnly(t *testing.T) {
	tests := []struct {
		tok  string
		ok   bool
		null bool
	}{
		{"e2e4", true, false},
		{"e7e8q", true, false},
		{"a7a8n", true, false},
		{"e1h1", true, false}, // Chess960 castling as king takes rook
		{"a1a1", true, false}, // shape only: GNU Chess sends this when mated
		{"0000", true, true},
		{"", false, false},
		{"e2e", false, false},
		{"e2e9", false, false},
		{"i2e4", false, false},
		{"e7e8k", true, false}, // antichess's promotion to king: only a variant's board finds it legal
		{"e7e8K", false, false},
		{"P@e4", true, false}, // crazyhouse's drops
		{"n@f3", true, false},
		{"K@e4", false, false},
		{"P@e9", false, false},
		{"P@e45", false, false},
		{"@e4", false, false},
		{"e7e8Q", false, false},
		{"e2e4e5", false, false},
		{"(none)", false, false},
		{"Nf3", false, false},
	}
	for _, tt := range tests {
		m, ok := ParseMove([]byte(tt.tok))
		if ok != tt.ok {
			t.Errorf("ParseMove(%q) ok = %v, want %v", tt.tok, ok, tt.ok)
			continue
		}
		if !ok {
			if !m.IsZero() {
				t.Errorf("ParseMove(%q) failed but gave %q", tt.tok, m)
			}
			continue
		}
		if m.String() != tt.tok || string(m.AppendTo(nil)) != tt.tok || string(m.Bytes()) != tt.tok {
			t.Errorf("ParseMove(%q) reads back as %q", tt.tok, m)
		}
		if m.IsNull() != tt.null || m.IsZero() {
			t.Errorf("ParseMove(%q): null %v zero %v", tt.tok, m.IsNull(), m.IsZero())
		}
	}
}

func TestMoveSquaresAndPromotion(t *testing.T) {
	m := MustParseMove("b7a8q")
	if f, r := m.From(); f != 1 || r != 6 {
		t.Errorf("From = %d,%d, want 1,6", f, r)
	}
	if f, r := m.To(); f != 0 || r != 7 {
		t.Errorf("To = %d,%d, want 0,7", f, r)
	}
	if m.Promotion() != 'q' || MustParseMove("e2e4").Promotion() != 0 {
		t.Error("promotion letter wrong")
	}
}

func TestMovesCompareByValue(t *testing.T) {
	a, b, c := MustParseMove("e2e4"), MustParseMove("e2e4"), MustParseMove("e2e3")
	if a != b || a == c {
		t.Error("moves with the same text must be ==, others not")
	}
}

func TestParseMoveDoesNotAllocate(t *testing.T) {
	tok := []byte("e7e8q")
	var dst [16]byte
	allocs := testing.AllocsPerRun(100, func() {
		m, _ := ParseMove(tok)
		_ = m.AppendTo(dst[:0])
	})
	if allocs != 0 {
		t.Errorf("%v allocations, want 0", allocs)
	}
}
