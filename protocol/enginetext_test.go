package protocol

import (
	"testing"
	"unicode/utf8"
)

// Engine text is shown with its controls, invalid bytes and reordering
// marks as visible escapes, and the rest as it was.
func TestEscapeMakesEngineTextVisible(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Stockfish 17", "Stockfish 17"},
		{"Évian ♞ 2.0", "Évian ♞ 2.0"},
		{`C:\engines\sf.exe`, `C:\engines\sf.exe`},
		{"evil\x1b[31mred\x1b[0m", `evil\x1b[31mred\x1b[0m`},
		{"a\tb\r\nc\x00\x7f", `a\x09b\x0d\x0ac\x00\x7f`},
		{"bad \xff\xfe utf8 \xc3", `bad \xff\xfe utf8 \xc3`},
		{"csi \u009b2J", `csi \u009b2J`},
		{"abc\u202edcba", `abc\u202edcba`},
		{"line\u2028sep", `line\u2028sep`},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := string(AppendEscaped([]byte("x"), []byte(c.in))); got != "x"+c.want {
			t.Errorf("AppendEscaped(%q) = %q, want %q", c.in, got, "x"+c.want)
		}
		if again := Escape(c.want); again != c.want {
			t.Errorf("escaping %q twice gives %q", c.in, again)
		}
	}
}

// Any byte string escapes to printable text: no byte below space, no DEL,
// valid UTF-8.
func FuzzEscapeIsPrintable(f *testing.F) {
	f.Add([]byte("id name evil\x1b]0;title\x07"))
	f.Add([]byte{0xc2, 0x9b, 0xe2, 0x80, 0xae, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		out := Escape(string(b))
		for i := 0; i < len(out); i++ {
			if out[i] < ' ' || out[i] == 0x7f {
				t.Fatalf("Escape(%q) = %q holds byte %#x", b, out, out[i])
			}
		}
		if !utf8.ValidString(out) {
			t.Fatalf("Escape(%q) = %q is not valid UTF-8", b, out)
		}
	})
}

func TestEscapeOfCleanTextDoesNotAllocate(t *testing.T) {
	s := "info depth 20 score cp 31 pv e2e4 e7e5 — ok"
	if n := testing.AllocsPerRun(100, func() { _ = Escape(s) }); n != 0 {
		t.Errorf("Escape of clean text: %v allocations", n)
	}
	dst := make([]byte, 0, 128)
	if n := testing.AllocsPerRun(100, func() { dst = AppendEscaped(dst[:0], []byte("bestmove e2\x1be4")) }); n != 0 {
		t.Errorf("AppendEscaped into room: %v allocations", n)
	}
}
